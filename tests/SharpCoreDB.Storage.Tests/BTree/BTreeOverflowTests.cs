using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

public sealed class BTreeOverflowTests
{
    public static TheoryData<int, int> Sizes()
    {
        var data = new TheoryData<int, int>();
        foreach (int pageSize in new[] { 512, 4096 })
        {
            int usable = pageSize - 4;
            int chunk = usable - NodeLayout.OverflowHeaderSize;
            int inline = InlineLimit(pageSize, 5);
            foreach (int size in new[] { 0, 1, inline - 1, inline, inline + 1, chunk - 1, chunk, chunk + 1, 3 * chunk, 100_000, 1 << 20, 16 << 20 })
            {
                data.Add(pageSize, size);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void Values_round_trip_and_delete_returns_every_page(int pageSize, int size)
    {
        var tx = new MemoryPageTransaction(pageSize);
        var tree = new Tree(tx, Tree.Create(tx));
        byte[] neighbourValue = [1, 2, 3];
        tree.TryInsert("a"u8, neighbourValue);
        tree.TryInsert("c"u8, neighbourValue);
        long pagesBefore = tx.LivePages;

        byte[] value = new byte[size];
        new Random(size).NextBytes(value);
        Assert.True(tree.TryInsert("bbbbb"u8, value));

        BTreeVerifyResult result = tree.Verify();
        int expectedChain = ChainPages(tree, 5, size);
        Assert.Equal(expectedChain, result.OverflowPages);
        Assert.Equal(pagesBefore + expectedChain, tx.LivePages);

        byte[] read = new byte[size + 1];
        Assert.True(tree.TryGet("bbbbb"u8, read, out int length));
        Assert.Equal(size, length);
        Assert.True(read.AsSpan(0, size).SequenceEqual(value), "TryGet returned different bytes (seed = size)");
        Assert.True(tree.Get("bbbbb"u8).AsSpan().SequenceEqual(value), "Get returned different bytes (seed = size)");

        using (BTreeCursor cursor = tree.OpenCursor())
        {
            Assert.True(cursor.SeekExact("bbbbb"u8));
            Assert.Equal(size, cursor.ValueLength);
            Assert.Equal(expectedChain == 0, cursor.IsValueInline);
            Array.Clear(read);
            cursor.CopyValueTo(read);
            Assert.True(read.AsSpan(0, size).SequenceEqual(value), "CopyValueTo returned different bytes (seed = size)");
            Assert.True(cursor.MoveNext());
            Assert.True(cursor.InlineValue.SequenceEqual(neighbourValue));
        }

        Assert.True(tree.Delete("bbbbb"u8));
        Assert.Equal(pagesBefore, tx.LivePages);
        Assert.Equal(expectedChain, tx.FreeCount);
        Assert.Equal(2, tree.Verify().EntryCount);
    }

    [Fact]
    public void Replacing_values_across_the_inline_limit_frees_old_chains()
    {
        var tx = new MemoryPageTransaction(1024);
        var tree = new Tree(tx, Tree.Create(tx));
        tree.TryInsert("k"u8, [7]);
        long baseline = tx.LivePages;
        var random = new Random(3);
        foreach (int size in new[] { 50_000, 10, 5_000, 0, 200, 300_000, 1 })
        {
            byte[] value = new byte[size];
            random.NextBytes(value);
            Assert.True(tree.Update("k"u8, value));
            Assert.True(tree.Get("k"u8).AsSpan().SequenceEqual(value), $"size {size} (seed 3)");
            int chain = ChainPages(tree, 1, size);
            Assert.Equal(baseline + chain, tx.LivePages);
        }
    }

    [Fact]
    public void Overflow_values_survive_splits_and_merges_of_their_leaves()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        var random = new Random(9);
        for (int i = 0; i < 400; i++)
        {
            byte[] key = BTreeBasicTests.Key(i);
            byte[] value = new byte[random.Next(0, 3000)];
            random.NextBytes(value);
            tree.TryInsert(key, value);
            model[key] = value;
        }

        for (int i = 0; i < 400; i += 3)
        {
            tree.Delete(BTreeBasicTests.Key(i));
            model.Remove(BTreeBasicTests.Key(i));
        }

        TreeOracle.AssertMatches(tree, model, "seed 9", new MemoryTreeHost(tx));
    }

    /// <summary>The overflow pages a <paramref name="size"/>-byte value takes next to a key of <paramref name="keyLength"/> bytes.</summary>
    internal static int ChainPages(Tree tree, int keyLength, int size)
    {
        int local = tree.LocalValueLength(keyLength, size, out bool spills);
        return spills ? OverflowChain.PageCount(size - local, tree.Transaction.UsableSize) : 0;
    }

    /// <summary>The largest value that stays inline next to a key of <paramref name="keyLength"/> bytes.</summary>
    private static int InlineLimit(int pageSize, int keyLength)
    {
        var tx = new MemoryPageTransaction(pageSize);
        var tree = new Tree(tx, Tree.Create(tx));
        int size = 0;
        while (tree.FitsInline(keyLength, size + 1))
        {
            size++;
        }

        return size;
    }
}
