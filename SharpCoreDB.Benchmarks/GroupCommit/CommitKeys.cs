namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>Which keys the committing threads of <see cref="WalCommitBenchmarks"/> insert, and so which pages a group of commits writes.</summary>
public enum CommitKeys
{
    /// <summary>
    /// Each thread inserts its own ascending keys (thread number, counter): the threads' rows live in different
    /// leaves, so a group of N commits from N threads writes N different pages (like random keys such as GUIDs).
    /// </summary>
    PerThread,

    /// <summary>
    /// All threads share one ascending key sequence, taken in commit order (like an <c>INTEGER PRIMARY KEY</c> or an
    /// identity column): consecutive commits write the same last leaf, so a group writes a page or two.
    /// </summary>
    Shared,
}
