using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Writing;
using Xunit.Abstractions;

namespace SharpCoreDB.Wal.Tests.Recovery;

public sealed class WalRecoveryTests(ITestOutputHelper output)
{
    private const int FrameSize = WalFrameHeader.SizeOf + FrameLog.PageSize;

    [Fact]
    public void Empty_device_has_no_log()
    {
        using var device = new MemoryStorageDevice();
        WalScanResult scan = FrameLog.Scan(device);
        Assert.False(scan.HasHeader);
        Assert.Empty(scan.Frames);
    }

    [Fact]
    public void Fresh_log_has_a_header_and_no_frames()
    {
        using var device = new MemoryStorageDevice();
        using var log = new FrameLog(device, DurabilityMode.Legacy, checkpointSequence: 41);
        WalScanResult scan = FrameLog.Scan(device);
        Assert.True(scan.HasHeader);
        Assert.Empty(scan.Frames);
        Assert.Equal(41ul, scan.LastSequence);
        Assert.Equal(WalHeader.SizeOf, scan.End);
        Assert.Equal(scan.Header.Checksum, scan.Chain);
    }

    [Fact]
    public void Committed_frames_come_back_in_order_with_their_images()
    {
        using var device = new MemoryStorageDevice();
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        log.Commit(1, 2);
        log.Commit(2, 3, 4);
        log.Commit(7);

        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal([(1u, 1ul), (2u, 1ul), (2u, 2ul), (3u, 2ul), (4u, 2ul), (7u, 3ul)], scan.Frames.Select(f => (f.PageNumber, f.Sequence)));
        Assert.Equal(3ul, scan.LastSequence);
        Assert.Equal(WalHeader.SizeOf + (6L * FrameSize), scan.End);
        Assert.Equal(WalLogFile.GrowthStep - scan.End, scan.DiscardedBytes);
        Assert.False(scan.DiscardsOwnFrames, "zeros are nobody's frames");
        Assert.Equal(3u, scan.Batch);
    }

    [Fact]
    public void Log_grows_in_zero_filled_steps_that_recovery_reads_as_its_end()
    {
        using var device = new MemoryStorageDevice();
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        Assert.Equal(WalHeader.SizeOf, device.Length);
        log.Commit(1);
        Assert.Equal(WalLogFile.GrowthStep, device.Length);
        byte[] tail = new byte[WalLogFile.GrowthStep - (WalHeader.SizeOf + FrameSize)];
        Assert.Equal(tail.Length, device.Read(WalHeader.SizeOf + FrameSize, tail));
        Assert.All(tail, b => Assert.Equal(0, b));

        // Frames up to the step's end overwrite zeros without growing; the first one past it grows by one more step.
        int fit = (WalLogFile.GrowthStep - WalHeader.SizeOf) / FrameSize;
        for (uint page = 2; page <= fit; page++)
        {
            log.Commit(page);
        }

        Assert.Equal(WalLogFile.GrowthStep, device.Length);
        log.Commit((uint)(fit + 1));
        Assert.Equal(2L * WalLogFile.GrowthStep, device.Length);

        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal(fit + 1, scan.Frames.Count);
        Assert.Equal((ulong)(fit + 1), scan.LastSequence);
        Assert.Equal(WalHeader.SizeOf + ((fit + 1L) * FrameSize), scan.End);
    }

    [Fact]
    public void Frames_of_a_transaction_without_its_commit_frame_are_discarded()
    {
        using var device = new MemoryStorageDevice();
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        log.Commit(1);
        log.Commit(2, 3, 4);
        long end = FrameLog.Scan(device).End;

        // Cut the last frame (the commit frame) of the second transaction, and the zeros after it.
        device.SetLength(end - FrameSize);
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal(1ul, scan.LastSequence);
        Assert.Single(scan.Frames);
        Assert.Equal(2L * FrameSize, scan.DiscardedBytes);
        Assert.True(scan.DiscardsOwnFrames, "an unfinished transaction of the generation is its own");
    }

