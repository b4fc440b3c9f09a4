using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// The single write transaction of a <see cref="WalPageStore"/>. It sees every commit handed to the log
/// (acknowledged or still queued), keeps its changes in a private <see cref="TransactionPageSet"/>, and at
/// commit turns them into frames. The writer slot is released as soon as the frames are queued; a FullSync
/// commit then waits, outside the slot, until they are durable.
/// </summary>
internal sealed class WalWriteTransaction : IWriteTransaction, ITransactionPageAccess, ICommittedPageSource
{
    private readonly WalPageStore _store;
    private readonly WalIndex _index;
    private State _state = State.Active;
    private uint _pageCount;

    /// <summary>Creates the write transaction; the store already holds the writer slot for it.</summary>
    public WalWriteTransaction(WalPageStore store, TransactionPageSet pages, ulong sequence, uint pageCount, WalIndex index)
    {
        _store = store;
        Pages = pages;
        Sequence = sequence;
        _pageCount = pageCount;
        CommittedPageCount = pageCount;
        _index = index;
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

    /// <summary>True while the store counts this transaction among the commits the log writer may wait for.</summary>
    public bool CountedAhead { get; set; } = true;

    /// <summary>The last transaction this one builds on.</summary>
    public ulong Sequence { get; }

    /// <summary>The sequence this transaction's commit will carry: the next after <see cref="Sequence"/>, since it holds the writer slot.</summary>
    public ulong CommitSequence => Sequence + 1;

    /// <summary>The page count when the transaction began.</summary>
    public uint CommittedPageCount { get; }

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
        return Pages.TryRead(pageNumber, out PageLease lease) ? lease : _store.ReadVersion(pageNumber, Sequence, _index);
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
            // Handed out by the page count in this transaction: nothing committed exists yet.
            destination[..UsableSize].Clear();
            return;
        }

        using PageLease committed = _store.ReadVersion(pageNumber, Sequence, _index);
        committed.Data.CopyTo(destination);
    }

    /// <inheritdoc />
    /// <exception cref="SharpCoreDBException">
    /// IoError when the log write or sync fails (the commit did not happen); DatabaseFailed after an earlier
    /// failure; Closed when the store closed meanwhile.
    /// </exception>
    public void Commit()
    {
        WalCommit? commit = Hand();
        if (commit?.Completion is { } completion)
        {
            _store.WaitFor(completion.Task);
        }
        else if (commit is null)
        {
            _store.WaitDurable(Sequence);
        }

    }

    /// <inheritdoc />
    /// <remarks>
    /// FullSync awaits the log writer's sync without holding a thread; Async does not wait at all; Legacy is by
    /// definition the committing thread writing and syncing under the writer slot, so there the call completes
    /// synchronously. Cancellation is observed only before the commit is handed to the log; after that the outcome
    /// no longer depends on the caller, so the wait for durability runs to its end.
    /// </remarks>
    public async ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        WalCommit? commit = await HandAsync().ConfigureAwait(false);
        if (commit?.Completion is { } completion)
        {
            await completion.Task.ConfigureAwait(false);
        }
        else if (commit is null)
        {
            await _store.WaitDurableAsync(Sequence).ConfigureAwait(false);
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

    // Hands the frames to the log and ends the transaction (releasing the writer slot) before any wait for the disk.
    private WalCommit? Hand()
    {
        ThrowIfNotActive();
        WalCommit? commit;
        try
        {
            commit = Pages.Count == 0 ? null : _store.CommitFrames(this);
        }
        catch
        {
            _state = State.Failed;
            End();
            throw;
        }

        _state = State.Committed;
        End();
        return commit;
    }

    private async ValueTask<WalCommit?> HandAsync()
    {
        ThrowIfNotActive();
        WalCommit? commit;
        try
        {
            commit = Pages.Count == 0 ? null : await _store.CommitFramesAsync(this).ConfigureAwait(false);
        }
        catch
        {
            _state = State.Failed;
            End();
            throw;
        }

        _state = State.Committed;
        End();
        return commit;
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
                _ => "The write transaction failed to commit.",
            });
        }
    }
}
