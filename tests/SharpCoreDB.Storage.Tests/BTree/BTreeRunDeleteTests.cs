using System.Buffers.Binary;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// Deleting runs of adjacent keys (what a cascade or a range DELETE does to a table and its index): the work per key
/// stays small once leaves turn sparse, the tree stays compact, and a seeded model run of runs, refills and reopens
/// (after commits and after abandoned transactions) matches a <see cref="SortedDictionary{TKey, TValue}"/>.
/// </summary>
public sealed class BTreeRunDeleteTests
{
    [Fact]
    public void Deleting_a_run_of_adjacent_keys_reads_about_one_page_per_key_even_from_sparse_leaves()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        for (long id = 1; id <= 6_000; id++)
        {
            byte[] value = new byte[id % 5];
            Assert.True(tree.TryInsert(Key(id), value));
            model.Add(Key(id), value);
        }

        // Delete only (no lookup first): the leaf comes from the remembered path, and a sparse leaf next to full
        // siblings used to re-read itself, its parent twice and both siblings on every delete to retry a merge.
        const int Deleted = 3_000;
        long before = tx.Reads;
        for (long id = 1_501; id < 1_501 + Deleted; id++)
        {
            Assert.True(tree.Delete(Key(id)));
            model.Remove(Key(id));
        }

        double perKey = (double)(tx.Reads - before) / Deleted;
        Assert.True(perKey < 1.5, $"{perKey:F2} page reads per deleted key");
        TreeOracle.AssertMatches(tree, model, "after the run delete");
        Assert.Equal(0, tx.OpenLeases);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Leaves_stay_at_least_a_sixth_full_on_average_after_scattered_and_run_deletes(int seed)
    {
        var random = new Random(seed);
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        var keys = new List<long>();
        for (long id = 1; id <= 8_000; id++)
        {
            Assert.True(tree.TryInsert(Key(id), new byte[random.Next(0, 24)]));
            keys.Add(id);
        }

        // Every other key, then random runs: leaves shrink evenly and unevenly.
        for (int i = 0; i < keys.Count; i += 2)
        {
            Assert.True(tree.Delete(Key(keys[i])), $"seed {seed}");
        }

        var left = new HashSet<long>();
        for (int i = 1; i < keys.Count; i += 2)
        {
            left.Add(keys[i]);
        }

        for (int run = 0; run < 40; run++)
        {
            long start = random.Next(1, 8_000);
            for (long id = start; id < start + random.Next(10, 200); id++)
            {
                Assert.Equal(left.Remove(id), tree.Delete(Key(id)));
            }
        }

        var result = tree.Verify();
        Assert.Equal(left.Count, result.EntryCount);
        double fill = (double)result.LeafBytesUsed / (result.LeafPages * (tx.UsableSize - 12));
        Assert.True(fill > 1.0 / 6, $"seed {seed}: leaves are {fill:P0} full on average ({result.LeafPages} leaves)");
    }

    [Theory]
    [InlineData(301, 512, false)]
    [InlineData(302, 1024, false)]
    [InlineData(303, 4096, true)]
    [InlineData(304, 4096, true)]
    [InlineData(305, 8192, true)]
    public void Runs_of_deletes_and_refills_match_a_sorted_dictionary_across_reopens_and_abandoned_transactions(int seed, int pageSize, bool pager)
    {
        // The pager store takes 4 KiB pages and up; the strict memory transaction runs the small pages that split
        // and merge most often ("reopen" commits its frees there, and abandoning is the pager's alone).
        using TreeHost host = pager ? new PagerTreeHost(pageSize) : new MemoryTreeHost(pageSize);
        var random = new Random(seed);
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        var committed = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        uint root = Tree.Create(host.Tx);
        host.CommitAndReopen();
        var tree = new Tree(host.Tx, root);
        string context = $"seed {seed}, {host.Description}, start";
        try
        {
            for (int round = 0; round < 30; round++)
            {
                context = $"seed {seed}, {host.Description}, round {round}";

                // Fill a key range with variable values: small, near the spill size, and overflowing ones.
                long baseKey = random.Next(0, 2_000);
                int fill = random.Next(50, 400);
                for (long id = baseKey; id < baseKey + fill; id++)
                {
                    byte[] value = NewValue(random, tree.MaxCellFootprint);
                    tree.Upsert(Key(id), value);
                    model[Key(id)] = value;
                }

                // Delete runs of adjacent keys, forwards and backwards, then refill some holes (inserts into leaves
                // with fragmented free space).
                for (int run = 0; run < 4; run++)
                {
                    long start = random.Next(0, 2_400);
                    int length = random.Next(1, 300);
                    bool backwards = random.Next(2) == 0;
                    for (int i = 0; i < length; i++)
                    {
                        long id = backwards ? start + length - 1 - i : start + i;
                        Assert.True(tree.Delete(Key(id)) == model.Remove(Key(id)), $"{context}: Delete {id}");
                    }

                    for (int i = 0; i < length / 4; i++)
                    {
                        long id = start + random.Next(length);
                        byte[] value = NewValue(random, tree.MaxCellFootprint);
                        Assert.True(tree.TryInsert(Key(id), value) == model.TryAdd(Key(id), value), $"{context}: TryInsert {id}");
                    }
                }

                TreeOracle.AssertMatches(tree, model, context, host);
                if (host is PagerTreeHost pagerHost && random.Next(4) == 0)
                {
                    // A crash before the commit: the store comes back with the last committed state.
                    pagerHost.AbandonAndReopen();
                    model = new SortedDictionary<byte[], byte[]>(committed, MemcmpComparer.Instance);
                    tree = new Tree(host.Tx, root);
                    TreeOracle.AssertMatches(tree, model, $"{context}, after an abandoned transaction", host);
                }
                else
                {
                    host.CommitAndReopen();
                    committed = new SortedDictionary<byte[], byte[]>(model, MemcmpComparer.Instance);
                    tree = new Tree(host.Tx, root);
                    TreeOracle.AssertMatches(tree, model, $"{context}, after reopen", host);
                }
            }

            TreeOracle.AssertEmptiesToRoot(tree, model, context, host);
        }
        catch (Exception ex) when (ex is not Xunit.Sdk.XunitException)
        {
            throw new InvalidOperationException($"{context}: {ex.GetType().Name}: {ex.Message}", ex);
        }
    }

    private static byte[] NewValue(Random random, int maxCellFootprint)
    {
        int roll = random.Next(100);
        int length = roll < 70 ? random.Next(0, 40)
            : roll < 90 ? random.Next(Math.Max(0, maxCellFootprint - 40), maxCellFootprint + 40)
            : random.Next(0, 6_000);
        byte[] value = new byte[length];
        random.NextBytes(value);
        return value;
    }

    private static byte[] Key(long id)
    {
        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }
}
