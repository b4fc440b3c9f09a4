namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// What every store's read transaction shares: it reads committed pages as of its snapshot, checks page numbers
/// against the page count it sees, refuses every change, and ends once. A store supplies where a page's
/// committed version comes from and what ending gives back.
/// </summary>
internal abstract class SnapshotTransaction : StoreTransaction, IReadTransaction, ITransactionPageAccess
{
    private bool _disposed;

    /// <summary>Creates the snapshot; the store has already registered it.</summary>
    /// <param name="pageCount">The committed page count it sees.</param>
    protected SnapshotTransaction(uint pageCount) => PageCount = pageCount;

    /// <summary>The page count this snapshot sees.</summary>
    public uint PageCount { get; }

    /// <summary>True once the snapshot was disposed (it is ending or has ended).</summary>
    protected bool IsEnded => _disposed;

    /// <inheritdoc />
    public bool IsWritable => false;

    /// <summary>The error for a change attempted through a read transaction.</summary>
    public static SharpCoreDBException ReadOnly() =>
        StorageErrors.ReadOnlyTransaction();

    /// <inheritdoc />
    public PageLease Write(uint pageNumber) => throw ReadOnly();

    /// <inheritdoc />
    public PageLease Allocate() => throw ReadOnly();

    /// <inheritdoc />
    public void Free(uint pageNumber) => throw ReadOnly();

    /// <inheritdoc />
    public override PageLease ReadPage(uint pageNumber)
    {
        ObjectDisposedException.ThrowIf(IsEnded, this);
        CheckPageNumber(pageNumber, PageCount);
        return ReadCommitted(pageNumber);
    }

    /// <inheritdoc />
    PageLease ITransactionPageAccess.WritePage(uint pageNumber) => throw ReadOnly();

    /// <inheritdoc />
    PageLease ITransactionPageAccess.CreatePage(uint pageNumber) => throw ReadOnly();

    /// <summary>Ends the snapshot (once).</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        End();
    }
}
