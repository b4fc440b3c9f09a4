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
}
