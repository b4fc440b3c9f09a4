using System.Diagnostics;
using System.Threading.Channels;

namespace SharpCoreDB.Wal.Writing;

/// <summary>The group-commit worker of <see cref="WalWriter"/>.</summary>
internal sealed partial class WalWriter
{
    // About 20-60 µs of spinning (yielding on the way) before the worker blocks for the next commit.
    private const int SpinIterations = 25;

    // A dedicated thread rather than a pool task: it blocks in fdatasync by design, and committers blocked on
    // the pool must never be able to starve the one thread that would release them.
    private void WorkerLoop()
    {
        ChannelReader<WalCommit> reader = _queue!.Reader;
        while (WaitForWork(reader, spin: _mode == DurabilityMode.FullSync))
        {
            if (_mode == DurabilityMode.Async && _failure is null)
            {
                // Let commits gather for up to one flush interval; a barrier, close or a large enough backlog
                // cuts the wait short.
                _urgent.Wait(_flushInterval);
                Volatile.Write(ref _earlySyncRequested, 0);
            }

            _turn.Wait();
            try
            {
                DrainOnce(reader);
            }
            finally
            {
                _turn.Release();
            }
        }

        // A committer may still be writing its own commit from the buffer; Dispose also relies on this wait.
        _turn.Wait();
        ReleaseFrameBuffer();
        _turn.Release();
    }

    private static bool WaitForWork(ChannelReader<WalCommit> reader, bool spin)
    {
        if (spin)
        {
            // A committer that was just released usually commits again within microseconds. Spinning that long
            // saves the worker a sleep and a wake-up per group, which at low concurrency is a visible share of
            // the commit latency next to the fdatasync itself. Never Sleep(1): that would cost a millisecond.
            SpinWait spinner = default;
            while (spinner.Count < SpinIterations && reader.Count == 0 && !reader.Completion.IsCompleted)
            {
                spinner.SpinOnce(sleep1Threshold: -1);
            }
        }

        ValueTask<bool> wait = reader.WaitToReadAsync();
        return wait.IsCompletedSuccessfully ? wait.Result : wait.AsTask().GetAwaiter().GetResult();
    }

    private void DrainOnce(ChannelReader<WalCommit> reader)
    {
        long groupBytes = 0;
        int groupCommits = 0;
        TakeQueued(reader, ref groupBytes, ref groupCommits);
        if (_mode == DurabilityMode.FullSync && _failure is null && groupCommits > 0
            && (groupCommits < _lastGroupCommits || CommittersAhead() > 0))
        {
            // Group commit delay. The committers the last sync released usually commit again at once, and
            // transactions already past BeginWrite will be queued within microseconds; syncing without them leaves
            // them for the next sync, and groups settle into alternating halves. Wait until as many commits as
            // last time are queued and nobody is mid-transaction, but never longer than a sync takes (at most 1 ms),
            // so a committer that does not come back costs at most one sync's worth of latency, once.
            // The wait is spent sealing what has arrived (see SealAhead), so the sync follows the last commit sooner.
            // In a crowd it waits only for the commits, asleep until the one that completes the group (Gather).
            long deadline = Stopwatch.GetTimestamp() + Math.Min(_lastSyncTicks, Stopwatch.Frequency / 1000);
            SealAhead();
            Gather(reader, deadline, ref groupBytes, ref groupCommits);
            TakeQueued(reader, ref groupBytes, ref groupCommits);
        }

        WriteGroup();
    }

    private int CommittersAhead() => _committersAhead?.Invoke() ?? 0;

    private bool WriterSlotCrowded() => CommittersAhead() > CrowdedWriterSlot;

    private void TakeQueued(ChannelReader<WalCommit> reader, ref long groupBytes, ref int groupCommits)
    {
        while (groupBytes < MaxGroupBytes && reader.TryRead(out WalCommit? commit))
        {
            if (_failure is { } failure)
            {
                FailBehind(commit, failure);
                continue;
            }

            if (commit.Kind == WalCommitKind.Reset)
            {
                // Everything before the reset must be on disk under the old header before the new one replaces it.
                WriteGroup();
                groupBytes = 0;
                groupCommits = 0;
                if (_failure is null)
                {
                    try
                    {
                        _log.WriteNewHeader(commit.Sequence);
                    }
                    catch (SharpCoreDBException ex)
                    {
                        Latch(ex, commit.Sequence, commit.Sequence, reset: true);
                    }
                }

                continue;
            }

            _group.Add(commit);
            long bytes = commit.FrameBytes(_log.FrameSize);
            groupBytes += bytes;
            if (_mode == DurabilityMode.Async)
            {
                Interlocked.Add(ref _queuedBytes, -bytes);
            }

            if (commit.Kind == WalCommitKind.Frames)
            {
                groupCommits++;
                if (_mode == DurabilityMode.FullSync)
                {
                    _takenCommits++;
                }
            }
        }
    }

    private void WriteGroup()
    {
        if (_group.Count == 0)
        {
            return;
        }

        // Barriers carry no frames: only the transactions are written, in queue order.
        List<WalCommit> frames = _frameCommits;
        foreach (WalCommit commit in _group)
        {
            if (commit.Kind == WalCommitKind.Frames)
            {
                frames.Add(commit);
            }
        }

        SharpCoreDBException? failure = _failure;
        if (failure is null && frames.Count > 0)
        {
            try
            {
                WriteFrames(frames);
            }
            catch (SharpCoreDBException ex)
            {
                failure = Latch(ex, frames[0].Sequence, frames[^1].Sequence);
            }
        }

        ulong released = failure is null && frames.Count > 0 ? frames[^1].Sequence : 0;
        frames.Clear();
        // Complete every commit first, then wake the first sleeper only; it wakes the next (see WaitFor). The links go
        // in before any completion, since a committer that sees its commit completed may follow its link at once.
        WalCommit? first = LinkAwaited(_group);
        foreach (WalCommit commit in _group)
        {
            if (commit.IsAwaited)
            {
                commit.Complete(failure);
            }
        }

        WakeFirstSleeperFromWorker(first);

        // The committers are on their way; the rest of this group's cleanup overlaps with their next transactions
        // instead of delaying them (16 commits' page lists and queued copies took 10-20 µs per sync).
        foreach (WalCommit commit in _group)
        {
            commit.ReturnPages();
        }

        _group.Clear();
        ForgetSealedAhead();
        if (released != 0)
        {
            _onReleased?.Invoke(released);
        }
    }

    private void FailBehind(WalCommit commit, SharpCoreDBException failure)
    {
        commit.ReturnPages();
        if (commit.IsAwaited)
        {
            commit.Complete(WalErrors.QueuedBehindFailure(_log.Device.Name, commit.Sequence, failure));
        }

        WakeFirstSleeperFromWorker(commit);
    }

    // Chains the group's commits that have a completion (NextInGroup) and returns the first, or null.
    private static WalCommit? LinkAwaited(List<WalCommit> group)
    {
        WalCommit? first = null;
        WalCommit? previous = null;
        foreach (WalCommit commit in group)
        {
            if (!commit.IsAwaited)
            {
                continue;
            }

            if (previous is null)
            {
                first = commit;
            }
            else
            {
                previous.NextInGroup = commit;
            }

            previous = commit;
        }

        return first;
    }
}
