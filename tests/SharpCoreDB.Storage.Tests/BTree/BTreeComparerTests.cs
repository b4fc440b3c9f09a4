using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// A tree opened with a <see cref="BTreeKeyComparer"/> (as an index on a user collation is) against a
/// <see cref="SortedDictionary{TKey, TValue}"/> with the same order: seeded random inserts, upserts, deletes, lookups
/// and seeks with short and overflowing keys on small pages, so splits, merges and whole-key separators happen often.
/// The orders chosen disagree with byte order everywhere (reversed, and compared from the last byte), so a single
/// byte comparison left on any path, or a separator cut short by byte order, misplaces keys.
/// </summary>
public sealed class BTreeComparerTests
{
    public static TheoryData<string, int, int> Cases()
    {
        var data = new TheoryData<string, int, int>();
        int[] seeds = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? [.. Enumerable.Range(3000, 24)] : [301, 302];
        foreach (int seed in seeds)
        {
            data.Add("reverse", 512, seed);
            data.Add("from-end", 512, seed + 1000);
            data.Add("from-end", 4096, seed + 2000);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Random_operations_on_a_comparer_tree_match_a_sorted_dictionary_with_that_order(string order, int pageSize, int seed)
    {
        var comparer = new TestComparer(order);
        using var host = new MemoryTreeHost(pageSize);
        var random = new Random(seed);
        var model = new SortedDictionary<byte[], byte[]>(comparer);
        uint root = Tree.Create(host.Tx);
        var tree = new Tree(host.Tx, root, comparer);
        int maxKey = tree.MaxLocalKeySize * 3;
        byte[] buffer = new byte[8192];
        string context = $"seed {seed}, order {order}, {host.Description}";
        try
        {
            const int steps = 3_000;
            for (int step = 0; step < steps; step++)
            {
                context = $"seed {seed}, order {order}, {host.Description}, step {step}";
                bool growing = step < steps * 6 / 10;
                int roll = random.Next(100);
                byte[] key = PickKey(random, model, maxKey);
                if (roll < (growing ? 35 : 10))
                {
                    byte[] value = NewValue(random);
                    bool expected = !model.ContainsKey(key);
                    Assert.True(tree.TryInsert(key, value) == expected, $"{context}: TryInsert {TreeOracle.Hex(key)} should return {expected}");
                    model.TryAdd(key, value);
                }
                else if (roll < (growing ? 50 : 20))
                {
                    byte[] value = NewValue(random);
                    bool expected = !model.ContainsKey(key);
                    Assert.True(tree.Upsert(key, value) == expected, $"{context}: Upsert {TreeOracle.Hex(key)} should return {expected}");
                    model[key] = value;
                }
                else if (roll < (growing ? 65 : 75))
                {
                    bool expected = model.Remove(key);
                    Assert.True(tree.Delete(key) == expected, $"{context}: Delete {TreeOracle.Hex(key)} should return {expected}");
                }
                else if (roll < 85)
                {
                    bool expected = model.TryGetValue(key, out byte[]? value);
                    Assert.True(tree.TryGet(key, buffer, out int length) == expected, $"{context}: TryGet {TreeOracle.Hex(key)} should return {expected}");
                    Assert.True(!expected || buffer.AsSpan(0, length).SequenceEqual(value), $"{context}: TryGet {TreeOracle.Hex(key)} returned another value");
                }
                else
                {
                    TreeOracle.AssertSeekAndScan(random, tree, model, key, 40, context);
                }

                if (step % 250 == 249)
                {
                    TreeOracle.AssertMatches(tree, model, context, host);
                    host.CommitAndReopen();

                    // A new instance forgets the remembered leaf and edge: both paths get exercised.
                    tree = new Tree(host.Tx, root, comparer);
                }
            }

            TreeOracle.AssertMatches(tree, model, context + ", end", host);
            TreeOracle.AssertEmptiesToRoot(tree, model, context + ", end", host);
        }
        catch (Exception ex) when (ex is not Xunit.Sdk.XunitException)
        {
            throw new InvalidOperationException($"{context}: {ex.GetType().Name}: {ex.Message}", ex);
        }
    }

    [Fact]
    public void Integrity_walk_of_a_comparer_tree_reports_keys_out_of_its_order()
    {
        using var host = new MemoryTreeHost(512);
        uint root = Tree.Create(host.Tx);

        // Built in byte order, then read with the reversed order: the same pages are out of order for it.
        var bytes = new Tree(host.Tx, root);
        for (int i = 0; i < 200; i++)
        {
            bytes.TryInsert([(byte)(i >> 8), (byte)i], [1]);
        }

        var reversed = new Tree(host.Tx, root, new TestComparer("reverse"));
        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => reversed.Verify());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);

        // Dropping needs no order: a tree whose comparer no longer fits can still be freed.
        reversed.Drop();
        host.CommitAndReopen();
        Assert.Empty(host.Memory.LivePageNumbers);
    }

    private static byte[] PickKey(Random random, SortedDictionary<byte[], byte[]> model, int maxKey)
    {
        if (model.Count > 0 && random.Next(100) < 40)
        {
            return model.Keys.ElementAt(random.Next(model.Count));
        }

        int roll = random.Next(100);
        int length = roll < 50 ? random.Next(1, 9) : roll < 90 ? random.Next(8, 41) : random.Next(40, maxKey + 1);
        byte[] key = new byte[length];
        for (int i = 0; i < length; i++)
        {
            int r = random.Next(6);
            key[i] = r switch { 0 => 0x00, 1 => 0xFF, _ => (byte)random.Next(0x40, 0x46) };
        }

        return key;
    }

    private static byte[] NewValue(Random random)
    {
        byte[] value = new byte[random.Next(100) < 85 ? random.Next(0, 40) : random.Next(200, 3000)];
        random.NextBytes(value);
        return value;
    }

    // "reverse": descending byte order. "from-end": bytes compared from the last one backwards, shorter first on a tie.
    private sealed class TestComparer(string order) : BTreeKeyComparer, IComparer<byte[]>
    {
        public int Compare(byte[]? x, byte[]? y) => Compare(x.AsSpan(), y.AsSpan());

        public override int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
        {
            if (order == "reverse")
            {
                return right.SequenceCompareTo(left);
            }

            int common = Math.Min(left.Length, right.Length);
            for (int i = 1; i <= common; i++)
            {
                int c = left[^i].CompareTo(right[^i]);
                if (c != 0)
                {
                    return c;
                }
            }

            return left.Length.CompareTo(right.Length);
        }
    }
}
