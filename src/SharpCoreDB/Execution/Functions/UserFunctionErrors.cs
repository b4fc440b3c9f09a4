namespace SharpCoreDB.Execution.Functions;

/// <summary>How an exception thrown by application code inside a registered function reaches the caller.</summary>
internal static class UserFunctionErrors
{
    /// <summary>
    /// The error to throw for <paramref name="exception"/>: SQLite reports a failing application function with the
    /// exception's message (SQLITE_ERROR, or the code of an SQLite exception), so the message stays the exception's
    /// own, the code is <see cref="SharpCoreDBErrorCode.FunctionError"/> (or the code of a
    /// <see cref="SharpCoreDBException"/> the code threw), and the exception itself is the inner exception.
    /// </summary>
    /// <param name="exception">What the application's code threw.</param>
    /// <returns>The exception to throw.</returns>
    public static SharpCoreDBException Wrap(Exception exception)
    {
        SharpCoreDBErrorCode code = exception is SharpCoreDBException own ? own.ErrorCode : SharpCoreDBErrorCode.FunctionError;
        return new SharpCoreDBException(code, exception.Message, exception);
    }
}
