using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Durability;

/// <summary>
/// Simulated power loss: a random workload (allocate, rewrite, free pages; checkpoints by hand or automatic) runs
/// until the power is cut at a random flush; the images of both devices must recover to the state after some
/// commit k, with k at least every commit acknowledged as durable, and an intact free list.
/// </summary>
public sealed class PowerLossTests
{
    public static TheoryData<DurabilityMode> Modes => [DurabilityMode.Legacy, DurabilityMode.FullSync, DurabilityMode.Async];

    [Theory]
    [MemberData(nameof(Modes))]
    public void Power_cut_at_a_random_flush_recovers_a_committed_prefix_with_every_durable_commit(DurabilityMode mode)
    {
        int runs = WalTestKit.Stress ? 20_000 : 500;

        // Independent in-memory runs; they mostly wait on the log writer, so several at once use the cores better.
        Parallel.For(0, runs, new ParallelOptions { MaxDegreeOfParallelism = 4 }, seed => RunOnce(mode, seed + ((int)mode * 1_000_000)));
    }

    private static void RunOnce(DurabilityMode mode, int seed)
    {
        var rng = new Random(seed);
        string context = $"seed {seed}, {mode}";
        var grid = new PowerGrid(new Random(seed ^ 0x5EED), PowerLossPolicy.Default);
        using var kit = new WalTestKit(mode)
        {
            Database = grid.Attach("power.scdb"),
            Wal = grid.Attach("power.scdb-wal"),
            AutoCheckpoint = rng.Next(2) == 0,
            CheckpointThreshold = 16 * 1024,
            FlushInterval = TimeSpan.FromMilliseconds(1),
            File = rng.Next(4) == 0 ? WalTestKit.Encrypted() : new PageFileOptions(),
        };

        // states[c] = the pages (page → version) after commit c; page 1 carries c itself.
        var states = new List<Dictionary<uint, int>>();
        WalPageStore store = kit.Open();
        ulong baseSequence;
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30)))
        {
            using PageLease counter = tx.Allocate();
            WalTestKit.Fill(counter.Writable, counter.PageNumber, 0);
            tx.Commit();
        }

        store.Flush();
        baseSequence = store.DurableSequence;
        states.Add(new Dictionary<uint, int> { [1] = 0 });

        long requiredCommit = 0;
        grid.OnCut = () => requiredCommit = (long)(store.DurableSequence - baseSequence);
        grid.CutBeforeFlush(grid.Flushes + rng.Next(1, 50));
        int commits = rng.Next(5, 30);
        for (int c = 1; c <= commits; c++)
        {
            var state = new Dictionary<uint, int>(states[^1]);
            using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30)))
            {
                for (int i = rng.Next(3); i > 0; i--)
                {
                    using PageLease page = tx.Allocate();
                    WalTestKit.Fill(page.Writable, page.PageNumber, c);
                    state[page.PageNumber] = c;
                }

                List<uint> existing = [.. state.Keys.Where(p => p != 1).Order()];
                for (int i = rng.Next(3); i > 0 && existing.Count > 0; i--)
                {
                    uint pageNumber = existing[rng.Next(existing.Count)];
                    using PageLease page = tx.Write(pageNumber);
                    WalTestKit.Fill(page.Writable, pageNumber, c);
                    state[pageNumber] = c;
                }

                if (existing.Count > 2 && rng.Next(3) == 0)
                {
                    uint pageNumber = existing[rng.Next(existing.Count)];
                    tx.Free(pageNumber);
                    state.Remove(pageNumber);
                }

                using (PageLease counter = tx.Write(1))
                {
                    WalTestKit.Fill(counter.Writable, 1, c);
                }

                state[1] = c;
                states.Add(state);
                tx.Commit();
            }

            if (!kit.AutoCheckpoint && rng.Next(6) == 0)
            {
                store.Checkpoint();
            }
        }

        grid.CutNow();
        store.Dispose();
        MemoryStorageDevice[] images = grid.Images!;
        kit.Database = images[0];
        kit.Wal = images[1];
        WalPageStore recovered;
        try
        {
            recovered = kit.Open();
        }
        catch (SharpCoreDBException ex)
        {
            throw new Xunit.Sdk.XunitException($"recovery failed: {ex.Message}; database image {images[0].Length} bytes, log image {images[1].Length} bytes; {context}", ex);
        }

        using var recoveredScope = recovered;
        int k;
        using (IReadTransaction read = recovered.BeginRead())
        {
            using (PageLease counter = read.Read(1))
            {
                k = WalTestKit.VersionOf(counter.Data);
            }

            Assert.True(k >= requiredCommit && k < states.Count, $"recovered commit {k}, {requiredCommit} were durable, {states.Count - 1} made; {context}");
            WalTestKit.AssertMatches(read, states[k], $"recovered commit {k}; {context}");
        }

        AssertPagesAccountedFor(recovered, states[k], context);
    }

    private static void AssertPagesAccountedFor(WalPageStore store, Dictionary<uint, int> state, string context)
    {
        using var read = store.BeginSnapshot();
        var free = new List<uint>();
        PageAllocator.CollectFreePages(read, free);
        var all = new HashSet<uint>(state.Keys);
        foreach (uint page in free)
        {
            Assert.True(all.Add(page), $"page {page} is both free and in use; {context}");
        }

        Assert.True(all.Count == read.PageCount - 1, $"{read.PageCount - 1} pages but {all.Count} accounted for; {context}");
        for (uint page = 1; page < read.PageCount; page++)
        {
            using PageLease lease = read.ReadPage(page);
        }
    }
}
