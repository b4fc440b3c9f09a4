namespace SharpCoreDB.Wal;

/// <summary>
/// Told of the log's events worth measuring, so the layer above can publish metrics without this layer knowing how.
/// Called on the thread that did the work (the group-commit worker, a checkpointer): keep it cheap and never throw.
/// </summary>
internal interface IWalEvents
{
    /// <summary>A group of commits was written to the log and synced.</summary>
    /// <param name="commits">The transactions the one write and sync made durable.</param>
    /// <param name="syncTicks">How long the write and the sync took, in <see cref="System.Diagnostics.Stopwatch"/> ticks.</param>
    void GroupSynced(int commits, long syncTicks);

    /// <summary>A checkpoint copied pages from the log into the database file and synced it.</summary>
    /// <param name="pages">The pages copied.</param>
    void Checkpointed(int pages);
}
