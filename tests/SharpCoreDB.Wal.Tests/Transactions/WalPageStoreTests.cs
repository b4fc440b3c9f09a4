using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Checkpoint;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Transactions;

public sealed class WalPageStoreTests
{
    public static TheoryData<DurabilityMode> Modes => [DurabilityMode.Legacy, DurabilityMode.FullSync, DurabilityMode.Async];

    [Theory]
    [MemberData(nameof(Modes))]
    public void Committed_pages_are_read_back_by_later_transactions(DurabilityMode mode)
    {
        using var kit = new WalTestKit(mode);
        using WalPageStore store = kit.Open();
        uint page = AllocateAndFill(store, version: 1);
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            using (PageLease lease = tx.Write(page))
            {
                WalTestKit.Fill(lease.Writable, page, 2);
            }

            tx.Commit();
        }

        using IReadTransaction read = store.BeginRead();
        using PageLease back = read.Read(page);
        WalTestKit.AssertPage(back.Data, page, 2, mode.ToString());
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void Commits_survive_close_and_reopen_and_close_empties_the_log(DurabilityMode mode)
    {
        using var kit = new WalTestKit(mode);
        var model = new Dictionary<uint, int>();
        using (WalPageStore store = kit.Open())
        {
            for (int version = 1; version <= 20; version++)
            {
                uint page = AllocateAndFill(store, version);
                model[page] = version;
            }
        }

        // Emptied: a new generation with no frames (the file keeps what the session used for the next one).
        WalScanResult closed = WalRecovery.Scan(kit.Wal, expected: null);
        Assert.Empty(closed.Frames);
        Assert.False(closed.DiscardsOwnFrames);
        Assert.True(kit.Wal.Length <= WalLogFile.GrowthStep, $"the log is {kit.Wal.Length} bytes");
        using (WalPageStore store = kit.Open())
        {
            using IReadTransaction read = store.BeginRead();
            WalTestKit.AssertMatches(read, model, mode.ToString());
            WalTestKit.AssertIntegrity(store, mode.ToString());
        }
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void Acknowledged_commits_survive_a_crash_without_close(DurabilityMode mode)
    {
        using var kit = new WalTestKit(mode) { AutoCheckpoint = false };
        var model = new Dictionary<uint, int>();
        WalPageStore store = kit.Open();
        for (int version = 1; version <= 30; version++)
        {
            model[AllocateAndFill(store, version)] = version;
        }

        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();
        kit.Database = database;
        kit.Wal = wal;
        using WalPageStore reopened = kit.Open();
        using IReadTransaction read = reopened.BeginRead();
        WalTestKit.AssertMatches(read, model, mode.ToString());
    }

    [Fact]
    public void Rollback_discards_the_writers_pages()
    {
        using var kit = new WalTestKit();
        using WalPageStore store = kit.Open();
        uint page = AllocateAndFill(store, version: 1);
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            using (PageLease lease = tx.Write(page))
            {
                WalTestKit.Fill(lease.Writable, page, 2);
            }

            using (PageLease extra = tx.Allocate())
            {
                WalTestKit.Fill(extra.Writable, extra.PageNumber, 9);
            }

            tx.Rollback();
        }

        using IReadTransaction read = store.BeginRead();
        using PageLease back = read.Read(page);
        WalTestKit.AssertPage(back.Data, page, 1, "after rollback");
        Assert.Equal(page + 1, ((SharpCoreDB.Wal.Transactions.WalReadTransaction)read).PageCount);
    }

    [Theory]
    [InlineData(DurabilityMode.Async)]
    [InlineData(DurabilityMode.FullSync)]
    [InlineData(DurabilityMode.Legacy)]
    public void A_lease_still_open_at_commit_cannot_change_what_was_committed(DurabilityMode mode)
    {
        // The queue keeps a committed page's own buffer when the transaction is done with it; a page still leased
        // must be copied instead, or writing through the lease after the commit would change committed data.
        using var kit = new WalTestKit(mode) { AutoCheckpoint = false };
        uint held;
        uint released;
        using (WalPageStore store = kit.Open())
        {
            held = AllocateAndFill(store, version: 1);
            released = AllocateAndFill(store, version: 1);
            IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5));
            PageLease open = tx.Write(held);
            WalTestKit.Fill(open.Writable, held, 2);
            using (PageLease closed = tx.Write(released))
            {
                WalTestKit.Fill(closed.Writable, released, 2);
            }

