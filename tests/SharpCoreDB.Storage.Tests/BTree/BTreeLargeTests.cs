using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

public sealed class BTreeLargeTests
{
    private const int KeyCount = 1_000_000;

    [Fact]
    public void Million_keys_insert_scan_both_ways_delete_half_and_verify()
    {
        using var host = new MemoryTreeHost(4096);
        RunMillion(host, seed: 77);
    }

    [Fact]
    public void Million_keys_survive_commits_and_reopens_of_the_pager_store()
    {
        using var host = new PagerTreeHost(4096);
        RunMillion(host, seed: 78);
        Assert.Equal(2, host.Reopens);
    }

    /// <summary>
    /// Inserts a million keys in seeded random order, reopens (a real store commits, closes and reopens), scans
    /// both ways, deletes the odd half in another random order, reopens again, and checks scans, lookups, the
    /// integrity walk and that every page of the file is either the tree's or free.
    /// </summary>
    private static void RunMillion(TreeHost host, int seed)
    {
        uint root = Tree.Create(host.Tx);
        var tree = new Tree(host.Tx, root);

        // Keys i*2 in a seeded random order; values derive from the key so every read can be checked.
        int[] order = new int[KeyCount];
        for (int i = 0; i < KeyCount; i++)
        {
            order[i] = i;
        }

        new Random(seed).Shuffle(order);
        Span<byte> key = stackalloc byte[8];
        Span<byte> value = stackalloc byte[12];
        foreach (int i in order)
        {
            Encode(i, key, value);
            Assert.True(tree.TryInsert(key, value), $"seed {seed}: insert {i}");
        }

        host.CommitAndReopen();
        tree = new Tree(host.Tx, root);
        var pages = new HashSet<uint>();
        BTreeVerifyResult full = tree.Verify(pages);
        Assert.True(full.EntryCount == KeyCount, $"seed {seed}: Verify counted {full.EntryCount}");
        host.AssertPagesAccounted(pages, $"seed {seed}, after inserts");

        ScanBothWays(tree, i => true, KeyCount, seed);

        // Delete the odd half in another random order, then check what is left, both ways.
        int deleted = 0;
        foreach (int i in order)
        {
            if (i % 2 == 1)
            {
                Encode(i, key, value);
                Assert.True(tree.Delete(key), $"seed {seed}: delete {i}");
                deleted++;
            }
        }

        Assert.Equal(KeyCount / 2, deleted);
        host.CommitAndReopen();
        tree = new Tree(host.Tx, root);
        pages.Clear();
        BTreeVerifyResult half = tree.Verify(pages);
        Assert.True(half.EntryCount == KeyCount / 2, $"seed {seed}: Verify counted {half.EntryCount} after deleting half");
        host.AssertPagesAccounted(pages, $"seed {seed}, after deletes");
        Assert.True(half.LeafPages < full.LeafPages, $"seed {seed}: deleting half freed no leaves ({half.LeafPages} of {full.LeafPages})");
        ScanBothWays(tree, i => i % 2 == 0, KeyCount / 2, seed);

        Span<byte> buffer = stackalloc byte[16];
        var probe = new Random(seed + 1);
        for (int n = 0; n < 10_000; n++)
        {
            int i = probe.Next(KeyCount);
            Encode(i, key, value);
            bool found = tree.TryGet(key, buffer, out int length);
            Assert.True(found == (i % 2 == 0), $"seed {seed}: lookup {i}");
            Assert.True(!found || buffer[..length].SequenceEqual(value), $"seed {seed}: value of {i}");
        }

        Assert.True(host.Memory is null || host.Memory.OpenLeases == 0, $"seed {seed}: page leases leaked");
    }

    private static void ScanBothWays(Tree tree, Func<int, bool> present, int expectedCount, int seed)
    {
        Span<byte> key = stackalloc byte[8];
        Span<byte> value = stackalloc byte[12];
        using BTreeCursor cursor = tree.OpenCursor();
        int seen = 0;
        int i = -1;
        for (bool more = cursor.First(); more; more = cursor.MoveNext())
        {
            do
            {
                i++;
            }
            while (!present(i));

            Encode(i, key, value);
            if (!cursor.Key.SequenceEqual(key) || !cursor.InlineValue.SequenceEqual(value))
            {
                Assert.Fail($"seed {seed}: ascending entry {seen} should be key {i}");
            }

            seen++;
        }

        Assert.True(seen == expectedCount, $"seed {seed}: ascending scan saw {seen}, expected {expectedCount}");
        seen = 0;
        i = KeyCount;
        for (bool more = cursor.Last(); more; more = cursor.MovePrevious())
        {
            do
            {
                i--;
            }
            while (!present(i));

            Encode(i, key, value);
            if (!cursor.Key.SequenceEqual(key) || !cursor.InlineValue.SequenceEqual(value))
            {
                Assert.Fail($"seed {seed}: descending entry {seen} should be key {i}");
            }

            seen++;
        }

        Assert.True(seen == expectedCount, $"seed {seed}: descending scan saw {seen}, expected {expectedCount}");
    }

    private static void Encode(int i, Span<byte> key, Span<byte> value)
    {
        BinaryPrimitives.WriteInt64BigEndian(key, i * 2L);
        BinaryPrimitives.WriteInt64LittleEndian(value, i * 7919L);
        BinaryPrimitives.WriteInt32LittleEndian(value[8..], ~i);
    }
}
