using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal;

/// <content>The commit path: frames, publication, durability waits.</content>
internal sealed partial class WalPageStore
{
    /// <summary>Turns a transaction's dirty pages into frames and hands them to the log. Writer slot held.</summary>
    /// <returns>The queued commit: its completion (FullSync) says when it is durable.</returns>
    internal WalCommit CommitFrames(WalWriteTransaction transaction)
    {
        if (LogNeedsRestart())
        {
            _writer!.FlushAsync().GetAwaiter().GetResult();
            Backfill(wait: true, closing: false);
        }

        WalCommit commit = PrepareCommit(transaction, out ulong sequence, out uint pageCount);
        try
        {
            _writer!.Append(commit);
        }
        catch (SharpCoreDBException ex)
        {
            throw Refused(ex);
        }

        Enqueued(sequence, pageCount);
        Uncount(transaction);
        return commit;
    }

    /// <summary>Like <see cref="CommitFrames"/>, waiting for queue room (Async back-pressure) without blocking a thread.</summary>
    internal async ValueTask<WalCommit> CommitFramesAsync(WalWriteTransaction transaction)
    {
        if (LogNeedsRestart())
        {
            await _writer!.FlushAsync().ConfigureAwait(false);
            Backfill(wait: true, closing: false);
        }

        WalCommit commit = PrepareCommit(transaction, out ulong sequence, out uint pageCount);
        try
        {
            await _writer!.AppendAsync(commit, CancellationToken.None).ConfigureAwait(false);
        }
        catch (SharpCoreDBException ex)
        {
            throw Refused(ex);
        }

        Enqueued(sequence, pageCount);
        Uncount(transaction);
        return commit;
    }

    /// <summary>For a transaction that changed nothing: waits until what it read is durable (FullSync), so it never reports unsynced data as committed.</summary>
    internal void WaitDurable(ulong sequence)
    {
        if (NeedsFlushFor(sequence))
        {
            _writer!.FlushAsync().GetAwaiter().GetResult();
        }
    }

    /// <summary>Like <see cref="WaitDurable"/>, without blocking a thread.</summary>
    internal Task WaitDurableAsync(ulong sequence) => NeedsFlushFor(sequence) ? _writer!.FlushAsync() : Task.CompletedTask;

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
    /// True when the log is past its threshold and could restart if everything were copied: no snapshot reads
    /// the log. The committer then makes everything durable and copied before adding to the log, so a steady
    /// stream of commits, which never leaves the log idle, cannot grow it without bound. Writer slot held.
    /// </summary>
    private bool LogNeedsRestart()
    {
        if (!_durability.AutoCheckpoint || _log.ReservedEnd - WalHeader.SizeOf < _durability.CheckpointThreshold)
        {
            return false;
        }

        lock (_snapshotLock)
        {
            return _readers.LogReaders == 0;
        }
    }

    private bool NeedsCheckpoint()
    {
        if (!_durability.AutoCheckpoint || _log.ReservedEnd - WalHeader.SizeOf < _durability.CheckpointThreshold)
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

    private WalCommit PrepareCommit(WalWriteTransaction transaction, out ulong sequence, out uint pageCount)
    {
        ThrowIfCannotWrite();
        RestartLogIfDone();
        TransactionPageSet pages = transaction.Pages;
        sequence = _enqueued + 1;
        pages.GetPageNumbers(_commitPages);
        pageCount = pages.Contains(0) ? DatabaseHeader.GetPageCount(pages.GetPage(0)) : _enqueuedPageCount;
        _builder.Start(_commitPages.Count, sequence);
        try
        {
            foreach (uint pageNumber in _commitPages)
            {
                _codec.Seal(pageNumber, pages.GetPage(pageNumber), _builder.Add(pageNumber));
            }
        }
        catch
        {
            _builder.Abandon();
            throw;
        }

        long offset = _log.Reserve(_commitPages.Count);
        DurabilityMode mode = _writer!.Mode;
        WalCommit commit = _builder.Finish(pageCount, offset, awaited: mode == DurabilityMode.FullSync);

        // Findable before the commit can become visible: Legacy publishes it from inside Append. Index entries
        // above the visible sequence are ignored by readers, so adding them early is safe even if Append fails.
        WalIndex index = Volatile.Read(ref _index);
        int frameSize = _log.FrameSize;
        for (int i = 0; i < _commitPages.Count; i++)
        {
            uint pageNumber = _commitPages[i];
            if (mode != DurabilityMode.Legacy)
            {
                _pending.Add(pageNumber, sequence, pages.GetPage(pageNumber));
            }

            index.Add(pageNumber, sequence, offset + ((long)i * frameSize));
        }

        if (mode != DurabilityMode.Async)
        {
            lock (_snapshotLock)
            {
                _inFlight.Enqueue((sequence, pageCount));
            }
        }

        return commit;
    }

    private void Enqueued(ulong sequence, uint pageCount)
    {
        _enqueued = sequence;
        _enqueuedPageCount = pageCount;
        if (_writer!.Mode == DurabilityMode.Async)
        {
            // Async acknowledges at once, so readers see the commit now; its pages are served from the queue copy.
            lock (_snapshotLock)
            {
                _visible = sequence;
                _visiblePageCount = pageCount;
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
            _durable = sequence;
            if (_writer is null || _writer.Mode != DurabilityMode.Async)
            {
                uint pageCount = _visiblePageCount;
                while (_inFlight.Count > 0 && _inFlight.Peek().Sequence <= sequence)
                {
                    pageCount = _inFlight.Dequeue().PageCount;
                }

                _visible = sequence;
                _visiblePageCount = pageCount;
            }
        }

        _pending.RemoveUpTo(sequence);
        ScheduleCheckpointIfNeeded();
    }

    /// <summary>
    /// Starts a new log generation when every frame is in the database file and no snapshot reads the log:
    /// the next commit's frames then go right after the header. Writer slot held.
    /// </summary>
    private void RestartLogIfDone()
    {
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
                Volatile.Write(ref _index, new WalIndex());
            }

            _log.RestartReservation();
        }
        finally
        {
            _checkpointSlot.Release();
        }

        try
        {
            _writer!.Append(WalCommit.ForReset(checkpointSequence));
        }
        catch (SharpCoreDBException ex)
        {
            throw Refused(ex);
        }
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
