using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Checkpoint;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Tests.Transactions;

namespace SharpCoreDB.Wal.Tests.Checkpoint;

/// <summary>
/// The log restart rule with long-lived readers: a reader that pins the checkpoint makes a restart impossible until it
/// ends, so commits must not pay for flushing and checkpointing on its account, and the growth it causes is counted.
/// </summary>
public sealed class LogRestartTests
{
    [Fact]
    public void Async_reader_of_a_fully_checkpointed_log_does_not_make_every_commit_sync()
    {
        // A flush interval far beyond the test: the worker syncs only for a flush, or once 1 MiB is queued.
        using var kit = new WalTestKit(DurabilityMode.Async) { CheckpointThreshold = 16 * 1024, FlushInterval = TimeSpan.FromMinutes(10) };
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, version: 0);
        store.Flush();
        CheckpointResult checkpoint = store.Checkpoint();
        Assert.True(checkpoint.IsComplete && checkpoint.LogRestarted, $"checkpoint {checkpoint}");

        // The reader's snapshot is all in the database file: it reads no frame, yet it pins every later checkpoint.
        using IReadTransaction reader = store.BeginRead();

        // Past the threshold, and written: from here on every commit finds the log over it. New pages each time,
        // because the log writer merges rewrites of one page that no reader stands between into one frame.
        for (int version = 1; version <= 8; version++)
        {
            WalPageStoreTests.AllocateAndFill(store, version);
        }

        store.Flush();
        Assert.True(store.WalSize > 16 * 1024, $"the log is {store.WalSize} bytes");
        (long syncsBefore, _) = store.LogSyncs;
        const int commits = 400;
        for (int version = 1; version <= commits; version++)
        {
            WalPageStoreTests.Rewrite(store, page, version);
        }

        (long syncsAfter, _) = store.LogSyncs;
        long syncs = syncsAfter - syncsBefore;

        // 400 one-page commits are about 1.6 MiB of frames: one or two early syncs at 1 MiB queued, never one per commit.
        Assert.True(syncs <= 4, $"{syncs} syncs for {commits} Async commits while a reader pinned the checkpoint");
        Assert.True(store.CommitsPinnedPastThreshold >= commits - 10, $"{store.CommitsPinnedPastThreshold} commits counted as pinned past the threshold");
        using (PageLease old = reader.Read(page))
        {
            WalTestKit.AssertPage(old.Data, page, 0, "the pinning reader");
        }
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    [InlineData(DurabilityMode.Async)]
    public void Log_growth_behind_a_reader_is_counted_and_the_log_restarts_once_it_ends(DurabilityMode mode)
    {
        const int threshold = 16 * 1024;
        using var kit = new WalTestKit(mode) { CheckpointThreshold = threshold, FlushInterval = TimeSpan.FromMilliseconds(1) };
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, version: 0);
        WalPageStoreTests.Rewrite(store, page, 1);
        store.Flush();
        Assert.Equal(0, store.CommitsPinnedPastThreshold);

        // This reader reads the log (its snapshot is not backfilled), so neither checkpoint nor restart can pass it.
        IReadTransaction reader = store.BeginRead();
        for (int version = 2; version <= 40; version++)
        {
            // Flushed each time, so an Async log is written (and measured) before the next commit looks at its size.
            WalPageStoreTests.Rewrite(store, page, version);
            store.Flush();
        }

        store.Flush();
        long pinned = store.CommitsPinnedPastThreshold;
        Assert.True(pinned > 0, "no commit was counted as pinned past the threshold");
        Assert.True(store.WalSize > 2 * threshold, $"the log is {store.WalSize} bytes");
        long generations = store.LogGenerations;
        reader.Dispose();

        // With the reader gone the next commits checkpoint and restart the log, and stop counting.
        for (int version = 41; version <= 60; version++)
        {
            WalPageStoreTests.Rewrite(store, page, version);
        }

        store.Flush();
        Assert.Null(store.Failure);
        Assert.True(store.LogGenerations > generations, $"the log did not restart after the reader ended: {store.WalSize} bytes");

        // What is left is what the commits since the last restart added: a commit past the threshold appends beside a
        // checkpoint under way up to twice the threshold, and the commit after that restarts the log again (only a
        // commit, which holds the writer slot, restarts it). So the log ends at most one commit's frame past that.
        long bound = WalHeader.SizeOf + (2 * threshold) + WalFrameHeader.SizeOf + store.PageSize;
        Assert.True(store.WalSize <= bound, $"the log is {store.WalSize} bytes after the reader ended (bound {bound})");
        Assert.Equal(pinned, store.CommitsPinnedPastThreshold);
    }
}
