using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// Keys longer than a node can hold locally (index entries of long TEXT or BLOB values): their tail lives in an
/// overflow chain, in leaves and in interior separators alike. A seeded random run over keys of 0 to 50,000 bytes,
/// most sharing long prefixes, is checked against a <see cref="SortedDictionary{TKey, TValue}"/> in memcmp order,
/// with the integrity walk and the page accounting (no chain leaks) every 100 steps. SHARPCOREDB_STRESS=1 runs
/// more seeds and steps.
/// </summary>
public sealed class BTreeLongKeyTests
{
    private const int MaxKeyLength = 50_000;
    private const int FullCheckInterval = 100;

    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    public static TheoryData<int, int> Cases()
    {
        var data = new TheoryData<int, int> { { 512, 301 }, { 1024, 302 }, { 4096, 303 } };
        if (s_stress)
        {
            for (int seed = 3000; seed < 3012; seed++)
            {
                data.Add(seed % 3 == 0 ? 4096 : seed % 3 == 1 ? 512 : 1024, seed);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Random_operations_on_keys_up_to_50_KB_match_a_sorted_dictionary(int pageSize, int seed)
    {
        using var host = new MemoryTreeHost(pageSize);
        // Small pages must reach interior splits; 4 KiB pages hold too many separators for this many keys.
        Run(host, seed, s_stress ? 6_000 : 1_200, minDepth: pageSize <= 1024 ? 3 : 2);
    }

    [Fact]
    public void Random_operations_on_long_keys_survive_pager_store_reopens()
    {
        using var host = new PagerTreeHost(4096);
        Run(host, 304, s_stress ? 4_000 : 900, minDepth: 2);
        Assert.True(host.Reopens >= 2, $"seed 304: the store was reopened only {host.Reopens} times");
    }

    [Fact]
    public void Keys_sharing_a_prefix_longer_than_a_page_split_merge_and_free_every_page()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);

        // Every pair of neighbours differs only after 3,000 equal bytes, so every separator overflows.
        for (int i = 0; i < 300; i++)
        {
            int n = (i * 7919) % 300;
            byte[] key = new byte[3_000 + 2];
            key.AsSpan(0, 3_000).Fill((byte)'x');
            key[3_000] = (byte)(n >> 8);
            key[3_001] = (byte)n;
            Assert.True(tree.TryInsert(key, []), $"insert {n}");
            Assert.False(tree.TryInsert(key, []), $"duplicate insert {n} must be refused");
            model[key] = [];
        }

        BTreeVerifyResult full = TreeOracle.AssertMatches(tree, model, "300 keys sharing 3,000 bytes", new MemoryTreeHost(tx));
        Assert.True(full.Depth >= 3, $"the tree should have split to several levels, depth {full.Depth}");

        foreach (byte[] key in model.Keys.ToArray())
        {
            Assert.True(tree.Delete(key));
            model.Remove(key);
        }

        BTreeVerifyResult empty = TreeOracle.AssertMatches(tree, model, "emptied", new MemoryTreeHost(tx));
        Assert.Equal(1, empty.TotalPages);
        Assert.Equal(1, tx.LivePages);
    }

    [Fact]
    public void Updating_and_deleting_a_long_key_frees_its_overflow_pages()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        byte[] key = new byte[1_000_000];
        new Random(305).NextBytes(key);

        Assert.True(tree.TryInsert(key, "v"u8));
        long withKey = tx.LivePages;
        Assert.True(withKey > 200, $"a 1 MB key should take a chain of pages, live pages {withKey}");
        Assert.Equal("v"u8.ToArray(), tree.Get(key));

        Assert.True(tree.Update(key, new byte[10_000]));
        Assert.False(tree.Upsert(key, "w"u8));
        Assert.Equal(withKey, tx.LivePages);
        Assert.Equal("w"u8.ToArray(), tree.Get(key));

        Assert.True(tree.Delete(key));
        Assert.Equal(1, tx.LivePages);
        Assert.Equal(1, tree.Verify().TotalPages);
    }

    [Fact]
    public void Dropping_a_tree_of_long_keys_frees_their_chains_and_separator_chains()
    {
        var tx = new MemoryPageTransaction(1024);
        var tree = new Tree(tx, Tree.Create(tx));
        for (int i = 0; i < 120; i++)
        {
            byte[] key = new byte[2_000 + (i % 7 * 300)];
            key.AsSpan().Fill((byte)'k');
            key[^1] = (byte)i;
            Assert.True(tree.TryInsert(key, []));
        }

        BTreeVerifyResult full = tree.Verify();
        Assert.True(full.OverflowPages > 240, $"120 keys of 2,000+ bytes should own chains, {full.OverflowPages} overflow pages");
        Assert.Equal(full.TotalPages, tx.LivePages);
        tree.Drop();
        Assert.Equal(0, tx.LivePages);
    }

    [Fact]
    public void Cursor_returns_the_whole_long_key_and_seeks_by_it()
    {
        var tx = new MemoryPageTransaction(1024);
        var tree = new Tree(tx, Tree.Create(tx));
        byte[] small = [(byte)'a'];
        byte[] large = new byte[20_000];
        large.AsSpan().Fill((byte)'a');
        large[^1] = (byte)'b';
        byte[] larger = (byte[])large.Clone();
        larger[^1] = (byte)'c';
        foreach (byte[] key in new[] { larger, small, large })
        {
            Assert.True(tree.TryInsert(key, []));
        }

        using BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.Seek(large.AsSpan(0, 19_999), BTreeSeek.Greater));
        Assert.True(cursor.Key.SequenceEqual(large));
        Assert.True(cursor.MoveNext());
        Assert.True(cursor.Key.SequenceEqual(larger));
        Assert.True(cursor.SeekExact(larger));
        Assert.True(cursor.MovePrevious());
        Assert.True(cursor.Key.SequenceEqual(large));
        Assert.True(cursor.MovePrevious());
        Assert.True(cursor.Key.SequenceEqual(small));
        Assert.True(tree.ContainsKey(large));
        Assert.False(tree.ContainsKey(large.AsSpan(0, 19_999)));

