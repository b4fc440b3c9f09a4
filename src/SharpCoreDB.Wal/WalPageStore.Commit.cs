using System.Diagnostics;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal;

/// <content>The commit path: frames, publication, durability waits.</content>
internal sealed partial class WalPageStore
{
    /// <summary>Turns a transaction's dirty pages into frames and hands them to the log. Writer slot held.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="async">
    /// True to wait for the log (a restart's flush, Async mode's queue room) without blocking a thread; false to wait
    /// on this thread, in which case the returned task is already complete. Only the synchronous path may write its
    /// own commit (see <see cref="WalWriter.TryTakeTurn"/>): the asynchronous one must not block its thread on the disk.
    /// </param>
    /// <returns>The queued commit: its completion (FullSync) says when it is durable.</returns>
    internal async ValueTask<WalCommit> CommitFrames(WalWriteTransaction transaction, bool async)
    {
        AssertSlotHeldBy(transaction);
        if (LogNeedsRestart())
        {
            if (async)
            {
                await _writer!.FlushAsync().ConfigureAwait(false);
            }
            else
            {
                _writer!.FlushAsync().GetAwaiter().GetResult();
            }

            Backfill(closing: false);
        }

        WalCommit commit = PrepareCommit(transaction, mayWriteOwn: !async, out ulong sequence, out uint pageCount);
        if (!commit.IsOwnWrite)
        {
            try
            {
                await _writer!.Append(commit, async, CancellationToken.None).ConfigureAwait(false);
            }
            catch (SharpCoreDBException ex)
            {
                throw Refused(ex);
            }
        }

        Enqueued(sequence, pageCount);
        Uncount(transaction);
        return commit;
    }

    /// <summary>Writes and syncs a commit its committer holds the log's turn for. Writer slot no longer held.</summary>
    /// <exception cref="SharpCoreDBException">IoError when the write or sync fails (the commit did not happen).</exception>
    internal void WriteOwn(WalCommit commit)
    {
        try
        {
            _writer!.WriteOwn(commit);
        }
        catch (SharpCoreDBException ex)
        {
            throw Refused(ex);
        }
    }

    /// <summary>Blocks until a FullSync commit is durable (or failed).</summary>
    internal void WaitFor(WalCommit commit) => _writer!.WaitFor(commit);

    /// <summary>For a transaction that changed nothing: waits until what it read is durable (FullSync), so it never reports unsynced data as committed.</summary>
    /// <param name="sequence">The last commit the transaction builds on.</param>
    /// <param name="async">True to wait without blocking a thread; false to wait on this thread (the task is then complete).</param>
    /// <returns>A task that completes when that commit is durable.</returns>
    internal ValueTask WaitDurable(ulong sequence, bool async)
    {
        if (!NeedsFlushFor(sequence))
        {
            return ValueTask.CompletedTask;
        }

        Task flush = _writer!.FlushAsync();
        if (async)
        {
            return new ValueTask(flush);
        }

        flush.GetAwaiter().GetResult();
        return ValueTask.CompletedTask;
    }

    /// <summary>Waits until every commit handed to the log so far is durable (Async mode's explicit flush; a no-op otherwise).</summary>
    /// <exception cref="SharpCoreDBException">IoError or DatabaseFailed when the log failed before that.</exception>
    public void Flush() => FlushAsync().GetAwaiter().GetResult();

