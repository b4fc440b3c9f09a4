using SharpCoreDB.Wal.Checkpoint;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal;

/// <content>Checkpoints: copying committed pages from the log into the database file.</content>
internal sealed partial class WalPageStore
{
    /// <summary>
    /// Copies into the database file the newest committed version of every page that no open snapshot still
    /// needs from the file, syncs the file, and restarts the log when everything is copied and nobody reads it.
    /// </summary>
    /// <returns>What was copied, and whether the log was restarted.</returns>
    /// <exception cref="SharpCoreDBException">ReadOnly; DatabaseFailed after an earlier failure; Busy when the writer slot stays taken past the busy timeout; IoError.</exception>
    public CheckpointResult Checkpoint()
    {
        ThrowIfCannotWrite();
        int copied = Backfill(closing: false);
        bool restarted = false;
        if (_writerSlot.Enter(_durability.BusyTimeout))
        {
            try
            {
                ThrowIfCannotWrite();
                WalIndex before = Volatile.Read(ref _index);
                RestartLogIfDone();
                restarted = !ReferenceEquals(before, Volatile.Read(ref _index));
                if (restarted)
                {
                    // Wait for the restart (queued behind earlier commits) to reach the disk, so the caller sees it done.
                    _writer!.FlushAsync().GetAwaiter().GetResult();
                }
            }
            finally
            {
                _writerSlot.Release();
            }
        }
        else
        {
            throw Busy(_durability.BusyTimeout);
        }

        lock (_snapshotLock)
        {
            return new CheckpointResult(copied, _backfilled, _enqueued, restarted);
        }
    }

    /// <summary>Copies what may be copied now, after any checkpoint already running. Returns the pages copied.</summary>
    /// <param name="closing">The final checkpoint of <see cref="Dispose"/>; any other does nothing once the store is closing.</param>
    private int Backfill(bool closing)
    {
        _checkpointSlot.Wait();
        try
        {
            if (_failure is not null || (_disposed && !closing))
            {
                return 0;
            }

            ulong from;
            ulong upTo;
            WalIndex index;
            lock (_snapshotLock)
            {
                from = _backfilled;
                upTo = _readers.Oldest(whenNone: _durable);
                upTo = Math.Min(upTo, _durable);
                index = _index;
            }

            if (upTo <= from)
            {
                return 0;
            }

            List<Recovery.WalFrameRef> frames = _checkpointFrames;
            frames.Clear();
            index.CollectNewest(from, upTo, frames);
            FrameCopier.SortByPage(frames);
            try
            {
                // Every frame in the index belongs to the log's current generation: a restart swaps the index only
                // under the checkpoint slot, which this checkpoint holds.
                WalHeader generation = _log.Header;
                FrameCopier.CopyAndSync(frames, _log, _file, verify: false, new CheckpointStamp(generation.Salt1, generation.Salt2, upTo));
            }
            catch (SharpCoreDBException ex)
            {
                // The database file's state is unknown now; the log still holds everything, so a reopen recovers.
                _failure ??= ex;
                throw;
            }

            // Stale file copies leave the cache before anyone can be told the file is current.
            foreach (Recovery.WalFrameRef frame in frames)
            {
                _cache.Invalidate(frame.PageNumber, 0);
            }

            long copiedEnd = WalHeader.SizeOf;
            foreach (Recovery.WalFrameRef frame in frames)
            {
                copiedEnd = Math.Max(copiedEnd, frame.Offset + _log.FrameSize);
            }

            lock (_snapshotLock)
            {
                AssertAdvances("backfilled", _backfilled, upTo);
                _backfilled = upTo;
                AssertSequenceMarks();
            }

            // The frames of the commit at upTo are among those copied (each is its page's newest version up to it).
            Volatile.Write(ref _copiedLogEnd, Math.Max(Volatile.Read(ref _copiedLogEnd), copiedEnd));

            _events?.Checkpointed(frames.Count);
            return frames.Count;
        }
        finally
        {
            _checkpointSlot.Release();
        }
    }

    private void RunAutoCheckpoint()
    {
        while (true)
        {
            try
            {
                // Keep going while a batch worth a sync of the database file arrived during the last pass (see
                // NeedsCheckpoint) and the log is still over its threshold. When
                // another checkpoint holds the slot (a committer restarting the log, or a requested one), wait for
                // it and go on from where it got to: giving up and looking again at once would spin on the slot
                // for as long as that checkpoint syncs the database file, on a CPU the committers need.
                while (Backfill(closing: false) > 0 && NeedsCheckpoint())
                {
                }
            }
            catch (SharpCoreDBException)
            {
                // Backfill latched the failure into _failure: the next write transaction reports it.
                Volatile.Write(ref _autoCheckpointScheduled, 0);
                return;
            }

            Volatile.Write(ref _autoCheckpointScheduled, 0);

            // A commit that became durable between the last check and the reset above found the flag still set
            // and did not schedule; look once more so its trigger is not lost.
            if (!NeedsCheckpoint() || Interlocked.CompareExchange(ref _autoCheckpointScheduled, 1, 0) != 0)
            {
                return;
            }
        }
    }
}
