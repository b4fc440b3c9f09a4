using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// What a store's read and write transactions share: the page geometry, the source name, the catalog root read from
/// page 0, page reads, and the three things a store supplies (committed pages, the page-number check, the end).
/// </summary>
internal abstract class StoreTransaction
{
    /// <inheritdoc cref="IPageTransaction.PageSize" />
    public abstract int PageSize { get; }

    /// <inheritdoc cref="IPageTransaction.UsableSize" />
    public abstract int UsableSize { get; }

    /// <inheritdoc cref="ITransactionPageAccess.SourceName" />
    public abstract string SourceName { get; }

    /// <inheritdoc cref="IPageTransaction.CatalogRoot" />
    public virtual uint CatalogRoot
    {
        get
        {
            using PageLease header = ReadPage(0);
            return DatabaseHeader.GetCatalogRoot(header.Data);
        }

        set => throw SnapshotTransaction.ReadOnly();
    }

    /// <inheritdoc cref="IPageTransaction.ChangeStamp" />
    public virtual long ChangeStamp => 0;

    /// <inheritdoc cref="IPageTransaction.Read" />
    public PageLease Read(uint pageNumber)
    {
        ArgumentOutOfRangeException.ThrowIfZero(pageNumber);
        return ReadPage(pageNumber);
    }

    /// <inheritdoc cref="IPageTransaction.ReadAhead" />
    /// <remarks>
    /// Here it does nothing: a write transaction's reads go through its own dirty pages and are mostly point reads,
    /// and a store reads ahead only where it overrides this (the write-ahead-log store's snapshots).
    /// </remarks>
    public virtual void ReadAhead(ReadOnlySpan<uint> pageNumbers, bool inBackground)
    {
    }

    /// <inheritdoc cref="ITransactionPageAccess.ReadPage" />
    public abstract PageLease ReadPage(uint pageNumber);

    /// <summary>The committed version of a page this transaction sees (and, for a writer, has not written).</summary>
    protected abstract PageLease ReadCommitted(uint pageNumber);

    /// <summary>Checks a page number against the page count this transaction sees (throws Corrupt past it, ObjectDisposed after close).</summary>
    protected abstract void CheckPageNumber(uint pageNumber, uint pageCount);

    /// <summary>Tells the store the transaction ended: frees its snapshot registration or the writer slot.</summary>
    protected abstract void End();
}
