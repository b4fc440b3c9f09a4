using System.Diagnostics;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// The single write transaction of a <see cref="WalPageStore"/>. It sees every commit handed to the log
/// (acknowledged or still queued), keeps its changes in a private <see cref="TransactionPageSet"/>, and at
/// commit turns them into frames. The writer slot is released as soon as the frames are queued; a FullSync
/// commit then waits, outside the slot, until they are durable.
/// </summary>
internal sealed class WalWriteTransaction : DirtyPageTransaction
{
    private readonly WalPageStore _store;
    private readonly WalIndex _index;

    /// <summary>Creates the write transaction; the store already holds the writer slot for it.</summary>
    public WalWriteTransaction(WalPageStore store, TransactionPageSet pages, ulong sequence, uint pageCount, WalIndex index)
        : base(pages, pageCount)
    {
        _store = store;
        Sequence = sequence;
        _index = index;
    }

    /// <summary>True while the store counts this transaction among the commits the log writer may wait for.</summary>
    public bool CountedAhead { get; set; } = true;

    /// <summary>The last transaction this one builds on.</summary>
    public ulong Sequence { get; }

    /// <summary>The sequence this transaction's commit will carry: the next after <see cref="Sequence"/>, since it holds the writer slot.</summary>
    public ulong CommitSequence => Sequence + 1;

    /// <inheritdoc />
    public override int PageSize => _store.PageSize;

    /// <inheritdoc />
    protected override RightEdgeCache? CarriedLeaves => _store.CarriedLeaves;

    /// <inheritdoc />
    public override int UsableSize => _store.UsableSize;

    /// <inheritdoc />
    public override string SourceName => _store.Name;

    /// <inheritdoc />
    /// <exception cref="SharpCoreDBException">
    /// IoError when the log write or sync fails (the commit did not happen); DatabaseFailed after an earlier
    /// failure; Closed when the store closed meanwhile.
    /// </exception>
    public override void Commit()
    {
        ValueTask commit = Commit(async: false, CancellationToken.None);
        Debug.Assert(commit.IsCompleted, "The synchronous path never waits asynchronously.");
        commit.GetAwaiter().GetResult();
    }

    /// <inheritdoc />
    /// <remarks>
    /// FullSync awaits the log writer's sync without holding a thread; Async does not wait at all; Legacy is by
    /// definition the committing thread writing and syncing under the writer slot, so there the call completes
    /// synchronously. Cancellation is observed only before the commit is handed to the log; after that the outcome
    /// no longer depends on the caller, so the wait for durability runs to its end.
    /// </remarks>
    public override ValueTask CommitAsync(CancellationToken cancellationToken = default) => Commit(async: true, cancellationToken);

    // The core of both commit forms. Synchronous: a FullSync commit its thread may write itself is written here, and a
    // queued one is waited for by spinning then sleeping (WalWriter.WaitFor); asynchronous: the sync is awaited.
    private async ValueTask Commit(bool async, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        WalCommit? commit = await Hand(async).ConfigureAwait(false);
        if (commit is { IsOwnWrite: true })
        {
            _store.WriteOwn(commit);
        }
        else if (commit is { IsAwaited: true })
        {
            if (async)
            {
                await commit.Completion!.Task.ConfigureAwait(false);
            }
            else
            {
                _store.WaitFor(commit);
            }
        }
        else if (commit is null)
        {
            await _store.WaitDurable(Sequence, async).ConfigureAwait(false);
        }
    }

    // Hands the frames to the log and ends the transaction (releasing the writer slot) before any wait for the disk.
    private async ValueTask<WalCommit?> Hand(bool async)
    {
        ThrowIfNotActive();
        WalCommit? commit;
        try
        {
            commit = Pages.Count == 0 ? null : await _store.CommitFrames(this, async).ConfigureAwait(false);
        }
        catch
        {
            State = TransactionState.Failed;
            End();
            throw;
        }

        State = TransactionState.Committed;
        PublishLastLeaves();
        End();
        return commit;
    }

    /// <inheritdoc />
    /// <remarks>
    /// FullSync releases the writer slot before a commit is synced, so this transaction may build on commits that
    /// are queued or being written; it waits for them (and only them: its own changes are not committed). Legacy
    /// syncs under the writer slot and Async acknowledges before the sync by definition, so neither waits.
    /// </remarks>
    public override void WaitUntilReadsDurable()
    {
        ValueTask wait = _store.WaitDurable(Sequence, async: false);
        Debug.Assert(wait.IsCompleted, "The synchronous path never waits asynchronously.");
        wait.GetAwaiter().GetResult();
    }

    /// <inheritdoc />
    public override ValueTask WaitUntilReadsDurableAsync() => _store.WaitDurable(Sequence, async: true);

    /// <inheritdoc />
    protected override PageLease ReadCommitted(uint pageNumber) => _store.ReadVersion(pageNumber, Sequence, _index);

    /// <inheritdoc />
    protected override void CheckPageNumber(uint pageNumber, uint pageCount) => _store.CheckPageNumber(pageNumber, pageCount);

    /// <inheritdoc />
    protected override void End() => _store.EndWrite(this);
}
