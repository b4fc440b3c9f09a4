using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Writing;

public sealed class WalWriterTests
{
    [Fact]
    public void Legacy_commit_is_one_write_and_one_sync_before_it_returns()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice("legacy-wal"), trackPowerLoss: false);
        using var log = new FrameLog(device, DurabilityMode.Legacy);

        // The first commit also grows the fresh log by a zero-filled step (one more write, same sync).
        log.Commit(9);
        Assert.Equal(WalLogFile.GrowthStep, device.Length);
        long writes = device.WriteCount;
        long flushes = device.FlushCount;

        ulong sequence = log.Commit(1, 2, 3);

        Assert.Equal(writes + 1, device.WriteCount);
        Assert.Equal(flushes + 1, device.FlushCount);
        Assert.Equal(sequence, log.LastDurable);
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal([9u, 1u, 2u, 3u], scan.Frames.Select(f => f.PageNumber));
        Assert.Equal(sequence, scan.LastSequence);
    }

    [Fact]
    public async Task FullSync_commits_queued_behind_a_sync_share_the_next_write_and_sync()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("group-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync);
        int writesBefore = device.Writes;
        int flushesBefore = device.Flushes;
        (WalCommit first, List<WalCommit> queued) = log.QueueBehindHeldSync(device, 10, i => [(uint)(10 + i), (uint)(100 + i)]);

        Assert.False(first.Completion!.Task.IsCompleted);
        Assert.All(queued, c => Assert.False(c.Completion!.Task.IsCompleted));
        device.Open();
        await first.Completion.Task;
        await Task.WhenAll(queued.Select(c => c.Completion!.Task));

        // One write+sync for the first commit (plus the zero-filled step that grows the fresh log), one for the ten
        // that queued behind it; the log writes in pieces that end on multiples of WritePiece, so the step is several
        // writes and the group's frames, which cross a multiple, two.
        long firstEnd = WalHeader.SizeOf + (2L * log.Log.FrameSize);
        long groupEnd = firstEnd + (20L * log.Log.FrameSize);
        Assert.Equal(writesBefore + 1 + Pieces(firstEnd, WalLogFile.GrowthStep) + Pieces(firstEnd, groupEnd), device.Writes);
        Assert.Equal(flushesBefore + 2, device.Flushes);
        Assert.Equal(queued[^1].Sequence, log.LastDurable);
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal(21, scan.Frames.Count);
        Assert.Equal(queued[^1].Sequence, scan.LastSequence);
    }

    [Fact]
    public async Task FullSync_group_is_released_to_housekeeping_only_after_its_waiters_are_completed()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("released-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync);
        var released = new List<(ulong Sequence, bool WaitersCompleted)>();
        List<WalCommit> queued = [];
        log.Released = s => released.Add((s, queued.Count > 0 && queued.All(c => c.Completion!.Task.IsCompleted)));
        (WalCommit first, List<WalCommit> behind) = log.QueueBehindHeldSync(device, 5, i => [(uint)(10 + i)]);
        queued.AddRange(behind);

        device.Open();
        await first.Completion!.Task;
        await Task.WhenAll(queued.Select(c => c.Completion!.Task));
        log.Writer.Dispose();

        // The first group (held at its sync) is released before the others were queued; the second, after all five
        // waiters of its group were completed, and with its last sequence.
        Assert.Equal(2, released.Count);
        Assert.Equal(first.Sequence, released[0].Sequence);
        Assert.Equal((queued[^1].Sequence, true), released[1]);
    }

    [Fact]
    public void Legacy_commit_is_released_to_housekeeping_once_written()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice("legacy-released-wal"), trackPowerLoss: false);
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        var released = new List<(ulong Sequence, ulong Durable)>();
        log.Released = s => released.Add((s, log.LastDurable));

        ulong first = log.Commit(1);
        ulong second = log.Commit(2, 3);

        Assert.Equal([(first, first), (second, second)], released);
    }

    [Fact]
    public async Task FullSync_group_is_one_log_transaction_with_the_newest_version_of_each_page()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("merge-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync) { MergeCommits = true };
        (WalCommit first, List<WalCommit> queued) = log.QueueBehindHeldSync(device, 10, i => [5, (uint)(100 + i)]);

        device.Open();
        await first.Completion!.Task;
        await Task.WhenAll(queued.Select(c => c.Completion!.Task));

        ulong last = queued[^1].Sequence;
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal(last, scan.LastSequence);

        // The first commit alone, then the ten merged: page 5 once (its newest version) and each other page once.
        Assert.Equal(1 + 1 + 10, scan.Frames.Count);
        Assert.Equal([first.Sequence], scan.Frames.Take(1).Select(f => f.Sequence));
        Assert.All(scan.Frames.Skip(1), f => Assert.Equal(last, f.Sequence));
        Assert.Equal([5u, .. Enumerable.Range(100, 10).Select(i => (uint)i)], scan.Frames.Skip(1).Select(f => f.PageNumber));
        Assert.Equal(1, log.Sealed.Count(v => v.Page == 5));
        Assert.Contains((5u, last), log.Sealed);

        // The index serves each page's surviving version from where the writer put it; the merged-away ones are gone.
        byte[] image = new byte[FrameLog.PageSize];
        foreach (WalCommit commit in queued)
        {
            uint other = (uint)(100 + (commit.Sequence - queued[0].Sequence));
            Assert.True(log.Index.TryFind(other, ulong.MaxValue, out ulong version, out long offset));
            Assert.Equal(commit.Sequence, version);
            log.Log.ReadImage(offset, image);
            Assert.True(FrameLog.ImageMatches(image, other, version));
        }

        Assert.True(log.Index.TryFind(5, ulong.MaxValue, out ulong newest, out long newestOffset));
        Assert.Equal(last, newest);
        log.Log.ReadImage(newestOffset, image);
        Assert.True(FrameLog.ImageMatches(image, 5, last));
        Assert.False(log.Index.TryFind(5, last - 1, out _, out _));
    }

    [Fact]
    public async Task Writer_ends_a_log_transaction_at_every_snapshot_a_reader_holds()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("boundary-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync) { MergeCommits = true };
        (WalCommit first, List<WalCommit> queued) = log.QueueBehindHeldSync(device, 4, _ => [7]);

        // A reader stands on the second of the four: its state must be in the log.
        log.ReaderSnapshots = [queued[1].Sequence];
        device.Open();
        await Task.WhenAll(queued.Select(c => c.Completion!.Task).Append(first.Completion!.Task));

        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal([first.Sequence, queued[1].Sequence, queued[3].Sequence], scan.Frames.Select(f => f.Sequence));
        Assert.True(log.Index.TryFind(7, queued[2].Sequence, out ulong seen, out long offset));
        Assert.Equal(queued[1].Sequence, seen);
        byte[] image = new byte[FrameLog.PageSize];
        log.Log.ReadImage(offset, image);
        Assert.True(FrameLog.ImageMatches(image, 7, seen));
    }

    [Fact]
    public async Task FullSync_seals_a_gathering_group_ahead_and_writes_each_page_newest_version()
    {
        // A committer stays "mid-transaction" throughout, so the writer holds every group for the group commit delay
        // and seals what it has taken in the meantime, one frame slot per page, a later version over its slot. The
        // writer asks how many committers are ahead while it waits, so the question tells how much was sealed by then.
        using var device = new GatedDevice(new MemoryStorageDevice("ahead-wal"));
        FrameLog? rig = null;
        int sealedWhileWaiting = 0;
        using var log = new FrameLog(device, DurabilityMode.FullSync, committersAhead: () =>
        {
            lock (rig!.Sealed)
            {
                sealedWhileWaiting = Math.Max(sealedWhileWaiting, rig.Sealed.Count);
            }

            return 1;
        })
        { MergeCommits = true };
        rig = log;
        (WalCommit first, List<WalCommit> queued) = log.QueueBehindHeldSync(device, 3, i => [i == 1 ? 6u : 5u]);
        device.Open();
        await Task.WhenAll(queued.Select(c => c.Completion!.Task).Append(first.Completion!.Task));

        // Each page's first version sealed while waiting, in arrival order; page 6 not again when written, page 5 at
        // its newest version in the slot its first version took.
        (ulong v2, ulong v3, ulong v4) = (queued[0].Sequence, queued[1].Sequence, queued[2].Sequence);
        Assert.Equal(3, Volatile.Read(ref sealedWhileWaiting));
        Assert.Equal([(1u, first.Sequence), (5u, v2), (6u, v3), (5u, v4)], log.Sealed);

        // The log holds page 5's newest version in the slot its first version took, then page 6.
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal([1u, 5u, 6u], scan.Frames.Select(f => f.PageNumber));
        Assert.All(scan.Frames.Skip(1), f => Assert.Equal(v4, f.Sequence));
        AssertImage(log, 5, v4);
        AssertImage(log, 6, v3);
    }

    [Fact]
    public async Task FullSync_group_split_by_a_snapshot_seals_again_what_its_layout_moved()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("ahead-split-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync, committersAhead: () => 1) { MergeCommits = true };
        (WalCommit first, List<WalCommit> queued) = log.QueueBehindHeldSync(device, 3, i => [i == 2 ? 6u : 5u]);

        // Sealed ahead: page 5 at its first version in slot 0, page 6 in slot 1. A reader stands on the first queued
        // commit, so that version is a log transaction of its own and page 5's second version and page 6 follow it:
        // slot 0 still fits, slot 1 now needs page 5, and page 6 moves to slot 2.
        (ulong v2, ulong v3, ulong v4) = (queued[0].Sequence, queued[1].Sequence, queued[2].Sequence);
        log.ReaderSnapshots = [v2];
        device.Open();
        await Task.WhenAll(queued.Select(c => c.Completion!.Task).Append(first.Completion!.Task));

        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal([(1u, first.Sequence), (5u, v2), (5u, v4), (6u, v4)], scan.Frames.Select(f => (f.PageNumber, f.Sequence)));
        Assert.Equal([(1u, first.Sequence), (5u, v2), (6u, v4), (5u, v3), (6u, v4)], log.Sealed);
        Assert.True(log.Index.TryFind(5, v2, out ulong seen, out long offset));
        Assert.Equal(v2, seen);
        byte[] image = new byte[FrameLog.PageSize];
        log.Log.ReadImage(offset, image);
        Assert.True(FrameLog.ImageMatches(image, 5, v2));
        AssertImage(log, 5, v3);
        AssertImage(log, 6, v4);
    }

    [Fact]
    public void FullSync_many_threads_all_commits_become_durable_in_sequence_order()
    {
        using var device = new MemoryStorageDevice("threads-wal");
        using var log = new FrameLog(device, DurabilityMode.FullSync);
        var acknowledged = new System.Collections.Concurrent.ConcurrentBag<ulong>();
        Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, t =>
        {
            for (int i = 0; i < 40; i++)
            {
                ulong sequence = log.Commit((uint)(t * 1000 + i + 1), 0);
                Assert.True(log.LastDurable >= sequence);
                acknowledged.Add(sequence);
            }
        });

        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal(320ul, scan.LastSequence);
        Assert.Equal(640, scan.Frames.Count);
        Assert.Equal(Enumerable.Range(1, 320).Select(i => (ulong)i), acknowledged.Order());
        byte[] image = new byte[FrameLog.PageSize];
        foreach (WalFrameRef frame in scan.Frames)
        {
            log.Log.ReadImage(frame.Offset, image);
            Assert.True(FrameLog.ImageMatches(image, frame.PageNumber, frame.Sequence), $"page {frame.PageNumber} seq {frame.Sequence}");
        }
    }

    [Fact]
    public async Task Async_commit_returns_before_it_is_written_and_flush_makes_it_durable()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("async-wal"));
        using var log = new FrameLog(device, DurabilityMode.Async, TimeSpan.FromMilliseconds(5));
        device.Close();
        WalCommit commit;
        lock (log.Gate)
        {
            commit = log.Append([4, 5], awaited: false);
        }

        Assert.Null(commit.Completion);
        device.WaitForFlushAtGate();
        Assert.Equal(0ul, log.LastDurable);
        device.Open();
        await log.Writer.FlushAsync();
        Assert.Equal(commit.Sequence, log.LastDurable);
        Assert.Equal(commit.Sequence, FrameLog.Scan(device).LastSequence);
    }

    [Fact]
    public void Async_worker_writes_queued_commits_within_the_flush_interval_without_being_asked()
    {
        using var device = new MemoryStorageDevice("async-interval-wal");
        using var log = new FrameLog(device, DurabilityMode.Async, TimeSpan.FromMilliseconds(2));
        ulong last = log.AppendMany(20, i => [i]);

        // Not a timing assertion: it only waits (generously) for what the interval guarantees to happen.
        Assert.True(SpinWait.SpinUntil(() => log.LastDurable == last, TimeSpan.FromSeconds(30)), "the queued commits were never written");
        Assert.Equal(last, FrameLog.Scan(device).LastSequence);
    }

    [Fact]
    public void Async_worker_syncs_early_once_a_mebibyte_of_frames_is_queued()
    {
        using var device = new MemoryStorageDevice("async-backlog-wal");
        using var log = new FrameLog(device, DurabilityMode.Async, TimeSpan.FromHours(1));
        ulong last = log.AppendMany(300, i => [i + 1]);

        // 300 frames (over 1 MiB) are queued and the interval is an hour away: only the backlog can start the sync.
        Assert.True(SpinWait.SpinUntil(() => log.LastDurable > 0, TimeSpan.FromSeconds(30)), "the backlog did not start a sync");
        log.Flush();
        Assert.Equal(last, FrameLog.Scan(device).LastSequence);
    }

    [Fact]
    public void Async_close_writes_everything_queued()
    {
        var device = new MemoryStorageDevice("async-close-wal");
        var log = new FrameLog(device, DurabilityMode.Async, TimeSpan.FromHours(1));
        ulong last = log.AppendMany(50, i => [i, i + 1]);

        log.Dispose();
        Assert.Equal(last, FrameLog.Scan(device).LastSequence);
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy, false)]
    [InlineData(DurabilityMode.Legacy, true)]
    [InlineData(DurabilityMode.FullSync, false)]
    [InlineData(DurabilityMode.FullSync, true)]
    public void Failed_sync_fails_the_commit_and_the_log_refuses_writes_until_reopened(DurabilityMode mode, bool forever)
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice("failing-wal"), trackPowerLoss: true);
        var log = new FrameLog(device, mode);
        ulong acknowledged = log.Commit(1);
        acknowledged = log.Commit(2);
        device.FailFlushAt(device.FlushCount + 1, forever);

        var failure = Assert.Throws<SharpCoreDBException>(() => log.Commit(3));
        Assert.Equal(SharpCoreDBErrorCode.IoError, failure.ErrorCode);
        Assert.NotNull(log.Writer.Failure);
        var refused = Assert.Throws<SharpCoreDBException>(() => log.Commit(4));
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, refused.ErrorCode);
        Assert.Equal(acknowledged, log.LastDurable);
        log.Dispose();

        // What the disk holds after power loss: every acknowledged commit, maybe the failed one, nothing after it.
        for (int seed = 0; seed < 50; seed++)
        {
            using MemoryStorageDevice image = device.SimulatePowerLoss(new Random(seed), PowerLossPolicy.Default);
            WalScanResult scan = FrameLog.Scan(image);
            Assert.True(scan.LastSequence >= acknowledged && scan.LastSequence <= acknowledged + 1, $"seed {seed}: last {scan.LastSequence}");
        }
    }

    [Fact]
    public async Task FullSync_failed_write_fails_its_group_and_everything_queued_behind_it()
    {
        // The gate sits outside the fault injector: a flush held at the gate must not hold the injector's lock.
        using var device = new FaultInjectingDevice(new MemoryStorageDevice("group-fail-wal"), trackPowerLoss: false);
        using var gated = new GatedDevice(device);
        var log = new FrameLog(gated, DurabilityMode.FullSync);
        ulong acknowledged = log.Commit(1);
        gated.Close();
        WalCommit held;
        lock (log.Gate)
        {
            held = log.Append([2]);
        }

        gated.WaitForFlushAtGate();
        device.FailWriteAt(device.WriteCount + 1, forever: true);
        var behind = new List<WalCommit>();
        lock (log.Gate)
        {
            for (uint i = 0; i < 5; i++)
            {
                behind.Add(log.Append([20 + i]));
            }
        }

        gated.Open();
        await held.Completion!.Task;
        foreach (WalCommit commit in behind)
        {
            var error = await Assert.ThrowsAnyAsync<SharpCoreDBException>(() => commit.Completion!.Task);
            Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
        }

        Assert.Equal(held.Sequence, log.LastDurable);
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => log.Commit(9)).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, (await Assert.ThrowsAnyAsync<SharpCoreDBException>(log.Writer.FlushAsync)).ErrorCode);
        log.Dispose();
        Assert.True(acknowledged < held.Sequence);
        Assert.Equal(held.Sequence, FrameLog.Scan(device).LastSequence);
    }

    // The index's newest version of the page is the expected one, and the log holds its image.
    private static void AssertImage(FrameLog log, uint page, ulong version)
    {
        Assert.True(log.Index.TryFind(page, ulong.MaxValue, out ulong newest, out long offset));
        Assert.Equal(version, newest);
        byte[] image = new byte[FrameLog.PageSize];
        log.Log.ReadImage(offset, image);
        Assert.True(FrameLog.ImageMatches(image, page, version), $"page {page} does not hold version {version}");
    }

    // The writes of WritePiece-aligned pieces that cover [start, end).
    private static int Pieces(long start, long end) => (int)(((end - 1) / WalLogFile.WritePiece) - (start / WalLogFile.WritePiece) + 1);
}
