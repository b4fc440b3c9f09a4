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
}
