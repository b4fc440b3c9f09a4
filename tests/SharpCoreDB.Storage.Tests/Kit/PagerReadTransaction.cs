using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Kit;

/// <summary>
/// A read transaction of the <see cref="PagerStore"/>: reads committed pages through the page cache.
/// Its view is a snapshot because the store lets no commit write back while read transactions are open.
/// </summary>
internal sealed class PagerReadTransaction : SnapshotTransaction
{
    private readonly PagerStore _store;

    /// <summary>Creates a read transaction; the store has already counted it as active.</summary>
    /// <param name="store">The store.</param>
    /// <param name="pageCount">The committed page count it sees.</param>
    public PagerReadTransaction(PagerStore store, uint pageCount)
        : base(pageCount)
    {
        _store = store;
    }

    /// <inheritdoc />
    public override int PageSize => _store.PageSize;

    /// <inheritdoc />
    public override int UsableSize => _store.UsableSize;

    /// <inheritdoc />
    public override string SourceName => _store.Name;

    /// <inheritdoc />
    protected override PageLease ReadCommitted(uint pageNumber) => _store.ReadCommitted(pageNumber);

    /// <inheritdoc />
    protected override void CheckPageNumber(uint pageNumber, uint pageCount) => _store.CheckPageNumber(pageNumber, pageCount);

    /// <inheritdoc />
    protected override void End() => _store.EndRead();
}