    /// <summary>Like <see cref="Flush"/>, without blocking a thread.</summary>
    public Task FlushAsync()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        return _writer is null ? Task.CompletedTask : _writer.FlushAsync();
    }

    /// <summary>
    /// True when the log is past its threshold and could restart once everything is copied: no snapshot reads the
    /// log, and none is older than what is enqueued. The committer then makes everything durable and copied before
    /// adding to the log, so a steady stream of commits, which never leaves the log idle, cannot grow it without
    /// bound. While a checkpoint is under way the committer leaves it to the background up to twice the threshold
    /// (see <see cref="LeavesCheckpointToBackground"/>). Writer slot held.
    /// </summary>
    private bool LogNeedsRestart()
    {
        AssertWriterSlotHeld();
        if (!LogOverThreshold())
        {
            return false;
        }

        lock (_snapshotLock)
        {
            // The checkpoint copies nothing newer than the oldest snapshot, and the restart needs everything copied. A
            // snapshot older than the enqueued sequence pins both, even one that reads only the database file (it
            // began when the log was fully copied): flushing and checkpointing for it would cost a sync per commit
            // and copy nothing.
            if (_readers.LogReaders != 0 || _readers.Oldest(whenNone: _enqueued) < _enqueued)
            {
                // An open snapshot keeps the log from restarting, so it grows past its threshold until the snapshot ends.
                _commitsPinnedPastThreshold++;
                return false;
            }
        }

        return !LeavesCheckpointToBackground();
    }

    /// <summary>
    /// True when a checkpoint is already under way (the automatic one that the commit crossing the threshold started,
    /// or a requested one) and the log is still under twice its threshold: the committer appends without waiting for
    /// it. Waiting would put that checkpoint's copy and its sync of the database file into this commit, though the
    /// commit's frames are safe in the log without it (a checkpoint copies only frames already durable, and the log
    /// restarts only once everything is copied). A later commit restarts the log when the checkpoint (which goes on
    /// while commits it has not copied are durable) is done; past twice the threshold the committer waits as before,
    /// so commits that arrive faster than checkpoints copy cannot grow the log without bound. Writer slot held.
    /// </summary>
    private bool LeavesCheckpointToBackground()
    {
        if ((Volatile.Read(ref _autoCheckpointScheduled) == 0 && _checkpointSlot.CurrentCount > 0)
            || LogBytes() >= 2 * _durability.CheckpointThreshold)
        {
            return false;
        }

        Interlocked.Increment(ref _commitsBesideCheckpoint);
        return true;
    }

    // The background checkpoint goes on only while this share of the threshold (or more) waits to be copied.
    private const int UncopiedShareForBackground = 8;

    private bool LogOverThreshold() => _durability.AutoCheckpoint && LogBytes() >= _durability.CheckpointThreshold;

    // Frame bytes in the log's current generation; none once a restart is queued (the writer has yet to write it).
    private long LogBytes() =>
        Volatile.Read(ref _generationsQueued) > _log.Generations ? 0 : _log.WrittenEnd - WalHeader.SizeOf;

    /// <summary>
    /// True when the log is past its threshold and at least an eighth of the threshold of it is not copied yet: the
    /// background checkpoint copies the bulk and leaves the rest (what arrived during its last pass) to the next
    /// commit, which copies it and restarts the log (see <see cref="LogNeedsRestart"/>). Chasing each commit that
    /// became durable during a pass with another pass cost a sync of the database file per commit or two for as long
    /// as commits kept coming (YCSB A at one thread: 108 database syncs in 4,000 commits against SQLite's 5).
    /// </summary>
    private bool NeedsCheckpoint()
    {
        if (!LogOverThreshold()
            || _log.WrittenEnd - Volatile.Read(ref _copiedLogEnd) < _durability.CheckpointThreshold / UncopiedShareForBackground)
        {
            return false;
        }

        lock (_snapshotLock)
        {
            // Only when the checkpoint can make progress: a snapshot that pins it would otherwise make every
            // trigger run a checkpoint that copies nothing.
            return !_disposed && Math.Min(_readers.Oldest(whenNone: _durable), _durable) > _backfilled;
        }
    }

    private void ScheduleCheckpointIfNeeded()
    {
        if (NeedsCheckpoint() && Interlocked.CompareExchange(ref _autoCheckpointScheduled, 1, 0) == 0)
        {
            // Its own thread, not the pool: committers that block pool threads must not be able to starve the
            // checkpoint that keeps the log short (checkpoints are rare, so a thread each is cheap).
            _ = Task.Factory.StartNew(RunAutoCheckpoint, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        }
    }

    private bool NeedsFlushFor(ulong sequence)
    {
        if (_writer is null || _writer.Mode != DurabilityMode.FullSync)
        {
            return false;
        }

        lock (_snapshotLock)
        {
            return _durable < sequence;
        }
    }

    // mayWriteOwn: the caller can write the commit itself after releasing the writer slot (the synchronous path; the
    // asynchronous one must not block its thread on the disk).
    private WalCommit PrepareCommit(WalWriteTransaction transaction, bool mayWriteOwn, out ulong sequence, out uint pageCount)
    {
        ThrowIfCannotWrite();
        RestartLogIfDone();

        // After the restart: a restart queued for the worker must be written before this commit's frames.
        bool own = mayWriteOwn && _writer!.TryTakeTurn(Volatile.Read(ref _committersAhead) - (transaction.CountedAhead ? 1 : 0));
        try
        {
            return PrepareFrames(transaction, own, blocks: mayWriteOwn, out sequence, out pageCount);
        }
        catch
        {
            if (own)
            {
                _writer!.ReleaseTurn();
            }

            throw;
        }
    }

    // blocks: the committer waits for durability on its thread (WalWriter.WaitFor), so the commit needs no task.
    private WalCommit PrepareFrames(WalWriteTransaction transaction, bool own, bool blocks, out ulong sequence, out uint pageCount)
    {
        TransactionPageSet pages = transaction.Pages;
        sequence = _enqueued + 1;
        pages.GetPageNumbers(_commitPages);
        pageCount = pages.Contains(0) ? DatabaseHeader.GetPageCount(pages.GetPage(0)) : _enqueuedPageCount;

        // The images wait in the queued copies until the log writer seals them (Legacy: at once, on this thread):
        // readers of a commit not yet written find its pages there, and versions the writer merges away are never
        // sealed at all. Entered in the index now, without an offset, so the next writer sees them; index entries
        // above the visible sequence are ignored by readers, so adding them early is safe even if Append fails.
        int count = _commitPages.Count;
        uint[] numbers = WalBuffers.PageNumbers.Rent(count);
        WalIndex index = Volatile.Read(ref _index);

        // The newest snapshot held now: a previous version older than it (or any, with no snapshot) is read by no
        // one, so the cache may reuse its buffer for the new version.
        bool anySnapshot;
        ulong newestSnapshot;
        lock (_snapshotLock)
        {
            anySnapshot = _readers.Count > 0;
            newestSnapshot = _readers.Newest(whenNone: 0);
        }

        for (int i = 0; i < count; i++)
        {
            uint pageNumber = _commitPages[i];
            numbers[i] = pageNumber;
            ReadOnlySpan<byte> page = pages.GetPage(pageNumber);
            ulong previous = index.Add(pageNumber, sequence, WalIndex.Unwritten);

            // The next writer reads these pages first (a hot leaf, the header); without this it would load each
            // one back from the queued copy or the log.
            _cache.AddCommitted(pageNumber, previous, sequence, page, previousUnread: !anySnapshot || newestSnapshot < previous);

            // The transaction is done with its pages, so the queue keeps them as they are (the set's buffers come
            // from the queue's pool); only a page someone still holds a lease on is copied.
            if (pages.TryDetach(pageNumber) is { } buffer)
            {
                _pending.Adopt(pageNumber, sequence, buffer);
            }
            else
            {
                _pending.Add(pageNumber, sequence, page);
            }
        }

        DurabilityMode mode = _writer!.Mode;
        WalCommit commit = own
            ? WalCommit.ForOwnWrite(numbers, count, pageCount, sequence, index)
            : WalCommit.ForFrames(numbers, count, pageCount, sequence, index, awaited: mode == DurabilityMode.FullSync, asTask: !blocks);
        if (mode != DurabilityMode.Async)
        {
            lock (_snapshotLock)
            {
                _inFlight.Enqueue((sequence, pageCount));
            }
        }

        return commit;
    }

    /// <inheritdoc />
    void IWalFrameSource.Seal(uint pageNumber, ulong version, Span<byte> destination) =>
        _codec.Seal(pageNumber, _pending.Get(pageNumber, version), destination);

    /// <inheritdoc />
    ulong IWalFrameSource.CollectSnapshotBoundaries(ulong first, ulong last, List<ulong> boundaries)
    {
        lock (_snapshotLock)
        {
            _readers.CollectBetween(first, last, boundaries);

            // Async readers see a commit as soon as it is queued, so every sequence from the visible one on may yet
            // become a snapshot. FullSync readers see a group only once it is durable, and then at its end.
            return _writer!.Mode == DurabilityMode.Async ? _visible : ulong.MaxValue;
        }
    }

    private void Enqueued(ulong sequence, uint pageCount)
    {
        // Writer slot held: commits are enqueued one at a time, each the next sequence.
        Debug.Assert(sequence == _enqueued + 1, $"Commit {sequence} is enqueued after {_enqueued}.");
        _enqueued = sequence;
        _enqueuedPageCount = pageCount;
        if (_writer!.Mode == DurabilityMode.Async)
        {
            // Async acknowledges at once, so readers see the commit now; its pages are served from the queue copy.
            lock (_snapshotLock)
            {
                AssertAdvances("visible", _visible, sequence);
                _visible = sequence;
                _visiblePageCount = pageCount;
                AssertSequenceMarks();
            }
        }
    }

    private SharpCoreDBException Refused(SharpCoreDBException cause)
    {
        // Nothing may follow a commit that did not reach the log: its sequence is burnt and the writer is latched.
        _failure ??= cause.ErrorCode == SharpCoreDBErrorCode.IoError ? cause : _writer!.Failure ?? cause;
        return cause;
    }

    // Runs on the log writer (or inline for Legacy) after a sync, before any waiter completes.
    private void OnDurable(ulong sequence)
    {
        lock (_snapshotLock)
        {
            AssertAdvances("durable", _durable, sequence);
            _durable = sequence;
            if (_writer is null || _writer.Mode != DurabilityMode.Async)
            {
                uint pageCount = _visiblePageCount;
                while (_inFlight.Count > 0 && _inFlight.Peek().Sequence <= sequence)
                {
                    pageCount = _inFlight.Dequeue().PageCount;
                }

                AssertAdvances("visible", _visible, sequence);
                _visible = sequence;
                _visiblePageCount = pageCount;
            }

            AssertSequenceMarks();
        }
    }

    // Runs on the log writer (or inline for Legacy) once the committers of a durable group are released. The queued
    // copies stay readable until now, which is harmless: every one of them is in the log index with its offset.
    private void OnReleased(ulong sequence)
    {
        _pending.RemoveUpTo(sequence);
        ScheduleCheckpointIfNeeded();
    }

    /// <summary>
    /// Starts a new log generation when every frame is in the database file and no snapshot reads the log:
    /// the next commit's frames then go right after the header. Writer slot held.
    /// </summary>
    private void RestartLogIfDone()
    {
        AssertWriterSlotHeld();
        WalIndex index = Volatile.Read(ref _index);
        if (index.IsEmpty || !CanRestart())
        {
            return;
        }

        // A running checkpoint still walks the old index: let it finish (it needs no writer slot, so this cannot
        // deadlock). Skipping the restart instead would leave the log full, and the next commit would copy again.
        _checkpointSlot.Wait();
        ulong checkpointSequence;
        try
        {
            lock (_snapshotLock)
            {
                if (!CanRestartLocked())
                {
                    return;
                }

                checkpointSequence = _backfilled;
                Volatile.Write(ref _copiedLogEnd, WalHeader.SizeOf);
                // Sized for as many pages as the generation that ends: a steady workload touches about as many again.
                Volatile.Write(ref _index, new WalIndex(index.PageCount));
            }

            RebaseCachedVersions(index);
        }
        finally
        {
            _checkpointSlot.Release();
        }

        try
        {
            // Handed over synchronously on both commit paths: it is tiny, and it must be queued before this commit's frames.
            ValueTask append = _writer!.Append(WalCommit.ForReset(checkpointSequence), async: false, CancellationToken.None);
            Debug.Assert(append.IsCompleted, "The synchronous path never waits asynchronously.");
            append.GetAwaiter().GetResult();
        }
        catch (SharpCoreDBException ex)
        {
            throw Refused(ex);
        }

        Volatile.Write(ref _generationsQueued, _generationsQueued + 1);
    }

    // After a restart (checkpoint slot held): the file holds every page's newest version of the old generation, and
    // nothing reads the old index any more (no snapshot reads the log, and every open one is at the newest commit). The
    // cached newest versions become the cached file copies; older versions, which nobody can ask for again, free their
    // slots (and keep their buffers) for the next loads.
    private void RebaseCachedVersions(WalIndex old)
    {
        List<WalFrameRef> versions = _checkpointFrames;
        versions.Clear();
        old.CollectAll(versions);
        for (int i = 0; i < versions.Count; i++)
        {
            WalFrameRef version = versions[i];
            if (i + 1 < versions.Count && versions[i + 1].PageNumber == version.PageNumber)
            {
                _cache.Invalidate(version.PageNumber, version.Sequence);
            }
            else
            {
                _cache.Rebase(version.PageNumber, version.Sequence);
            }
        }

        versions.Clear();
    }

    private bool CanRestart()
    {
        lock (_snapshotLock)
        {
            return CanRestartLocked();
        }
    }

    private bool CanRestartLocked() => _backfilled == _enqueued && _readers.LogReaders == 0;
}