    [Fact]
    public void Torn_last_write_is_discarded_at_every_tear_point()
    {
        for (int keep = 0; keep < 3 * FrameSize; keep += 509)
        {
            using var device = new FaultInjectingDevice(new MemoryStorageDevice(), trackPowerLoss: false);
            using var log = new FrameLog(device, DurabilityMode.Legacy);
            log.Commit(1);
            device.TearWriteAt(device.WriteCount + 1, keep, silent: true);
            log.Commit(2, 3, 4);

            WalScanResult scan = FrameLog.Scan(device);
            Assert.True(scan.LastSequence == 1, $"keep {keep}");
        }
    }

    [Fact]
    public void Damaged_frame_followed_by_synced_batches_is_corruption_not_a_tail()
    {
        using var device = new MemoryStorageDevice("damaged-wal");
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        log.Commit(1, 2);
        log.Commit(3);
        log.Commit(4);

        // Flip one bit in the page image of frame 1 (batch 1, synced long ago).
        long at = WalHeader.SizeOf + FrameSize + WalFrameHeader.SizeOf + 100;
        FlipBit(device, at);
        var error = Assert.Throws<SharpCoreDBException>(() => FrameLog.Scan(device));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains("damaged-wal", error.Message, StringComparison.Ordinal);
        Assert.Contains("frame 1", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Damaged_header_of_a_synced_frame_is_corruption_too()
    {
        using var device = new MemoryStorageDevice("damaged-header-wal");
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        log.Commit(1);
        log.Commit(2);
        log.Commit(3);

        FlipBit(device, WalHeader.SizeOf + WalFrameHeader.Salt1Offset);
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, Assert.Throws<SharpCoreDBException>(() => FrameLog.Scan(device)).ErrorCode);
    }

    [Fact]
    public void Damage_in_the_last_batch_is_treated_as_a_torn_tail()
    {
        using var device = new MemoryStorageDevice();
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        log.Commit(1);
        log.Commit(2, 3);

        FlipBit(device, WalHeader.SizeOf + FrameSize + WalFrameHeader.SizeOf + 7);
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal(1ul, scan.LastSequence);
    }

    [Fact]
    public void Frames_of_an_older_generation_never_validate()
    {
        using var device = new MemoryStorageDevice();
        var log = new FrameLog(device, DurabilityMode.Legacy);
        log.Commit(1, 2, 3);
        log.Commit(4);
        log.Dispose();

        // A reset writes a new header over the old one; the old frames stay on disk.
        WalLogFile restarted = WalLogFile.Resume(device, log.Log.Header, device.Length, 0, new byte[16], 0, authenticator: null);
        restarted.WriteNewHeader(checkpointSequence: 2);
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Empty(scan.Frames);
        Assert.Equal(2ul, scan.LastSequence);
        Assert.NotEqual(log.Log.Header.Salt1, scan.Header.Salt1);
    }

    [Fact]
    public void Damaged_header_is_reported_as_invalid_for_the_open_to_judge()
    {
        // Whether it hides commits is decided with the database (LogAdmissionTests); the scan only says so.
        using var device = new MemoryStorageDevice();
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        log.Commit(1);
        FlipBit(device, WalHeader.Salt2Offset);
        WalScanResult scan = FrameLog.Scan(device);
        Assert.False(scan.HasHeader);
        Assert.Equal(WalHeaderStatus.Invalid, scan.HeaderStatus);
        Assert.Empty(scan.Frames);
    }

    [Fact]
    public void Log_of_another_page_size_is_rejected()
    {
        using var device = new MemoryStorageDevice("other-wal");
        using var log = new FrameLog(device, DurabilityMode.Legacy);
        var error = Assert.Throws<SharpCoreDBException>(() => WalRecovery.Scan(device, FrameLog.Expectation(8192)));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains("other-wal", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    [InlineData(DurabilityMode.Async)]
    public void Power_loss_at_a_random_moment_recovers_a_prefix_holding_every_acknowledged_commit(DurabilityMode mode)
    {
        int runs = WalTestKit.Stress ? 20_000 : 250;
        var cases = new PowerLossCases();
        Parallel.For(0, runs, new ParallelOptions { MaxDegreeOfParallelism = 4 }, seed => cases.Add(PowerLossRun(mode, seed)));

        // The cut must really land between writes and their sync: with unflushed writes at stake, with several commits
        // of a group not durable yet (the modes that group), torn writes, and later writes surviving earlier ones.
        string counts = $"{mode}, {runs} runs: {cases}";
        output.WriteLine(counts);
        Assert.True(cases.Unflushed >= runs / 4, $"too few cuts with unflushed writes; {counts}");
        Assert.True(cases.Torn >= runs / 20, $"too few cuts with a torn write; {counts}");
        Assert.True(cases.Reordered >= runs / 40, $"too few cuts where a later write survived an earlier one; {counts}");
        if (mode != DurabilityMode.Legacy)
        {
            Assert.True(cases.MidGroup >= runs / 20, $"too few cuts in the middle of a group; {counts}");
        }
    }

    // One run: groups of commits (appended together, then waited for as the mode prescribes) while the power is cut
    // just before a random flush of the log, so the group that flush would have made durable is at stake.
    private static PowerLossCase PowerLossRun(DurabilityMode mode, int seed)
    {
        var rng = new Random(seed);
        var grid = new PowerGrid(new Random(seed ^ 0x5EED), PowerLossPolicy.Default);
        PowerGrid.CutDevice device = grid.Attach("power-wal");
        var log = new FrameLog(device, mode, TimeSpan.FromMilliseconds(1));
        var written = new Dictionary<ulong, uint[]>();
        ulong appended = 0;
        ulong acknowledgedAtCut = 0;
        ulong notDurableAtCut = 0;
        grid.OnCut = () =>
        {
            acknowledgedAtCut = log.LastDurable;
            notDurableAtCut = Volatile.Read(ref appended) - acknowledgedAtCut;
        };

        int groups = rng.Next(1, 6);
        grid.CutBeforeFlush(grid.Flushes + rng.Next(1, groups + 2));
        var pending = new List<WalCommit>();
        for (int g = 0; g < groups; g++)
        {
            lock (log.Gate)
            {
                for (int i = rng.Next(1, 6); i > 0; i--)
                {
                    uint[] pages = [.. Enumerable.Range(0, rng.Next(1, 5)).Select(_ => (uint)rng.Next(50)).Distinct()];
                    WalCommit commit = log.Append(pages);
                    written[commit.Sequence] = pages;
                    Volatile.Write(ref appended, commit.Sequence);
                    pending.Add(commit);
                }
            }

            foreach (WalCommit commit in pending)
            {
                commit.Completion?.Task.GetAwaiter().GetResult();
            }

            pending.Clear();
        }

        log.Flush();
        grid.CutNow();
        log.Dispose();
        using MemoryStorageDevice image = grid.Images![0];
        string context = $"seed {seed}, {mode}";
        WalScanResult scan = FrameLog.Scan(image);
        Assert.True(scan.LastSequence >= acknowledgedAtCut, $"{context}: recovered {scan.LastSequence}, acknowledged {acknowledgedAtCut}");
        Assert.True(scan.LastSequence <= (ulong)written.Count, context);
        var byTransaction = scan.Frames.GroupBy(f => f.Sequence).ToList();
        Assert.Equal(Enumerable.Range(1, (int)scan.LastSequence).Select(i => (ulong)i), byTransaction.Select(g => g.Key));
        byte[] buffer = new byte[FrameLog.PageSize];
        foreach (IGrouping<ulong, WalFrameRef> transaction in byTransaction)
        {
            Assert.True(written[transaction.Key].SequenceEqual(transaction.Select(f => f.PageNumber)), $"{context}: transaction {transaction.Key} is partial");
            foreach (WalFrameRef frame in transaction)
            {
                image.Read(frame.Offset + WalFrameHeader.SizeOf, buffer);
                Assert.True(FrameLog.ImageMatches(buffer, frame.PageNumber, frame.Sequence), $"{context}: page {frame.PageNumber} of transaction {frame.Sequence}");
            }
        }

        return PowerLossCase.Of(grid.Decisions, notDurableAtCut);
    }

    private static void FlipBit(IStorageDevice device, long offset)
    {
        byte[] one = new byte[1];
        device.Read(offset, one);
        one[0] ^= 0x10;
        device.Write(offset, one);
    }
}
