using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// Model-based tests: one seeded random sequence of inserts, upserts, updates, deletes, lookups and range scans in
/// both directions runs against the B+tree and a <see cref="SortedDictionary{TKey, TValue}"/> with memcmp order.
/// Every step's result is compared; every 100 steps (and at the end) the whole tree is scanned both ways, counted,
/// verified and its pages accounted for. Set SHARPCOREDB_STRESS=1 for many more seeds and steps, or
/// SHARPCOREDB_BTREE_SEED=n to replay one seed.
/// </summary>
public sealed class BTreeModelTests
{
    private const int FullCheckInterval = 100;

    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    public static TheoryData<int, int> MemoryCases()
    {
        var data = new TheoryData<int, int> { { 512, 101 }, { 512, 102 }, { 1024, 103 }, { 4096, 104 }, { 65536, 105 } };
        if (s_stress)
        {
            for (int seed = 1000; seed < 1024; seed++)
            {
                data.Add(seed % 3 == 0 ? 4096 : seed % 3 == 1 ? 512 : 1024, seed);
            }
        }

        if (int.TryParse(Environment.GetEnvironmentVariable("SHARPCOREDB_BTREE_SEED"), out int replay))
        {
            data.Add(512, replay);
            data.Add(4096, replay);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(MemoryCases))]
    public void Random_operations_match_a_sorted_dictionary(int pageSize, int seed)
    {
        using var host = new MemoryTreeHost(pageSize);
        Run(host, seed, s_stress ? 20_000 : 2_500, reopenEvery: 300);
    }

    [Theory]
    [InlineData(201)]
    [InlineData(202)]
    public void Random_operations_match_a_sorted_dictionary_across_pager_store_reopens(int seed)
    {
        using var host = new PagerTreeHost(4096);
        Run(host, seed, s_stress ? 20_000 : 2_000, reopenEvery: 450);
        Assert.True(host.Reopens >= 3, $"seed {seed}: the store was reopened only {host.Reopens} times");
    }

