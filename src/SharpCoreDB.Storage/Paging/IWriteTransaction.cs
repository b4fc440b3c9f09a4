namespace SharpCoreDB.Storage.Paging;

/// <summary>The single write transaction. Disposing without <see cref="Commit"/> rolls back.</summary>
public interface IWriteTransaction : IPageTransaction, IDisposable
{
    /// <summary>Makes the changes visible and, depending on the durability mode, durable before returning.</summary>
    void Commit();

    /// <summary>Like <see cref="Commit"/>, without blocking a thread while the log is flushed.</summary>
    ValueTask CommitAsync(CancellationToken cancellationToken = default);

    /// <summary>Discards every change of this transaction.</summary>
    void Rollback();

    /// <summary>
    /// Waits until every commit this transaction builds on is durable, so that what it read may be handed to the
    /// caller. A store whose next writer may build on commits still being synced (group commit) must not let a
    /// statement return rows a power cut could still take back; one whose commits are durable before the next
    /// writer starts returns at once.
    /// </summary>
    /// <exception cref="SharpCoreDBException">IoError or DatabaseFailed when the log failed before they were durable.</exception>
    void WaitUntilReadsDurable();

    /// <summary>Like <see cref="WaitUntilReadsDurable"/>, without blocking a thread.</summary>
    /// <returns>A task that completes when they are durable.</returns>
    ValueTask WaitUntilReadsDurableAsync();
}
