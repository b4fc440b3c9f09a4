using System.Collections.Concurrent;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// FullSync commits a lone committer writes itself (no other transaction writing or waiting, nothing queued, the last
/// group a single commit): one write and one sync on the committing thread, durable and visible when the call returns,
/// and a commit that arrives meanwhile queued behind it in log order, failed with it, and waited for on close.
/// </summary>
public sealed class OwnWriteTests
{
    [Fact]
    public void Lone_FullSync_committer_writes_and_syncs_its_own_commit_before_it_returns()
    {
        var grid = new PowerGrid(new Random(0x0A11), PowerLossPolicy.Default);
        using var kit = new WalTestKit(DurabilityMode.FullSync)
        {
            Database = grid.Attach("own.scdb"),
            Wal = grid.Attach("own.scdb-wal"),
            AutoCheckpoint = false,
        };

        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        for (int version = 2; version <= 20; version++)
        {
            WalPageStoreTests.Rewrite(store, page, version);
            Assert.Equal(store.DurableSequence, store.VisibleSequence);
            using IReadTransaction reader = store.BeginRead();
            using PageLease lease = reader.Read(page);
            WalTestKit.AssertPage(lease.Data, page, version, "a reader after the commit returned");
        }

        Assert.Equal(20, store.OwnWrites);
        Assert.Equal((20L, 20L), store.LogSyncs);

        // Nothing was ever queued, so the log writer's thread never started (opening and closing stay cheap).
        Assert.False(store.LogWorkerStarted);

        // Power cut the moment the last commit returned: whatever was not synced is dropped, kept or torn.
        grid.CutNow();
        MemoryStorageDevice[] images = grid.Images!;
        using var after = new WalTestKit(DurabilityMode.FullSync) { Database = images[0], Wal = images[1] };
        using WalPageStore reopened = after.Open();
        using IReadTransaction check = reopened.BeginRead();
        using PageLease back = check.Read(page);
        WalTestKit.AssertPage(back.Data, page, 20, "after the power cut");
    }

    [Fact]
    public async Task Commit_arriving_during_a_lone_committers_sync_is_queued_and_follows_it_in_the_log()
    {
        var gated = new GatedDevice(new MemoryStorageDevice("own.scdb-wal"));
        using var kit = new WalTestKit(DurabilityMode.FullSync) { Wal = gated, AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        uint first = WalPageStoreTests.AllocateAndFill(store, 1);
        uint second = WalPageStoreTests.AllocateAndFill(store, 1);
        long ownBefore = store.OwnWrites;
        ulong before = store.DurableSequence;

        gated.Close();
        Task lone = Task.Run(() => WalPageStoreTests.Rewrite(store, first, 2));
        gated.WaitForFlushAtGate();

        // The lone committer holds the log, not the writer slot: the next writer commits, and its commit waits.
        Task behind = Task.Run(() => WalPageStoreTests.Rewrite(store, second, 3));
        SpinWait.SpinUntil(() => store.EnqueuedSequence == before + 2, TimeSpan.FromSeconds(30));
        Assert.Equal(before + 2, store.EnqueuedSequence);
        Assert.Equal(before, store.DurableSequence);
        using (IReadTransaction reader = store.BeginRead())
        {
            using PageLease a = reader.Read(first);
            WalTestKit.AssertPage(a.Data, first, 1, "a reader during the lone sync");
            using PageLease b = reader.Read(second);
            WalTestKit.AssertPage(b.Data, second, 1, "a reader during the lone sync");
        }

        Assert.False(lone.IsCompleted);
        Assert.False(behind.IsCompleted);
        gated.Open();
        await lone;
        await behind;
        Assert.Equal(before + 2, store.DurableSequence);
        Assert.Equal(ownBefore + 1, store.OwnWrites);

        // In the log, the lone commit's frame comes first, then the one queued behind it.
        WalScanResult scan = WalRecovery.Scan(gated, new WalScanExpectation(store.File.Name, store.File.DatabaseId.ToArray(), store.File.PageSize, store.File.Codec.Authenticator));
        List<WalFrameRef> frames = [.. scan.Frames.Where(f => f.Sequence > before)];
        Assert.Equal([(first, before + 1), (second, before + 2)], frames.Select(f => (f.PageNumber, f.Sequence)));
        Assert.True(frames[0].Offset < frames[1].Offset);
        store.Dispose();
    }

    [Fact]
    public async Task Failed_sync_of_a_lone_committer_fails_it_and_the_commit_queued_behind_it()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice("own-fail.scdb-wal"), trackPowerLoss: false);
        using var gated = new GatedDevice(device);
        using var kit = new WalTestKit(DurabilityMode.FullSync) { Wal = gated, AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        uint first = WalPageStoreTests.AllocateAndFill(store, 1);
        uint second = WalPageStoreTests.AllocateAndFill(store, 1);
        ulong acknowledged = store.DurableSequence;

        gated.Close();
        Task lone = Task.Run(() => WalPageStoreTests.Rewrite(store, first, 2));
        gated.WaitForFlushAtGate();
        Task behind = Task.Run(() => WalPageStoreTests.Rewrite(store, second, 3));
        SpinWait.SpinUntil(() => store.EnqueuedSequence == acknowledged + 2, TimeSpan.FromSeconds(30));

        // The flush held at the gate has not reached the injector yet: it is the next one.
        device.FailFlushAt(device.FlushCount + 1);
        gated.Open();
        Assert.Equal(SharpCoreDBErrorCode.IoError, (await Assert.ThrowsAnyAsync<SharpCoreDBException>(() => lone)).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.IoError, (await Assert.ThrowsAnyAsync<SharpCoreDBException>(() => behind)).ErrorCode);
        Assert.Equal(acknowledged, store.DurableSequence);
        var refused = Assert.Throws<SharpCoreDBException>(() => WalPageStoreTests.Rewrite(store, first, 4));
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, refused.ErrorCode);
        store.Dispose();

