namespace SharpCoreDB.Sql;

/// <summary>
/// Thrown by <see cref="StackGuard.EnsureRoom"/> when the current thread's stack is nearly used up. It never reaches
/// the caller of the library: <see cref="StackGuard.Run{T}"/> catches it and does the work again on a thread with a
/// large stack, or turns it into a <see cref="SharpCoreDBException"/> there.
/// </summary>
internal sealed class InsufficientStackException : Exception
{
    /// <summary>Creates the exception.</summary>
    public InsufficientStackException()
        : base("The thread's stack is nearly used up.")
    {
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">The message.</param>
    public InsufficientStackException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public InsufficientStackException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
