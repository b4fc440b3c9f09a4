namespace SharpCoreDB.Engine;

/// <content>
/// The session a connection's close hands back for the next open: a pooled open then takes a ready session instead of
/// allocating one (with its counters, settings and savepoint list) and registering its finalizer again.
/// </content>
internal sealed partial class Database
{
    // One idle session, the common case of connections opened one after another. A second connection returning while
    // the slot is full lets its session go; concurrent opens beyond the first allocate, as they did before.
    private Session? _idleSession;

    /// <summary>
    /// A session for a connection: the one the last close returned (already reset by <see cref="Session.ResetForReuse"/>)
    /// or a new one. Either way it is exactly what <see cref="CreateSession(DatabaseOptions)"/> would give.
    /// </summary>
    /// <param name="options">The connection's options (checked compatible by <see cref="Acquire(DatabaseOptions)"/>).</param>
    /// <returns>The session; give it back with <see cref="ReturnSession"/>.</returns>
    public Session RentSession(DatabaseOptions options)
    {
        Session? session = Interlocked.Exchange(ref _idleSession, null);
        if (session is null)
        {
            return CreateSession(options);
        }

        ObjectDisposedException.ThrowIf(_closed, this);
        session.Reuse(options);
        return session;
    }

    /// <summary>Keeps a session reset by <see cref="Session.ResetForReuse"/> for the next open, or ends it.</summary>
    /// <param name="session">The session, reset, with no caller inside it.</param>
    public void ReturnSession(Session session)
    {
        // A closed database never rents again; a full slot keeps the session already in it.
        if (Volatile.Read(ref _closed) || Interlocked.CompareExchange(ref _idleSession, session, null) is not null)
        {
            session.Dispose();
        }
    }

    // When the database closes: the idle session has nothing to roll back, but its finalizer need not run.
    private void DropIdleSession() => Interlocked.Exchange(ref _idleSession, null)?.Dispose();
}
