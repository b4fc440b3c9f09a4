namespace SharpCoreDB.Engine;

/// <summary>One call inside a <see cref="Session"/> (see <see cref="Session.Enter"/>); disposing ends it.</summary>
/// <param name="session">The session entered.</param>
internal readonly struct SessionUse(Session session) : IDisposable
{
    /// <summary>Ends the call.</summary>
    public void Dispose() => session.Exit();
}