        Span<byte> last = stackalloc byte[10];
        Assert.Equal(larger.Length, tree.CopyLastKey(last));
        Assert.True(last.SequenceEqual(larger.AsSpan(0, 10)));
    }

    private static void Run(TreeHost host, int seed, int steps, int minDepth)
    {
        var random = new Random(seed);
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        uint root = Tree.Create(host.Tx);
        var tree = new Tree(host.Tx, root);
        string context = $"seed {seed}, {host.Description}, before step 0";
        int deepest = 0;
        try
        {
            for (int step = 0; step < steps; step++)
            {
                bool growing = step < steps * 6 / 10;
                int roll = random.Next(100);
                context = $"seed {seed}, {host.Description}, step {step}";
                if (roll < (growing ? 45 : 25))
                {
                    // Index entries: unique keys, mostly empty values, refused when present.
                    byte[] key = PickKey(random, model, existingPercent: 20);
                    byte[] value = NewValue(random);
                    bool expected = !model.ContainsKey(key);
                    Assert.True(tree.TryInsert(key, value) == expected, $"{context}: TryInsert {Describe(key)} should return {expected}");
                    if (expected)
                    {
                        model[key] = value;
                    }
                }
                else if (roll < (growing ? 52 : 32))
                {
                    byte[] key = PickKey(random, model, existingPercent: 60);
                    byte[] value = NewValue(random);
                    bool expected = !model.ContainsKey(key);
                    Assert.True(tree.Upsert(key, value) == expected, $"{context}: Upsert {Describe(key)} should return {expected}");
                    model[key] = value;
                }
                else if (roll < (growing ? 65 : 70))
                {
                    byte[] key = PickKey(random, model, existingPercent: 85);
                    bool expected = model.Remove(key);
                    Assert.True(tree.Delete(key) == expected, $"{context}: Delete {Describe(key)} should return {expected}");
                }
                else if (roll < 80)
                {
                    byte[] key = PickKey(random, model, existingPercent: 60);
                    bool expected = model.TryGetValue(key, out byte[]? value);
                    byte[]? actual = tree.Get(key);
                    Assert.True((actual is not null) == expected, $"{context}: Get {Describe(key)} should find {expected}");
                    Assert.True(tree.ContainsKey(key) == expected, $"{context}: ContainsKey {Describe(key)} should return {expected}");
                    if (expected)
                    {
                        Assert.True(actual.AsSpan().SequenceEqual(value), $"{context}: Get {Describe(key)} returned another value");
                    }
                }
                else
                {
                    TreeOracle.AssertSeekAndScan(random, tree, model, PickKey(random, model, existingPercent: 50), 30, context);
                }

                if (step % FullCheckInterval == FullCheckInterval - 1)
                {
                    deepest = Math.Max(deepest, TreeOracle.AssertMatches(tree, model, context, host).Depth);
                }

                if (step % 400 == 399)
                {
                    host.CommitAndReopen();
                    tree = new Tree(host.Tx, root);
                }
            }

            context = $"seed {seed}, {host.Description}, end";
            TreeOracle.AssertMatches(tree, model, context, host);
            Assert.True(deepest >= minDepth, $"{context}: the tree never grew past depth {deepest}, below the {minDepth} this run must reach");
            TreeOracle.AssertEmptiesToRoot(tree, model, context, host);
        }
        catch (Exception ex) when (ex is not Xunit.Sdk.XunitException)
        {
            throw new InvalidOperationException($"{context}: {ex.GetType().Name}: {ex.Message}", ex);
        }
    }

    /// <summary>
    /// Keys of every size class: short, around the local limit, and up to 50 KB; half of the new ones copy a long
    /// prefix of an existing key, so comparisons and separators must look past the local bytes into the chains.
    /// </summary>
    private static byte[] PickKey(Random random, SortedDictionary<byte[], byte[]> model, int existingPercent)
    {
        if (model.Count > 0 && random.Next(100) < existingPercent)
        {
            return model.Keys.ElementAt(random.Next(model.Count));
        }

        int roll = random.Next(100);
        int length = roll < 25 ? random.Next(0, 20)
            : roll < 55 ? random.Next(20, 3_000)
            : roll < 90 ? random.Next(3_000, 12_000)
            : random.Next(12_000, MaxKeyLength + 1);
        byte[] key = new byte[length];
        int start = 0;
        if (model.Count > 0 && random.Next(2) == 0)
        {
            byte[] other = model.Keys.ElementAt(random.Next(model.Count));
            start = Math.Min(other.Length - random.Next(0, Math.Min(other.Length, 40) + 1), length);
            other.AsSpan(0, start).CopyTo(key);
        }

        for (int i = start; i < length; i++)
        {
            int r = random.Next(8);
            key[i] = r switch { 0 => 0x00, 1 => 0xFF, _ => (byte)random.Next(0x40, 0x43) };
        }

        return key;
    }

    private static byte[] NewValue(Random random)
    {
        int roll = random.Next(100);
        byte[] value = new byte[roll < 70 ? 0 : roll < 95 ? random.Next(1, 100) : random.Next(100, 6_000)];
        random.NextBytes(value);
        return value;
    }

    private static string Describe(byte[] key) =>
        key.Length <= 24 ? TreeOracle.Hex(key) : $"{key.Length}-byte key {TreeOracle.Hex(key.AsSpan(0, 8))}..{TreeOracle.Hex(key.AsSpan(key.Length - 8))}";
}
