using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>What a store's read and write transactions share: the page geometry, the source name, and the catalog root read from page 0.</summary>
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

    /// <inheritdoc cref="ITransactionPageAccess.ReadPage" />
    public abstract PageLease ReadPage(uint pageNumber);
}
