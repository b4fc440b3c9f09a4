namespace SharpCoreDB.Wal;

/// <summary>How a commit reaches the disk, chosen when a database is opened.</summary>
public enum DurabilityMode
{
    /// <summary>
    /// The committing thread appends its frames and syncs the log itself while holding the writer lock:
    /// one fdatasync per commit, the baseline.
    /// </summary>
    Legacy = 0,

    /// <summary>
    /// Group commit: the commit is queued, the writer lock is released at once, and a background worker
    /// writes and syncs everything queued with one write and one fdatasync. A commit returns only when it is
    /// durable, and other transactions see it only then.
    /// </summary>
    FullSync = 1,

    /// <summary>
    /// The commit returns once queued; the worker writes and syncs at least every flush interval and on close.
    /// After a crash the database holds a gap-free prefix of the commits: perhaps missing the last few, never corrupt.
    /// </summary>
    Async = 2,
}
