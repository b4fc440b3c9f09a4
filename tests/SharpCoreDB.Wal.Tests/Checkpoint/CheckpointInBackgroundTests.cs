using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Tests.Transactions;

namespace SharpCoreDB.Wal.Tests.Checkpoint;

/// <summary>
/// A commit that finds the log past its threshold while a checkpoint is under way appends without waiting for that
/// checkpoint's copy and sync of the database file (up to twice the threshold); a later commit copies what is left
/// and restarts the log. The background checkpoint does not chase each commit that became durable during its pass.
/// </summary>
public sealed class CheckpointInBackgroundTests
{
    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public async Task A_commit_past_the_threshold_does_not_wait_for_the_checkpoint_under_way(DurabilityMode mode)
    {
        const int threshold = 64 * 1024;
        var database = new GatedDevice(new MemoryStorageDevice("test.scdb"));
        using var kit = new WalTestKit(mode) { CheckpointThreshold = threshold, Database = database };
        using WalPageStore store = kit.Open();
        var model = new Dictionary<uint, int>();
        int version = 0;

        // From here the automatic checkpoint stops at its sync of the database file until the gate opens.
        database.Close();
        try
        {
            // Every commit here finds the log under its threshold; the last one takes it past and starts the checkpoint.
            while (store.WalSize - WalHeader.SizeOf < threshold)
            {
                version++;
                model[WalPageStoreTests.AllocateAndFill(store, version)] = version;
            }

            database.WaitForFlushAtGate();
            version++;
            int last = version;
            Task<uint> commit = Task.Run(() => WalPageStoreTests.AllocateAndFill(store, last));

            // Only a hang is detected here, no time is asserted: before, the commit waited for the checkpoint, which
            // waits for the gate, so it never finished while the gate was closed.
            Task finished = await Task.WhenAny(commit, Task.Delay(TimeSpan.FromSeconds(30)));
            Assert.True(ReferenceEquals(finished, commit), "the commit waited for the checkpoint held at the gate");
            model[await commit] = last;
            Assert.Equal(1, store.CommitsBesideCheckpoint);
        }
        finally
        {
            database.Open();
        }

        // The checkpoint finishes the copy it started; the commit it did not wait for is left to a later commit, which
        // copies it and restarts the log.
        RestartByCommits(store, threshold, model, ref version);
        using (IReadTransaction read = store.BeginRead())
        {
            WalTestKit.AssertMatches(read, model, mode.ToString());
        }

        WalTestKit.AssertIntegrity(store, mode.ToString());
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void Commits_during_a_background_checkpoint_do_not_each_start_another_pass(DurabilityMode mode)
    {
        const int threshold = 1024 * 1024;
        const int commitsDuringSyncs = 4;
        var database = new GatedDevice(new MemoryStorageDevice("test.scdb"));
        using var kit = new WalTestKit(mode) { CheckpointThreshold = threshold, Database = database };
        using WalPageStore store = kit.Open();
        var model = new Dictionary<uint, int>();
        int version = 0;
        int testThread = Environment.CurrentManagedThreadId;
        int backgroundSyncs = 0;

        // Each sync of the database file by the background checkpoint sees a commit become durable meanwhile, as a
        // steady stream of single-row commits does (YCSB A at one thread), the first few times.
        database.BeforeFlush = () =>
        {
            if (Environment.CurrentManagedThreadId == testThread || Interlocked.Increment(ref backgroundSyncs) > commitsDuringSyncs)
            {
                return;
            }

            int v = Interlocked.Increment(ref version);
            uint page = Task.Run(() => WalPageStoreTests.AllocateAndFill(store, v)).GetAwaiter().GetResult();
            lock (model)
            {
                model[page] = v;
            }
        };

        while (store.WalSize - WalHeader.SizeOf < threshold)
        {
            int v = Interlocked.Increment(ref version);
            uint page = WalPageStoreTests.AllocateAndFill(store, v);
            lock (model)
            {
                model[page] = v;
            }
        }

        ulong crossing = store.DurableSequence;
        Assert.True(
            SpinWait.SpinUntil(() => store.BackfilledSequence >= crossing || store.Failure is not null, TimeSpan.FromSeconds(60)),
            $"backfilled {store.BackfilledSequence} of {crossing}");
        Assert.Null(store.Failure);
        RestartByCommits(store, threshold, model, ref version);

        // One pass copies the bulk (it syncs twice when no page it leaves alone proves the file's identity). Before,
        // every commit that became durable during a pass started another pass with a sync of its own: 5 syncs here.
        Assert.InRange(Volatile.Read(ref backgroundSyncs), 1, 2);
        database.BeforeFlush = null;
        using (IReadTransaction read = store.BeginRead())
        {
            WalTestKit.AssertMatches(read, model, mode.ToString());
        }

        WalTestKit.AssertIntegrity(store, mode.ToString());
    }

    // Commits until one restarts the log: the first that finds no checkpoint under way copies what is left and restarts
    // it (one may still find the finishing checkpoint under way and append beside it).
    private static void RestartByCommits(WalPageStore store, long threshold, Dictionary<uint, int> model, ref int version)
    {
        for (int i = 0; i < 100 && store.WalSize - WalHeader.SizeOf >= threshold; i++)
        {
            int v = Interlocked.Increment(ref version);
            uint page = WalPageStoreTests.AllocateAndFill(store, v);
            lock (model)
            {
                model[page] = v;
            }
        }

        Assert.Null(store.Failure);
        Assert.True(store.WalSize - WalHeader.SizeOf < threshold, $"the log did not restart: {store.WalSize} bytes");
    }
}
