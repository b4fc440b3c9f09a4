using SharpCoreDB.Wal.Tests.Support;
using Xunit.Abstractions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// What a durable one-page commit allocates on the committing thread across many log restarts (counted with the
/// thread's allocated bytes, not timed). Each restart starts a new log index, and each page a generation touches gets
/// a version list in it: the index used to grow from empty every generation (allocating about twice its final table
/// on the way) and gave each page two arrays (642 bytes per one-page commit here, 555 now); it now starts at the last generation's
/// size and keeps one array per page.
/// </summary>
public sealed class CommitAllocationTests
{
    private const int Pages = 300;
    private const int Measured = 3_000;

    private readonly ITestOutputHelper _output;

    public CommitAllocationTests(ITestOutputHelper output) => _output = output;

    [Fact]
    public void A_durable_commit_allocates_little_across_log_restarts()
    {
        // About 60 frames per generation: the measured commits cross some fifty restarts, each touching 60 new pages.
        using var kit = new WalTestKit(DurabilityMode.FullSync) { CheckpointThreshold = 256 * 1024, CachePages = 2 * Pages };
        using WalPageStore store = kit.Open();
        var pages = new uint[Pages];
        for (int i = 0; i < Pages; i++)
        {
            pages[i] = WalPageStoreTests.AllocateAndFill(store, version: 0);
        }

        // Warm up: the JIT, pooled buffers and the index of a full generation are in place before measuring.
        for (int i = 0; i < Measured; i++)
        {
            WalPageStoreTests.Rewrite(store, pages[i % Pages], version: 1);
        }

        int restarts = 0;
        long size = store.WalSize;
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Measured; i++)
        {
            WalPageStoreTests.Rewrite(store, pages[i % Pages], version: 2 + i);
            long now = store.WalSize;
            restarts += now < size ? 1 : 0;
            size = now;
        }

        long perCommit = (GC.GetAllocatedBytesForCurrentThread() - before) / Measured;
        _output.WriteLine($"{perCommit} bytes per commit, {restarts} log restarts");
        Assert.True(restarts >= 10, $"only {restarts} log restarts");
        Assert.True(perCommit < 600, $"a durable one-page commit allocated {perCommit} bytes");
    }

    [Fact]
    public void An_Async_commit_far_ahead_of_the_log_writer_reuses_a_pooled_page_list()
    {
        // The writer syncs only every 1 MB queued (or at a flush), so up to 500 commits wait for it at once. Their page
        // lists came from the shared array pool, which keeps a few dozen per core, so most were allocated anew: 521 bytes
        // per commit then on 2 cores, 456 now (the transaction, its queued commit, and this test's flushes).
        const int Round = 500;
        using var kit = new WalTestKit(DurabilityMode.Async) { FlushInterval = TimeSpan.FromSeconds(30), CachePages = 256 };
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, version: 0);
        for (int i = 0; i < 2 * Round; i++)
        {
            WalPageStoreTests.Rewrite(store, page, version: 1 + i);
            if (i % Round == Round - 1)
            {
                store.Flush();
            }
        }

        // The least of several rounds: a round in which the writer happened to fall further behind (more than the
        // pool's page buffers queued) allocates some page copies anew, which says nothing about the page lists.
        const int Rounds = 4;
        long perCommit = long.MaxValue;
        for (int round = 0; round < Rounds; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < Round; i++)
            {
                WalPageStoreTests.Rewrite(store, page, version: (2 + round) * Round + i);
            }

            store.Flush();
            perCommit = Math.Min(perCommit, (GC.GetAllocatedBytesForCurrentThread() - before) / Round);
        }

        _output.WriteLine($"{perCommit} bytes per Async commit");
        Assert.True(perCommit < 490, $"an Async one-page commit allocated {perCommit} bytes");
    }
}