            tx.Commit();
            WalTestKit.Fill(open.Writable, held, 99);
            open.Dispose();
            tx.Dispose();

            using IReadTransaction read = store.BeginRead();
            WalTestKit.AssertMatches(read, new Dictionary<uint, int> { [held] = 2, [released] = 2 }, $"{mode}, right after the commit");
            store.Flush();
            Rewrite(store, released, 3);
            using IReadTransaction later = store.BeginRead();
            WalTestKit.AssertMatches(later, new Dictionary<uint, int> { [held] = 2, [released] = 3 }, $"{mode}, after another commit");
        }

        using WalPageStore reopened = kit.Open();
        using IReadTransaction afterReopen = reopened.BeginRead();
        WalTestKit.AssertMatches(afterReopen, new Dictionary<uint, int> { [held] = 2, [released] = 3 }, $"{mode}, after reopening");
    }

    [Fact]
    public void Reader_keeps_its_snapshot_while_the_writer_commits()
    {
        using var kit = new WalTestKit();
        using WalPageStore store = kit.Open();
        uint page = AllocateAndFill(store, version: 1);
        using IReadTransaction before = store.BeginRead();
        Rewrite(store, page, 2);
        uint added = AllocateAndFill(store, version: 3);
        using IReadTransaction after = store.BeginRead();

        using (PageLease old = before.Read(page))
        {
            WalTestKit.AssertPage(old.Data, page, 1, "old snapshot");
        }

        Assert.Throws<SharpCoreDBException>(() => before.Read(added));
        using (PageLease fresh = after.Read(page))
        {
            WalTestKit.AssertPage(fresh.Data, page, 2, "new snapshot");
        }
    }

    [Fact]
    public async Task Second_writer_gets_busy_after_the_timeout()
    {
        using var kit = new WalTestKit();
        using WalPageStore store = kit.Open();
        using IWriteTransaction first = store.BeginWrite(TimeSpan.FromSeconds(5));
        var error = Assert.Throws<SharpCoreDBException>(() => store.BeginWrite(TimeSpan.FromMilliseconds(20)));
        Assert.Equal(SharpCoreDBErrorCode.Busy, error.ErrorCode);
        Assert.True(error.IsTransient);
        var asyncError = await Assert.ThrowsAsync<SharpCoreDBException>(async () => await store.BeginWriteAsync(TimeSpan.FromMilliseconds(20)));
        Assert.Equal(SharpCoreDBErrorCode.Busy, asyncError.ErrorCode);
        first.Rollback();
        using IWriteTransaction second = store.BeginWrite(TimeSpan.FromMilliseconds(20));
    }

    [Fact]
    public void A_writer_waiting_for_the_slot_gets_it_when_the_holder_ends_even_if_a_running_newcomer_takes_it_first()
    {
        TimeSpan hangGuard = TimeSpan.FromSeconds(30);
        using var kit = new WalTestKit(DurabilityMode.FullSync);
        using WalPageStore store = kit.Open();
        IWriteTransaction holder = store.BeginWrite(hangGuard);
        using var mayEnd = new ManualResetEventSlim();
        bool waiterEntered = false;
        var waiter = new Thread(() =>
        {
            using IWriteTransaction tx = store.BeginWrite(hangGuard);
            waiterEntered = true;
            mayEnd.Wait(hangGuard);
        });
        waiter.Start();
        var spinner = default(SpinWait);
        long deadline = Environment.TickCount64 + (long)hangGuard.TotalMilliseconds;
        while (store.WriterSlot.QueuedWaiters == 0)
        {
            Assert.True(Environment.TickCount64 < deadline, "the waiter never queued");
            spinner.SpinOnce();
        }

        holder.Rollback();

        // The release woke the waiter and freed the slot: a writer running now may take it before the waiter runs
        // (bounded barging, see WriterSlot), or be refused if the waiter was first. Either way the waiter is not lost.
        IWriteTransaction? newcomer = null;
        try
        {
            newcomer = store.BeginWrite(TimeSpan.Zero);
        }
        catch (SharpCoreDBException ex)
        {
            Assert.Equal(SharpCoreDBErrorCode.Busy, ex.ErrorCode);
        }

        newcomer?.Rollback();
        mayEnd.Set();
        Assert.True(waiter.Join(hangGuard), "the waiter never got the slot");
        Assert.True(waiterEntered);
        Assert.Equal(1, store.WriterSlot.WokenEntries + store.WriterSlot.HandOffs);
    }

    [Fact]
    public void Read_only_open_sees_the_log_and_refuses_writes_without_touching_the_files()
    {
        using var kit = new WalTestKit { AutoCheckpoint = false };
        var model = new Dictionary<uint, int>();
        WalPageStore writer = kit.Open();
        for (int version = 1; version <= 5; version++)
        {
            model[AllocateAndFill(writer, version)] = version;
        }

        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        writer.Dispose();
        byte[] databaseBytes = database.ToArray();
        byte[] walBytes = wal.ToArray();
        kit.Database = database;
        kit.Wal = wal;
        using (WalPageStore store = kit.Open(readOnly: true))
        {
            Assert.True(store.IsReadOnly);
            using (IReadTransaction read = store.BeginRead())
            {
                WalTestKit.AssertMatches(read, model, "read-only");
            }

            Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => store.BeginWrite(TimeSpan.Zero)).ErrorCode);
        }

        Assert.Equal(databaseBytes, database.ToArray());
        Assert.Equal(walBytes, wal.ToArray());
    }

    [Fact]
    public void Checkpoint_copies_pages_into_the_database_file_and_restarts_the_log()
    {
        using var kit = new WalTestKit { AutoCheckpoint = false };
        using WalPageStore store = kit.Open();
        var model = new Dictionary<uint, int>();
        for (int version = 1; version <= 10; version++)
        {
            model[AllocateAndFill(store, version)] = version;
        }

        long walBefore = store.WalSize;
        CheckpointResult result = store.Checkpoint();
        Assert.True(result.PagesCopied >= 10);
        Assert.True(result.IsComplete);
        Assert.True(result.LogRestarted);
        Assert.Equal(WalHeader.SizeOf, store.WalSize);
        Assert.True(walBefore > store.WalSize);

        // The database file alone now holds the pages.
        using (IReadTransaction read = store.BeginRead())
        {
            WalTestKit.AssertMatches(read, model, "after checkpoint");
        }

        model[AllocateAndFill(store, 11)] = 11;
        using (IReadTransaction read = store.BeginRead())
        {
            WalTestKit.AssertMatches(read, model, "after restart");
        }

        WalTestKit.AssertIntegrity(store, "after restart");
    }

    [Fact]
    public void Checkpoint_leaves_what_an_open_snapshot_needs_and_finishes_once_it_ends()
    {
        using var kit = new WalTestKit { AutoCheckpoint = false };
        using WalPageStore store = kit.Open();
        uint page = AllocateAndFill(store, 1);
        IReadTransaction reader = store.BeginRead();
        ulong readerSequence = ((SharpCoreDB.Wal.Transactions.WalReadTransaction)reader).Sequence;
        Rewrite(store, page, 2);
        Rewrite(store, page, 3);

        CheckpointResult partial = store.Checkpoint();
        Assert.False(partial.IsComplete);
        Assert.Equal(readerSequence, partial.BackfilledSequence);
        using (PageLease old = reader.Read(page))
        {
            WalTestKit.AssertPage(old.Data, page, 1, "snapshot during checkpoint");
        }

        reader.Dispose();
        CheckpointResult full = store.Checkpoint();
        Assert.True(full.IsComplete);
        Assert.True(full.LogRestarted);
        using IReadTransaction read = store.BeginRead();
        using PageLease now = read.Read(page);
        WalTestKit.AssertPage(now.Data, page, 3, "after full checkpoint");
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void Automatic_checkpoints_copy_the_log_once_it_passes_its_threshold_and_the_log_restarts(DurabilityMode mode)
    {
        using var kit = new WalTestKit(mode) { CheckpointThreshold = 64 * 1024 };
        using WalPageStore store = kit.Open();
        var model = new Dictionary<uint, int>();
        for (int version = 1; version <= 100; version++)
        {
            model[AllocateAndFill(store, version)] = version;
        }

        store.Flush();
        ulong durable = store.DurableSequence;
        const int threshold = 64 * 1024;

        // The checkpoint runs in the background: wait for it (no timing is asserted, only that it happens). It is
        // done when everything is copied, or when the log restarted and is back under its threshold.
        Assert.True(
            SpinWait.SpinUntil(() => store.BackfilledSequence == durable || store.WalSize - WalHeader.SizeOf < threshold || store.Failure is not null, TimeSpan.FromSeconds(60)),
            $"backfilled {store.BackfilledSequence} of {durable}, log {store.WalSize} bytes");
        Assert.Null(store.Failure);
        Assert.True(store.BackfilledSequence > 0, "no checkpoint ran");
        model[AllocateAndFill(store, 101)] = 101;

        // 101 commits wrote over 800 KiB of frames; a log this short has restarted.
        Assert.True(store.WalSize < 2 * threshold, $"the log did not restart: {store.WalSize} bytes");
        using IReadTransaction read = store.BeginRead();
        WalTestKit.AssertMatches(read, model, mode.ToString());
    }

    [Theory]
    [InlineData(DurabilityMode.Async)]
    [InlineData(DurabilityMode.FullSync)]
    public void The_log_writer_may_merge_only_commits_no_reader_can_stand_on(DurabilityMode mode)
    {
        using var kit = new WalTestKit(mode) { FlushInterval = TimeSpan.FromHours(1) };
        using WalPageStore store = kit.Open();
        AllocateAndFill(store, 1);
        using WalReadTransaction reader = store.BeginSnapshot();
        AllocateAndFill(store, 2);
        AllocateAndFill(store, 3);
        ulong visible = store.VisibleSequence;

        var boundaries = new List<ulong>();
        ulong mergeableBelow = ((IWalFrameSource)store).CollectSnapshotBoundaries(reader.Sequence, visible + 5, boundaries);

        // The reader's snapshot must stay a state of the log.
        Assert.Equal([reader.Sequence], boundaries);

        // Async: a reader starting now sees the newest queued commit, so nothing from the visible one on may be merged
        // away. FullSync: readers only ever see the end of a durable group, so a group may merge throughout.
        Assert.Equal(mode == DurabilityMode.Async ? visible : ulong.MaxValue, mergeableBelow);
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy, false)]
    [InlineData(DurabilityMode.FullSync, false)]
    [InlineData(DurabilityMode.Async, false)]
    [InlineData(DurabilityMode.FullSync, true)]
    public void The_next_writer_reads_the_pages_the_last_commit_wrote_without_loading_them(DurabilityMode mode, bool encrypted)
    {
        using var kit = new WalTestKit(mode, encrypted ? WalTestKit.Encrypted() : null);
        using WalPageStore store = kit.Open();
        uint page = AllocateAndFill(store, 1);
        Rewrite(store, page, 2);
        long misses = store.Cache.Misses;
        for (int version = 3; version <= 40; version++)
        {
            using (IReadTransaction read = store.BeginRead())
            using (PageLease before = read.Read(page))
            {
                WalTestKit.AssertPage(before.Data, page, version - 1, $"{mode}, reader before version {version}");
            }

            Rewrite(store, page, version);
        }

        // Every writer found the page its predecessor committed in the cache, and so did every reader.
        Assert.Equal(misses, store.Cache.Misses);

        // What the cache served is what the log holds: a cold cache reads the same bytes back.
        store.Cache.Clear();
        using IReadTransaction cold = store.BeginRead();
        using PageLease back = cold.Read(page);
        WalTestKit.AssertPage(back.Data, page, 40, mode.ToString());
    }

    internal static uint AllocateAndFill(WalPageStore store, int version)
    {
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(10));
        uint page;
        using (PageLease lease = tx.Allocate())
        {
            page = lease.PageNumber;
            WalTestKit.Fill(lease.Writable, page, version);
        }

        tx.Commit();
        return page;
    }

    internal static void Rewrite(WalPageStore store, uint page, int version)
    {
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(10));
        using (PageLease lease = tx.Write(page))
        {
            WalTestKit.Fill(lease.Writable, page, version);
        }

        tx.Commit();
    }
}