        // Reopened from the files as they are: the lone commit's frames were written before its sync failed, so it may
        // be there whole or not at all (as after any failed fsync); the commit queued behind it was never written.
        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        using var after = new WalTestKit(DurabilityMode.FullSync) { Database = database, Wal = wal };
        using WalPageStore reopened = after.Open();
        using IReadTransaction reader = reopened.BeginRead();
        using PageLease a = reader.Read(first);
        WalTestKit.AssertPage(a.Data, first, WalTestKit.VersionOf(a.Data) == 2 ? 2 : 1, "after reopening");
        using PageLease b = reader.Read(second);
        WalTestKit.AssertPage(b.Data, second, 1, "after reopening");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Close_waits_for_a_lone_committer_still_writing(bool workerStarted)
    {
        // The store owns its devices here, as outside tests: closing one under the sync would fail the commit.
        var wal = new MemoryStorageDevice("own-close.scdb-wal");
        var gated = new GatedDevice(wal, ownsInner: false);
        var database = new MemoryStorageDevice("own-close.scdb");
        using var kit = new WalTestKit(DurabilityMode.FullSync)
        {
            Database = new GatedDevice(database, ownsInner: false),
            Wal = gated,
            AutoCheckpoint = false,
            LeaveDevicesOpen = false,
        };
        WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        if (workerStarted)
        {
            // A flush goes through the worker, which then runs: closing joins it instead of waiting for the turn itself.
            await store.FlushAsync();
        }

        Assert.Equal(workerStarted, store.LogWorkerStarted);
        gated.Close();
        Task lone = Task.Run(() => WalPageStoreTests.Rewrite(store, page, 2));
        gated.WaitForFlushAtGate();
        Task close = Task.Run(store.Dispose);

        // Closing must not shut the log under the sync: it cannot finish while the sync is held.
        Assert.NotSame(close, await Task.WhenAny(close, Task.Delay(TimeSpan.FromMilliseconds(200))));
        gated.Open();
        await lone;
        await close;

        using var after = new WalTestKit(DurabilityMode.FullSync) { Database = database.Clone(), Wal = wal.Clone() };
        using WalPageStore reopened = after.Open();
        using IReadTransaction reader = reopened.BeginRead();
        using PageLease lease = reader.Read(page);
        WalTestKit.AssertPage(lease.Data, page, 2, "after closing");
    }

    [Theory]
    [InlineData(DurabilityMode.FullSync)]
    [InlineData(DurabilityMode.Async)]
    public async Task Log_writer_thread_starts_with_the_first_queued_commit(DurabilityMode mode)
    {
        using var kit = new WalTestKit(mode) { AutoCheckpoint = false };
        uint page;
        using (WalPageStore store = kit.Open())
        {
            Assert.False(store.LogWorkerStarted);
            using (IReadTransaction reader = store.BeginRead())
            {
                Assert.Equal(store.VisibleSequence, ((WalReadTransaction)reader).Sequence);
            }

            Assert.False(store.LogWorkerStarted);

            // CommitAsync always queues (it must not block its thread on the disk), in both modes.
            IWriteTransaction tx = await store.BeginWriteAsync(TimeSpan.FromSeconds(10));
            using (PageLease lease = tx.Allocate())
            {
                page = lease.PageNumber;
                WalTestKit.Fill(lease.Writable, page, 1);
            }

            await tx.CommitAsync();
            tx.Dispose();
            Assert.True(store.LogWorkerStarted);
            await store.FlushAsync();
        }

        using WalPageStore reopened = kit.Open();
        using IReadTransaction check = reopened.BeginRead();
        using PageLease back = check.Read(page);
        WalTestKit.AssertPage(back.Data, page, 1, $"{mode}, reopened");
    }

