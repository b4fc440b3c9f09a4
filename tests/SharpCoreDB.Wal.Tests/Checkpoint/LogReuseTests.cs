using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Tests.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Checkpoint;

/// <summary>
/// Once a session's log has grown to hold a generation, later generations overwrite it: a commit that changed the log
/// file's size would make its <c>fdatasync</c> also write the file's new size and blocks (twice an overwrite's sync on
/// the test disk, see <see cref="WalLogFile"/>), and SQLite's log, which restarts at its beginning, never pays that.
/// </summary>
public sealed class LogReuseTests
{
    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void Commits_after_the_first_restart_never_change_the_log_file_size(DurabilityMode mode)
    {
        // Past two growth steps per generation, so the first one grows the file by steps and the later ones could too.
        const long threshold = (2L * WalLogFile.GrowthStep) + (WalLogFile.GrowthStep / 2);
        using var kit = new WalTestKit(mode) { CheckpointThreshold = threshold };
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, version: 0);
        int version = 1;
        long previousSize = store.WalSize;
        while (store.WalSize >= previousSize)
        {
            Assert.True(version < 10_000, "the log never restarted");
            previousSize = store.WalSize;
            WalPageStoreTests.Rewrite(store, page, version++);
        }

        long length = kit.Wal.Length;
        int sizeChanges = 0;
        int restarts = 0;
        for (int commit = 0; commit < 2_000; commit++)
        {
            previousSize = store.WalSize;
            WalPageStoreTests.Rewrite(store, page, version++);
            if (store.WalSize < previousSize)
            {
                restarts++;
            }

            if (kit.Wal.Length != length)
            {
                sizeChanges++;
                length = kit.Wal.Length;
            }
        }

        Assert.True(restarts >= 2, $"{restarts} restarts in 2,000 one-page commits");
        Assert.Equal(0, sizeChanges);
        Assert.True(length > threshold, $"the log is {length} bytes, less than a generation");
        Assert.Null(store.Failure);
    }
}
