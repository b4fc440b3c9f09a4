using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// A read snapshot of a <see cref="WalPageStore"/>: every page as of the last commit acknowledged when it
/// began. It takes no lock while reading, so it never waits for the writer, and the writer never waits for it.
/// </summary>
internal sealed class WalReadTransaction : IReadTransaction, ITransactionPageAccess
{
    private readonly WalPageStore _store;
    private readonly int _slot;
    private readonly WalIndex? _index;
    private bool _disposed;

    /// <summary>Creates a snapshot the store has registered.</summary>
    /// <param name="store">The store.</param>
    /// <param name="slot">The registration to end on dispose.</param>
    /// <param name="sequence">The last transaction the snapshot sees.</param>
    /// <param name="pageCount">The page count as of that transaction.</param>
    /// <param name="index">The log index to read through, or null when the database file alone holds the snapshot.</param>
    public WalReadTransaction(WalPageStore store, int slot, ulong sequence, uint pageCount, WalIndex? index)
    {
        _store = store;
        _slot = slot;
        Sequence = sequence;
        PageCount = pageCount;
        _index = index;
    }

    /// <summary>The last transaction this snapshot sees.</summary>
    public ulong Sequence { get; }

    /// <summary>The page count this snapshot sees.</summary>
    public uint PageCount { get; }

    /// <inheritdoc />
    public int PageSize => _store.PageSize;

    /// <inheritdoc cref="IPageTransaction.UsableSize" />
    public int UsableSize => _store.UsableSize;

    /// <inheritdoc />
    public bool IsWritable => false;

    /// <inheritdoc />
    public string SourceName => _store.Name;

    /// <inheritdoc />
    public uint CatalogRoot
    {
        get
        {
            using PageLease header = ReadPage(0);
            return DatabaseHeader.GetCatalogRoot(header.Data);
        }

        set => throw WalPageStore.ReadOnlyTransaction();
    }

    /// <inheritdoc />
    public PageLease Read(uint pageNumber)
    {
        ArgumentOutOfRangeException.ThrowIfZero(pageNumber);
        return ReadPage(pageNumber);
    }

    /// <inheritdoc />
    public PageLease Write(uint pageNumber) => throw WalPageStore.ReadOnlyTransaction();

    /// <inheritdoc />
    public PageLease Allocate() => throw WalPageStore.ReadOnlyTransaction();

    /// <inheritdoc />
    public void Free(uint pageNumber) => throw WalPageStore.ReadOnlyTransaction();

    /// <inheritdoc />
    public PageLease ReadPage(uint pageNumber)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _store.CheckPageNumber(pageNumber, PageCount);
        return _store.ReadVersion(pageNumber, Sequence, _index);
    }

    /// <inheritdoc />
    PageLease ITransactionPageAccess.WritePage(uint pageNumber) => throw WalPageStore.ReadOnlyTransaction();

    /// <inheritdoc />
    PageLease ITransactionPageAccess.CreatePage(uint pageNumber) => throw WalPageStore.ReadOnlyTransaction();

    /// <summary>Ends the snapshot.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _store.EndRead(_slot);
    }
}
