using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// What every store's single write transaction shares: its changes live in a private
/// <see cref="TransactionPageSet"/> (copy on first write, page 0 included, so the free list and header fields
/// are transactional like any page), pages are checked against the page count as this transaction sees it,
/// and it ends once — committed, rolled back or failed. A store supplies where committed pages come from, how
/// a commit is made durable, and what ending gives back.
/// </summary>
internal abstract class DirtyPageTransaction : StoreTransaction, IWriteTransaction, ITransactionPageAccess, ICommittedPageSource
{
    private uint _pageCount;

    // Counts allocations and frees (see IPageTransaction.ShapeStamp).
    private long _shapeStamp;

    /// <summary>Creates the transaction; the store already holds the writer slot for it.</summary>
    /// <param name="pages">An empty dirty-page set.</param>
    /// <param name="pageCount">The committed page count when the transaction began.</param>
    protected DirtyPageTransaction(TransactionPageSet pages, uint pageCount)
    {
        Pages = pages;
        _pageCount = pageCount;
        CommittedPageCount = pageCount;
    }

    /// <summary>Where the transaction is in its life.</summary>
    protected enum TransactionState
    {
        /// <summary>Reading and writing.</summary>
        Active,

        /// <summary>Committed.</summary>
        Committed,

        /// <summary>Rolled back (explicitly or by disposal).</summary>
        RolledBack,

        /// <summary>The commit failed.</summary>
        Failed,
    }

    /// <summary>The dirty pages.</summary>
    public TransactionPageSet Pages { get; }

    /// <summary>The page count when the transaction began: pages at or past it have no committed version.</summary>
    public uint CommittedPageCount { get; }

    /// <inheritdoc />
    public bool IsWritable => true;

    /// <inheritdoc />
    /// <remarks>Here: nothing to wait for, as in a store that syncs every commit before the next writer begins.</remarks>
    public virtual void WaitUntilReadsDurable()
    {
    }

    /// <inheritdoc />
    public virtual ValueTask WaitUntilReadsDurableAsync() => ValueTask.CompletedTask;

    /// <inheritdoc />
    public override long ChangeStamp => Pages.ChangeStamp;

    /// <inheritdoc />
    public long ShapeStamp => _shapeStamp;

    /// <summary>The store's carried last leaves, or null when the store keeps none.</summary>
    protected virtual RightEdgeCache? CarriedLeaves => null;

    /// <inheritdoc />
    public uint CarriedLastLeaf(uint rootPage) =>
        _shapeStamp == 0 && CarriedLeaves is { } carried ? carried.Find(rootPage) : 0;

    /// <inheritdoc />
    public void NoteLastLeaf(uint rootPage, uint leaf) => CarriedLeaves?.Note(rootPage, leaf, _shapeStamp);

    /// <inheritdoc />
    public override uint CatalogRoot
    {
        get => base.CatalogRoot;

        set
        {
            using PageLease header = WritePage(0);
            DatabaseHeader.SetCatalogRoot(header.Writable, value);
        }
    }

    /// <summary>Where the transaction is in its life.</summary>
    protected TransactionState State { get; set; } = TransactionState.Active;

    /// <summary>What <see cref="ThrowIfNotActive"/> says after a failed commit.</summary>
    protected virtual string FailedMessage => "The write transaction failed to commit.";

    /// <inheritdoc />
    public PageLease Write(uint pageNumber)
    {
        ArgumentOutOfRangeException.ThrowIfZero(pageNumber);
        return WritePage(pageNumber);
    }

    /// <inheritdoc />
    public PageLease Allocate()
    {
        ThrowIfNotActive();
        _shapeStamp++;
        return PageAllocator.Allocate(this);
    }

    /// <inheritdoc />
    public void Free(uint pageNumber)
    {
        ThrowIfNotActive();
        _shapeStamp++;
        if (PageAllocator.Free(this, pageNumber) && pageNumber < CommittedPageCount)
        {
            // A page listed in a trunk is never read again, so its committed image may stay as it is: a delete that
            // empties or merges away many leaves writes none of them (a cascade delete freed 135 of its 159 pages).
            // Only a page with a committed image: one first allocated by this transaction has none in the file or
            // the log yet, and every page below the page count must have one (integrity_check reads them all).
            Pages.Omit(pageNumber);
        }
    }

    /// <inheritdoc />
    public override PageLease ReadPage(uint pageNumber)
    {
        ThrowIfNotActive();
        CheckPageNumber(pageNumber);
        return Pages.TryRead(pageNumber, out PageLease lease) ? lease : ReadCommitted(pageNumber);
    }

    /// <inheritdoc />
    public PageLease WritePage(uint pageNumber)
    {
        ThrowIfNotActive();
        CheckPageNumber(pageNumber);
        return Pages.Write(pageNumber, this);
    }

    /// <inheritdoc />
    public PageLease CreatePage(uint pageNumber)
    {
        ThrowIfNotActive();
        CheckPageNumber(pageNumber);
        return Pages.Create(pageNumber);
    }

    /// <inheritdoc />
    public void ReadCommittedPage(uint pageNumber, Span<byte> destination)
    {
        if (pageNumber >= CommittedPageCount)
        {
            // Handed out by the free list or the page count in this transaction: nothing committed exists yet.
            destination[..UsableSize].Clear();
            return;
        }

        using PageLease committed = ReadCommitted(pageNumber);
        committed.Data.CopyTo(destination);
    }

    /// <inheritdoc />
    public abstract void Commit();

    /// <inheritdoc />
    public abstract ValueTask CommitAsync(CancellationToken cancellationToken = default);

    /// <inheritdoc />
    public void Rollback()
    {
        ThrowIfNotActive();
        State = TransactionState.RolledBack;
        End();
    }

    /// <summary>Rolls back unless committed, and frees the writer slot.</summary>
    public void Dispose()
    {
        if (State == TransactionState.Active)
        {
            State = TransactionState.RolledBack;
            End();
        }
    }

    /// <summary>
    /// Hands the last leaves noted under the final shape stamp to the store's next transactions. Call once the commit
    /// is certain to be ordered (its frames handed to the log), while still holding the writer slot.
    /// </summary>
    protected void PublishLastLeaves() => CarriedLeaves?.Publish(_shapeStamp);

    /// <summary>Throws InvalidOperationException unless the transaction is active.</summary>
    protected void ThrowIfNotActive()
    {
        if (State != TransactionState.Active)
        {
            throw new InvalidOperationException(State switch
            {
                TransactionState.Committed => "The write transaction has already been committed.",
                TransactionState.RolledBack => "The write transaction has already been rolled back.",
                _ => FailedMessage,
            });
        }
    }

    private void CheckPageNumber(uint pageNumber)
    {
        if (pageNumber >= _pageCount && Pages.Contains(0))
        {
            // The allocator may have grown the page count in this transaction's copy of the header.
            _pageCount = DatabaseHeader.GetPageCount(Pages.GetPage(0));
        }

        CheckPageNumber(pageNumber, _pageCount);
    }
}
