namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>One armed fault: which call it hits and what it does.</summary>
/// <param name="At">The 1-based number of the write or flush call it hits.</param>
/// <param name="Forever">Hit call <paramref name="At"/> and every later one, rather than only that one.</param>
/// <param name="TearKeepBytes">For a torn write, how many leading bytes reach the device; -1 for a plain failure.</param>
/// <param name="Silent">For a torn write, report success instead of throwing.</param>
internal sealed record InjectedFault(long At, bool Forever, int TearKeepBytes = -1, bool Silent = false)
{
    /// <summary>Whether the call numbered <paramref name="call"/> is hit.</summary>
    public bool Hits(long call) => Forever ? call >= At : call == At;
}
