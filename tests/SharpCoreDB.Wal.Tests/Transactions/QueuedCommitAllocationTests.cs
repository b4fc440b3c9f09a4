using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// What a synchronous FullSync commit that queues for the log writer allocates: the committer blocks on its own thread
/// until its group is durable, so its commit carries no task (before: a TaskCompletionSource and its Task on every such
/// commit: 168 bytes in the least of three rounds, against 96 without them).
/// </summary>
public sealed class QueuedCommitAllocationTests
{
    // A hang detector only: the waits below end as soon as the condition holds.
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(30);

    // The commit (WalCommit) and what the commit path keeps per commit: 96 bytes; a task and its source add 72 (168).
    private const long MaxQueuedCommitBytes = 120;

    private const int WarmUpRounds = 2;
    private const int MeasuredRounds = 3;

    [Fact]
    public void Synchronous_FullSync_commit_queued_behind_a_sync_allocates_no_task()
    {
        var gated = new GatedDevice(new MemoryStorageDevice("queued-alloc.scdb-wal"));
        using var kit = new WalTestKit(DurabilityMode.FullSync) { Wal = gated, AutoCheckpoint = false };
        using WalPageStore store = kit.Open();
        uint first = WalPageStoreTests.AllocateAndFill(store, 1);
        uint second = WalPageStoreTests.AllocateAndFill(store, 1);

        // One committer thread for every round: its first rounds set up what it keeps (its sleep event), and what the
        // commit path keeps between commits; the least of the later rounds is what a commit itself allocates.
        const int Rounds = WarmUpRounds + MeasuredRounds;
        long[] allocated = new long[Rounds];
        using var go = new SemaphoreSlim(0);
        var behind = new Thread(() =>
        {
            for (int round = 0; round < Rounds; round++)
            {
                if (!go.Wait(HangGuard))
                {
                    return;
                }

                using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(10));
                using (PageLease lease = tx.Write(second))
                {
                    WalTestKit.Fill(lease.Writable, second, 2 + round);
                }

                long start = GC.GetAllocatedBytesForCurrentThread();
                tx.Commit();
                allocated[round] = GC.GetAllocatedBytesForCurrentThread() - start;
            }
        });
        behind.Start();
        try
        {
            for (int round = 0; round < Rounds; round++)
            {
                QueueBehindHeldSync(store, gated, first, go, version: 2 + round);
            }
        }
        finally
        {
            gated.Open();
            go.Release(Rounds);
        }

        Assert.True(behind.Join(HangGuard), "The queued committer never returned.");
        long least = allocated.Skip(WarmUpRounds).Min();
        Assert.True(least <= MaxQueuedCommitBytes, $"A queued synchronous commit allocated {least} bytes (at most {MaxQueuedCommitBytes}; rounds: {string.Join(", ", allocated)}).");
    }

    // Holds a lone committer's sync of `first` at the gate, lets the committer thread commit behind it (its commit
    // queues), then opens the gate and waits until both are durable.
    private static void QueueBehindHeldSync(WalPageStore store, GatedDevice gated, uint first, SemaphoreSlim go, int version)
    {
        ulong before = store.EnqueuedSequence;
        gated.Close();
        var lone = new Thread(() => WalPageStoreTests.Rewrite(store, first, version));
        lone.Start();
        gated.WaitForFlushAtGate();
        go.Release();
        try
        {
            Assert.True(SpinWait.SpinUntil(() => store.EnqueuedSequence == before + 2, HangGuard), "The second commit was never queued.");
        }
        finally
        {
            gated.Open();
        }

        Assert.True(lone.Join(HangGuard), "The lone committer never returned.");
        Assert.True(SpinWait.SpinUntil(() => store.DurableSequence == before + 2, HangGuard), "The queued commit never became durable.");
    }
}
