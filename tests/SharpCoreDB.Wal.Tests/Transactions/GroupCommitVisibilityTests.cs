using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// What others see of a commit whose sync has not finished: FullSync releases the writer slot at once (the next
/// writer builds on the queued commit) but shows it to readers only once it is durable; Async shows it at once.
/// </summary>
public sealed class GroupCommitVisibilityTests
{
    [Fact]
    public async Task FullSync_next_writer_builds_on_a_queued_commit_that_readers_do_not_see_until_it_is_durable()
    {
        var gated = new GatedDevice(new MemoryStorageDevice("gated.scdb-wal"));
        using var kit = new WalTestKit(DurabilityMode.FullSync) { Wal = gated, AutoCheckpoint = false };
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);

        gated.Close();
        Task commit = Task.Run(() => WalPageStoreTests.Rewrite(store, page, 2));
        gated.WaitForFlushAtGate();

        // The committer is waiting for the disk, not holding the writer slot.
        using (IWriteTransaction next = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            using (PageLease lease = next.Read(page))
            {
                WalTestKit.AssertPage(lease.Data, page, 2, "the next writer");
            }

            next.Rollback();
        }

        using (IReadTransaction reader = store.BeginRead())
        {
            using PageLease lease = reader.Read(page);
            WalTestKit.AssertPage(lease.Data, page, 1, "a reader before the sync");
        }

        Assert.False(commit.IsCompleted);
        gated.Open();
        await commit;
        using (IReadTransaction reader = store.BeginRead())
        {
            using PageLease lease = reader.Read(page);
            WalTestKit.AssertPage(lease.Data, page, 2, "a reader after the commit returned");
        }
    }

    [Fact]
    public async Task FullSync_CommitAsync_hands_back_an_unfinished_task_and_the_writer_slot_while_the_sync_waits()
    {
        var gated = new GatedDevice(new MemoryStorageDevice("gated.scdb-wal"));
        using var kit = new WalTestKit(DurabilityMode.FullSync) { Wal = gated, AutoCheckpoint = false };
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);

        gated.Close();
        IWriteTransaction tx = await store.BeginWriteAsync(TimeSpan.FromSeconds(5));
        using (PageLease lease = tx.Write(page))
        {
            WalTestKit.Fill(lease.Writable, page, 2);
        }

        ValueTask commit = tx.CommitAsync();
        Assert.False(commit.IsCompleted);
        gated.WaitForFlushAtGate();
        using (IWriteTransaction next = await store.BeginWriteAsync(TimeSpan.FromSeconds(5)))
        {
            next.Rollback();
        }

        Assert.False(commit.IsCompleted);
        gated.Open();
        await commit;
        tx.Dispose();
        Assert.Equal(store.VisibleSequence, store.DurableSequence);
    }

    [Fact]
    public void Async_commit_is_visible_at_once_though_not_yet_on_disk()
    {
        var gated = new GatedDevice(new MemoryStorageDevice("gated.scdb-wal"));
        using var kit = new WalTestKit(DurabilityMode.Async) { Wal = gated, AutoCheckpoint = false, FlushInterval = TimeSpan.FromMilliseconds(1) };
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        store.Flush();

        gated.Close();
        WalPageStoreTests.Rewrite(store, page, 2);
        gated.WaitForFlushAtGate();
        using (IReadTransaction reader = store.BeginRead())
        {
            using PageLease lease = reader.Read(page);
            WalTestKit.AssertPage(lease.Data, page, 2, "a reader while the write waits at the gate");
        }

        Assert.True(store.DurableSequence < store.VisibleSequence);
        gated.Open();
        store.Flush();
        Assert.Equal(store.VisibleSequence, store.DurableSequence);
    }
}
