using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The single write transaction of a <see cref="PagerStore"/>: dirty pages live in a private
/// <see cref="TransactionPageSet"/> until <see cref="Commit"/> writes them back.
/// </summary>
internal sealed class PagerWriteTransaction : IWriteTransaction, ITransactionPageAccess, ICommittedPageSource
{
    private readonly PagerStore _store;
    private State _state = State.Active;
    private uint _pageCount;

    /// <summary>Creates the write transaction; the store already holds the writer slot for it.</summary>
    /// <param name="store">The store.</param>
    /// <param name="pages">An empty dirty-page set.</param>
    /// <param name="pageCount">The committed page count.</param>
    /// <param name="timeout">The busy timeout, also used when commit waits for read transactions.</param>
    public PagerWriteTransaction(PagerStore store, TransactionPageSet pages, uint pageCount, TimeSpan timeout)
    {
        _store = store;
        Pages = pages;
        _pageCount = pageCount;
        Timeout = timeout;
    }

    private enum State
    {
        Active,
        Committed,
        RolledBack,
        Failed,
    }

    /// <summary>The dirty pages.</summary>
    public TransactionPageSet Pages { get; }

    /// <summary>The busy timeout.</summary>
    public TimeSpan Timeout { get; }

    /// <inheritdoc />
    public int PageSize => _store.PageSize;

    /// <inheritdoc cref="IPageTransaction.UsableSize" />
    public int UsableSize => _store.UsableSize;

    /// <inheritdoc />
    public bool IsWritable => true;

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

        set
        {
            using PageLease header = WritePage(0);
            DatabaseHeader.SetCatalogRoot(header.Writable, value);
        }
    }

    /// <inheritdoc />
    public PageLease Read(uint pageNumber)
    {
        ArgumentOutOfRangeException.ThrowIfZero(pageNumber);
        return ReadPage(pageNumber);
    }

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
        return PageAllocator.Allocate(this);
    }

    /// <inheritdoc />
    public void Free(uint pageNumber)
    {
        ThrowIfNotActive();
        PageAllocator.Free(this, pageNumber);
    }

    /// <inheritdoc />
    public PageLease ReadPage(uint pageNumber)
    {
        ThrowIfNotActive();
        CheckPageNumber(pageNumber);
        return Pages.TryRead(pageNumber, out PageLease lease) ? lease : _store.ReadCommitted(pageNumber);
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
        if (pageNumber >= _store.CommittedPageCount)
        {
            // A page the free list or the page count handed out in this transaction: nothing committed yet.
            destination[..UsableSize].Clear();
            return;
        }

        using PageLease committed = _store.ReadCommitted(pageNumber);
        committed.Data.CopyTo(destination);
    }

    /// <inheritdoc />
    /// <exception cref="SharpCoreDBException">
    /// Busy when read transactions stay open past the timeout (the transaction stays active: retry or roll
    /// back); IoError when writing fails (the store then refuses work until reopened).
    /// </exception>
    public void Commit()
    {
        ThrowIfNotActive();
        try
        {
            _store.Commit(this);
        }
        catch (SharpCoreDBException ex) when (ex.ErrorCode == SharpCoreDBErrorCode.Busy)
        {
            throw;
        }
        catch
        {
            _state = State.Failed;
            End();
            throw;
        }

        _state = State.Committed;
        End();
    }

    /// <inheritdoc />
    /// <remarks>The pager store writes back synchronously; the returned task is already complete.</remarks>
    public ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled(cancellationToken);
        }

        try
        {
            Commit();
            return default;
        }
        catch (Exception ex)
        {
            return ValueTask.FromException(ex);
        }
    }

    /// <inheritdoc />
    public void Rollback()
    {
        ThrowIfNotActive();
        _state = State.RolledBack;
        End();
    }

    /// <summary>Rolls back unless committed, and frees the writer slot.</summary>
    public void Dispose()
    {
        if (_state == State.Active)
        {
            _state = State.RolledBack;
            End();
        }
    }

    private void End() => _store.EndWrite(this);

    private void CheckPageNumber(uint pageNumber)
    {
        if (pageNumber >= _pageCount && Pages.Contains(0))
        {
            // The allocator may have grown the page count in this transaction's copy of the header.
            _pageCount = DatabaseHeader.GetPageCount(Pages.GetPage(0));
        }

        _store.CheckPageNumber(pageNumber, _pageCount);
    }

    private void ThrowIfNotActive()
    {
        if (_state != State.Active)
        {
            throw new InvalidOperationException(_state switch
            {
                State.Committed => "The write transaction has already been committed.",
                State.RolledBack => "The write transaction has already been rolled back.",
                _ => "The write transaction failed to commit; the store must be reopened.",
            });
        }
    }
}
