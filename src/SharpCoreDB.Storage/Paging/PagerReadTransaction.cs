namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// A read transaction of the <see cref="PagerStore"/>: reads committed pages through the page cache.
/// Its view is a snapshot because the store lets no commit write back while read transactions are open.
/// </summary>
internal sealed class PagerReadTransaction : IReadTransaction, ITransactionPageAccess
{
    private readonly PagerStore _store;
    private readonly uint _pageCount;
    private bool _disposed;

    /// <summary>Creates a read transaction; the store has already counted it as active.</summary>
    /// <param name="store">The store.</param>
    /// <param name="pageCount">The committed page count it sees.</param>
    public PagerReadTransaction(PagerStore store, uint pageCount)
    {
        _store = store;
        _pageCount = pageCount;
    }

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
            return Format.DatabaseHeader.GetCatalogRoot(header.Data);
        }

        set => throw PagerStore.ReadOnlyTransaction();
    }

    /// <inheritdoc />
    public PageLease Read(uint pageNumber)
    {
        ArgumentOutOfRangeException.ThrowIfZero(pageNumber);
        return ReadPage(pageNumber);
    }

    /// <inheritdoc />
    public PageLease Write(uint pageNumber) => throw PagerStore.ReadOnlyTransaction();

    /// <inheritdoc />
    public PageLease Allocate() => throw PagerStore.ReadOnlyTransaction();

    /// <inheritdoc />
    public void Free(uint pageNumber) => throw PagerStore.ReadOnlyTransaction();

    /// <inheritdoc />
    public PageLease ReadPage(uint pageNumber)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _store.CheckPageNumber(pageNumber, _pageCount);
        return _store.ReadCommitted(pageNumber);
    }

    /// <inheritdoc />
    PageLease ITransactionPageAccess.WritePage(uint pageNumber) => throw PagerStore.ReadOnlyTransaction();

    /// <inheritdoc />
    PageLease ITransactionPageAccess.CreatePage(uint pageNumber) => throw PagerStore.ReadOnlyTransaction();

    /// <summary>Ends the snapshot.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _store.EndRead();
    }
}
