namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// A database's pages with transactions on top: the WAL store (snapshots, durability modes), or in tests the
/// test kit's pager store (write-back at commit). The SQL layer only talks to this.
/// </summary>
public interface IPageStore : IDisposable
{
    /// <summary>The physical page size in bytes.</summary>
    int PageSize { get; }

    /// <summary>The bytes of each page the B+tree may use.</summary>
    int UsableSize { get; }

    /// <summary>True when the store was opened read-only.</summary>
    bool IsReadOnly { get; }

    /// <summary>Starts a read transaction that sees every commit acknowledged before now.</summary>
    IReadTransaction BeginRead();

    /// <summary>Starts the single write transaction, waiting up to <paramref name="timeout"/> for the writer slot.</summary>
    /// <exception cref="SharpCoreDBException">Busy when the slot stays taken; ReadOnly on a read-only store.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled while waiting.</exception>
    IWriteTransaction BeginWrite(TimeSpan timeout, CancellationToken cancellationToken = default);

    /// <summary>Starts the single write transaction without blocking a thread while waiting for the slot.</summary>
    ValueTask<IWriteTransaction> BeginWriteAsync(TimeSpan timeout, CancellationToken cancellationToken = default);
}