    [Theory]
    [InlineData(41)]
    [InlineData(42)]
    [InlineData(43)]
    public async Task Random_mix_of_lone_and_overlapping_commits_keeps_every_acknowledged_commit_in_sequence_order(int seed)
    {
        var rng = new Random(seed);
        string context = $"seed {seed}";
        using var kit = new WalTestKit(DurabilityMode.FullSync)
        {
            AutoCheckpoint = rng.Next(2) == 0,
            CheckpointThreshold = 16 * 1024,
            File = rng.Next(4) == 0 ? WalTestKit.Encrypted() : new PageFileOptions(),
        };

        WalPageStore store = kit.Open();
        uint[] pages = new uint[8];
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30)))
        {
            for (int i = 0; i < pages.Length; i++)
            {
                using PageLease lease = tx.Allocate();
                pages[i] = lease.PageNumber;
                WalTestKit.Fill(lease.Writable, lease.PageNumber, 0);
            }

            tx.Commit();
        }

        // Every acknowledged commit: its sequence and what it wrote. Replayed in sequence order, they are the model.
        var acknowledged = new ConcurrentBag<(ulong Sequence, uint Page, int Version)>();
        int nextVersion = 0;
        int phases = WalTestKit.Stress ? 400 : 30;
        for (int phase = 0; phase < phases; phase++)
        {
            // Phase 0 is one thread's synchronous commits, so lone commits are certain to happen at least once.
            int threads = phase == 0 || rng.Next(3) == 0 ? 1 : rng.Next(2, 7);
            int phaseSeed = rng.Next();
            bool checkpoint = rng.Next(4) == 0;
            var work = new List<Task>();
            for (int t = 0; t < threads; t++)
            {
                var local = new Random(phaseSeed + t);
                bool forceSync = phase == 0;
                work.Add(Task.Run(async () =>
                {
                    for (int c = local.Next(phase == 0 ? 4 : 1, 9); c > 0; c--)
                    {
                        bool async = !forceSync && local.Next(3) == 0;
                        IWriteTransaction tx = async ? await store.BeginWriteAsync(TimeSpan.FromSeconds(30)) : store.BeginWrite(TimeSpan.FromSeconds(30));
                        ulong sequence = ((WalWriteTransaction)tx).CommitSequence;
                        var wrote = new List<(uint, int)>();
                        for (int w = local.Next(1, 4); w > 0; w--)
                        {
                            uint page = pages[local.Next(pages.Length)];
                            int version = Interlocked.Increment(ref nextVersion);
                            using PageLease lease = tx.Write(page);
                            WalTestKit.Fill(lease.Writable, page, version);
                            wrote.Add((page, version));
                        }

                        if (async)
                        {
                            await tx.CommitAsync();
                        }
                        else
                        {
                            tx.Commit();
                        }

                        tx.Dispose();
                        foreach ((uint page, int version) in wrote)
                        {
                            acknowledged.Add((sequence, page, version));
                        }
                    }
                }));
            }

            if (checkpoint)
            {
                work.Add(Task.Run(() => store.Checkpoint()));
            }

            await Task.WhenAll(work);
            Dictionary<uint, int> model = Model(pages, acknowledged);
            Assert.Equal(store.DurableSequence, store.VisibleSequence);
            using IReadTransaction reader = store.BeginRead();
            WalTestKit.AssertMatches(reader, model, $"{context}, after phase {phase}");
        }

        Assert.True(store.OwnWrites > 0, $"no lone commit wrote itself; {context}");

        // As the process left it (no close): recovery replays the log to the same state.
        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();
        using var after = new WalTestKit(DurabilityMode.FullSync) { Database = database, Wal = wal, File = kit.File };
        using WalPageStore reopened = after.Open();
        using (IReadTransaction reader = reopened.BeginRead())
        {
            WalTestKit.AssertMatches(reader, Model(pages, acknowledged), $"{context}, reopened");
        }

        WalTestKit.AssertIntegrity(reopened, context);
    }

    // Each page's version from the newest acknowledged commit that wrote it (a transaction writes a page at most once
    // per version it leaves, and the last write within a transaction wins).
    private static Dictionary<uint, int> Model(uint[] pages, IEnumerable<(ulong Sequence, uint Page, int Version)> acknowledged)
    {
        var model = pages.ToDictionary(p => p, _ => 0);
        foreach ((ulong _, uint page, int version) in acknowledged.OrderBy(a => a.Sequence).ThenBy(a => a.Version))
        {
            model[page] = version;
        }

        return model;
    }
}
