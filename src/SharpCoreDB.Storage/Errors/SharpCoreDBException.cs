using System.Data.Common;

namespace SharpCoreDB;

/// <summary>
/// The one exception type SharpCoreDB raises for anything a user or the environment got wrong:
/// bad SQL, constraint violations, wrong passwords, locked, corrupt or failing files.
/// </summary>
/// <remarks>
/// It lives in the storage assembly so every layer (storage, WAL, SQL, provider) raises the same type;
/// its namespace is the provider's, <c>SharpCoreDB</c>.
/// </remarks>
public sealed class SharpCoreDBException : DbException
{
    /// <summary>Creates an exception with a code and a message that says what and where.</summary>
    /// <param name="errorCode">The error code.</param>
    /// <param name="message">What happened, and where (file and page, or line and column).</param>
    /// <param name="innerException">The underlying exception, if any.</param>
    public SharpCoreDBException(SharpCoreDBErrorCode errorCode, string message, Exception? innerException = null)
        : base(message, innerException)
    {
        ErrorCode = errorCode;
    }

    /// <summary>The error code.</summary>
    public new SharpCoreDBErrorCode ErrorCode { get; }

    /// <summary>
    /// True when retrying the same operation later may succeed (the database was busy or locked).
    /// </summary>
    public override bool IsTransient =>
        ErrorCode is SharpCoreDBErrorCode.Busy or SharpCoreDBErrorCode.Locked or SharpCoreDBErrorCode.Timeout;

    /// <summary>The SQL line (1-based) of a syntax error, or 0.</summary>
    public int Line { get; init; }

    /// <summary>The SQL column (1-based) of a syntax error, or 0.</summary>
    public int Column { get; init; }

    /// <summary>RAISE(FAIL) in a trigger: the statement failed, but what it changed before stays.</summary>
    internal bool KeepsStatementChanges { get; init; }

    /// <summary>RAISE(ROLLBACK) in a trigger: the statement failed and the whole transaction rolls back.</summary>
    internal bool RollsBackTransaction { get; init; }
}
