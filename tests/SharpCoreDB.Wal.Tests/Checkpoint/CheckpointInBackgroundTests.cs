using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Tests.Transactions;

namespace SharpCoreDB.Wal.Tests.Checkpoint;

/// <summary>
/// A commit that finds the log past its threshold while a checkpoint is under way appends without waiting for that
/// checkpoint's copy and sync of the database file (up to twice the threshold); a later commit restarts the log.
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

        // The checkpoint goes on to copy the commit it did not wait for; the next commit then restarts the log.
        Assert.True(
            SpinWait.SpinUntil(() => store.BackfilledSequence == store.DurableSequence || store.Failure is not null, TimeSpan.FromSeconds(60)),
            $"backfilled {store.BackfilledSequence} of {store.DurableSequence}");
        Assert.Null(store.Failure);
        version++;
        model[WalPageStoreTests.AllocateAndFill(store, version)] = version;
        Assert.True(store.WalSize - WalHeader.SizeOf < threshold, $"the log did not restart: {store.WalSize} bytes");
        using (IReadTransaction read = store.BeginRead())
        {
            WalTestKit.AssertMatches(read, model, mode.ToString());
        }

        WalTestKit.AssertIntegrity(store, mode.ToString());
    }
}