    private static void Run(TreeHost host, int seed, int steps, int reopenEvery)
    {
        var random = new Random(seed);
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        uint root = Tree.Create(host.Tx);
        var tree = new Tree(host.Tx, root);
        int maxKey = Math.Min(500, tree.MaxLocalKeySize);
        byte[] buffer = new byte[70_000];
        string context = $"seed {seed}, {host.Description}, before step 0";
        try
        {
            for (int step = 0; step < steps; step++)
            {
                // Grow for the first 60% of the run, then shrink so merges and root collapses get exercised.
                bool growing = step < steps * 6 / 10;
                int roll = random.Next(100);
                context = $"seed {seed}, {host.Description}, step {step}";
                if (roll < (growing ? 30 : 12))
                {
                    byte[] key = PickKey(random, model, maxKey, existingPercent: 15);
                    byte[] value = NewValue(random, tree.MaxCellFootprint);
                    bool expected = !model.ContainsKey(key);
                    Assert.True(tree.TryInsert(key, value) == expected, $"{context}: TryInsert {TreeOracle.Hex(key)} should return {expected}");
                    if (expected)
                    {
                        model.Add(key, value);
                    }
                }
                else if (roll < (growing ? 45 : 20))
                {
                    byte[] key = PickKey(random, model, maxKey, existingPercent: 50);
                    byte[] value = NewValue(random, tree.MaxCellFootprint);
                    bool expected = !model.ContainsKey(key);
                    Assert.True(tree.Upsert(key, value) == expected, $"{context}: Upsert {TreeOracle.Hex(key)} should return {expected}");
                    model[key] = value;
                }
                else if (roll < (growing ? 55 : 28))
                {
                    byte[] key = PickKey(random, model, maxKey, existingPercent: 80);
                    byte[] value = NewValue(random, tree.MaxCellFootprint);
                    bool expected = model.ContainsKey(key);
                    Assert.True(tree.Update(key, value) == expected, $"{context}: Update {TreeOracle.Hex(key)} should return {expected}");
                    if (expected)
                    {
                        model[key] = value;
                    }
                }
                else if (roll < (growing ? 70 : 75))
                {
                    byte[] key = PickKey(random, model, maxKey, existingPercent: 85);
                    bool expected = model.Remove(key);
                    Assert.True(tree.Delete(key) == expected, $"{context}: Delete {TreeOracle.Hex(key)} should return {expected}");
                }
                else if (roll < 85)
                {
                    byte[] key = PickKey(random, model, maxKey, existingPercent: 70);
                    bool expected = model.TryGetValue(key, out byte[]? value);
                    Assert.True(tree.TryGet(key, buffer, out int length) == expected, $"{context}: TryGet {TreeOracle.Hex(key)} should return {expected}");
                    if (expected)
                    {
                        Assert.True(buffer.AsSpan(0, length).SequenceEqual(value), $"{context}: TryGet {TreeOracle.Hex(key)} returned a different value");
                        Assert.True(tree.Get(key).AsSpan().SequenceEqual(value), $"{context}: Get {TreeOracle.Hex(key)} returned a different value");
                    }
                    else
                    {
                        Assert.Null(tree.Get(key));
                    }
                }
                else
                {
                    TreeOracle.AssertSeekAndScan(random, tree, model, PickKey(random, model, maxKey, existingPercent: 50), 60, context);
                }

                if (step % FullCheckInterval == FullCheckInterval - 1)
                {
                    TreeOracle.AssertMatches(tree, model, context, host);
                }

                if (step % reopenEvery == reopenEvery - 1)
                {
                    host.CommitAndReopen();
                    tree = new Tree(host.Tx, root);
                    TreeOracle.AssertMatches(tree, model, $"{context}, after reopen", host);
                }
            }

            context = $"seed {seed}, {host.Description}, end";
            TreeOracle.AssertMatches(tree, model, context, host);

            // Empty it completely: the tree must shrink back to its root page alone.
            TreeOracle.AssertEmptiesToRoot(tree, model, context, host);
        }
        catch (Exception ex) when (ex is not Xunit.Sdk.XunitException)
        {
            throw new InvalidOperationException($"{context}: {ex.GetType().Name}: {ex.Message}", ex);
        }
    }

    private static byte[] PickKey(Random random, SortedDictionary<byte[], byte[]> model, int maxKey, int existingPercent)
    {
        if (model.Count > 0 && random.Next(100) < existingPercent)
        {
            return model.Keys.ElementAt(random.Next(model.Count));
        }

        int roll = random.Next(100);
        int length = roll < 45 ? random.Next(0, 9) : roll < 85 ? random.Next(8, 41) : random.Next(40, maxKey + 1);
        byte[] key = new byte[length];
        int start = 0;
        if (model.Count > 0 && random.Next(2) == 0)
        {
            // Share a prefix with an existing key so separators must be cut past long common prefixes.
            byte[] other = model.Keys.ElementAt(random.Next(model.Count));
            start = Math.Min(random.Next(0, other.Length + 1), length);
            other.AsSpan(0, start).CopyTo(key);
        }

        for (int i = start; i < length; i++)
        {
            // A small alphabet with the extremes makes equal prefixes and 0x00/0xFF edges common.
            int r = random.Next(8);
            key[i] = r switch { 0 => 0x00, 1 => 0xFF, 2 => 0x01, _ => (byte)random.Next(0x40, 0x48) };
        }

        return key;
    }

    private static byte[] NewValue(Random random, int maxCellFootprint)
    {
        int roll = random.Next(100);
        int length = roll < 55 ? random.Next(0, 60)
            : roll < 80 ? random.Next(maxCellFootprint - 40, maxCellFootprint + 40)
            : roll < 95 ? random.Next(0, 5_000)
            : random.Next(0, 64 * 1024 + 1);
        byte[] value = new byte[length];
        random.NextBytes(value);
        return value;
    }
}
