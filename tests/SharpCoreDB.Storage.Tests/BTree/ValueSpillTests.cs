using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Format;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// The cell layout of large values (see <see cref="ValueSpill"/>): a local prefix in the leaf, the rest in overflow
/// pages filled completely where SQLite's surplus rule allows, at the boundary sizes of the rule.
/// </summary>
public sealed class ValueSpillTests
{
    // A row id key: 8 bytes, as the engine's table keys.
    private const int KeyLength = 8;

    /// <summary>Page size and trailer of a plain (8) and an encrypted (32) 4 KiB database, and a tiny page.</summary>
    public static TheoryData<int, int> Pages() => new() { { 4096, 8 }, { 4096, 32 }, { 512, 4 }, { 65536, 8 } };

    [Fact]
    public void Rule_gives_the_documented_sizes_for_plain_4_KiB_pages()
    {
        // Usable 4088: node space 4076, a leaf cell may take 2038 bytes with its slot; minLocal 4076 × 32 / 255 − 23
        // = 488; an overflow page holds 4080 bytes.
        Assert.Equal(2038, ValueSpill.MaxLeafCellFootprint(4088));
        Assert.Equal(488, ValueSpill.MinLocal(4088));
        Assert.Equal(4080, ValueSpill.ChunkSize(4088));

        // An 8-byte key takes 9 bytes; a value of 128..8191 bytes has a 2-byte length: 2038 − 2 − 9 − 2 = 2025 inline.
        Assert.Equal(2025, ValueSpill.LocalLength(4088, 9, 2025, out bool spills));
        Assert.False(spills);

        // One more byte spills: K = 488 + (2026 − 488) mod 4080 = 2026 > 2021 (room for the pointer), so minLocal.
        Assert.Equal(488, ValueSpill.LocalLength(4088, 9, 2026, out spills));
        Assert.True(spills);

        // 10 KiB: K = 488 + 9752 mod 4080 = 2080 > 2021, so 488 local and 9752 bytes in 3 pages.
        Assert.Equal(488, ValueSpill.LocalLength(4088, 9, 10_240, out _));

        // minLocal + k chunks: all k pages full; one byte more moves into the leaf; one byte less needs the prefix
        // to shrink below minLocal, so the last page holds one byte less instead.
        Assert.Equal(488, ValueSpill.LocalLength(4088, 9, 488 + (2 * 4080), out _));
        Assert.Equal(489, ValueSpill.LocalLength(4088, 9, 489 + (2 * 4080), out _));
        Assert.Equal(488, ValueSpill.LocalLength(4088, 9, 487 + (2 * 4080), out _));
    }

    [Theory]
    [MemberData(nameof(Pages))]
    public void Boundary_sizes_round_trip_with_the_rule_s_local_prefix_and_chain(int pageSize, int trailer)
    {
        var tx = new MemoryPageTransaction(pageSize, trailer);
        int usable = tx.UsableSize;
        int chunk = ValueSpill.ChunkSize(usable);
        int keyBytes = 1 + KeyLength;
        int largestInline = LargestInline(usable, keyBytes);
        int minLocal = ValueSpill.MinLocal(usable);
        var sizes = new List<int> { 0, 1, largestInline - 1, largestInline, largestInline + 1 };
        for (int k = 1; k <= 3; k++)
        {
            // The sizes whose chain is exactly k full pages, and one byte either side.
            int exact = minLocal + (k * chunk);
            sizes.AddRange([exact - 1, exact, exact + 1]);
        }

        foreach (int size in sizes)
        {
            string context = $"{pageSize}-byte pages, trailer {trailer}, value of {size} bytes";
            var tree = new Tree(tx, Tree.Create(tx));
            byte[] key = Key(1);
            byte[] value = Value(size);
            long pagesBefore = tx.LivePages;
            Assert.True(tree.TryInsert(key, value), context);

            int local = ValueSpill.LocalLength(usable, keyBytes, size, out bool spills);
            Assert.True(spills == size > largestInline, $"{context}: spills {spills}");
            int chainPages = spills ? OverflowChain.PageCount(size - local, usable) : 0;
            if (spills && local > minLocal)
            {
                Assert.True((size - local) % chunk == 0, $"{context}: a prefix above minLocal must leave only full chain pages");
            }

            if (spills)
            {
                // The smallest chain any prefix that fits the cell could give.
                int maxLocal = ValueSpill.MaxLeafCellFootprint(usable) - 2 - keyBytes - Varint.Size((uint)size << 1) - 4;
                Assert.True(chainPages == OverflowChain.PageCount(size - maxLocal, usable), $"{context}: chain of {chainPages} pages is not the shortest");
            }

            BTreeVerifyResult result = tree.Verify();
            Assert.True(result.OverflowPages == chainPages, $"{context}: {result.OverflowPages} overflow pages, expected {chainPages}");
            Assert.Equal(pagesBefore + chainPages, tx.LivePages);

            using (BTreeCursor cursor = tree.OpenCursor())
            {
                Assert.True(cursor.SeekExact(key), context);
                Assert.Equal(size, cursor.ValueLength);
                Assert.Equal(!spills, cursor.IsValueInline);
                Assert.True(cursor.LocalValue.SequenceEqual(value.AsSpan(0, local)), $"{context}: local prefix differs");
                foreach (int prefix in new[] { 0, local, Math.Min(size, local + 1), Math.Min(size, local + chunk), size })
                {
                    byte[] read = new byte[prefix];
                    cursor.CopyValuePrefixTo(read);
                    Assert.True(read.AsSpan().SequenceEqual(value.AsSpan(0, prefix)), $"{context}: prefix of {prefix} bytes differs");
                }
            }

            Assert.True(tree.Get(key).AsSpan().SequenceEqual(value), $"{context}: Get differs");
            Assert.True(tree.Delete(key), context);
            Assert.Equal(pagesBefore, tx.LivePages);
            tree.Drop();
            tx.Commit();
        }
    }

    [Theory]
    [MemberData(nameof(Pages))]
    public void Spilled_cell_holds_the_prefix_then_the_pointer_and_the_chain_pages_are_full(int pageSize, int trailer)
    {
        var tx = new MemoryPageTransaction(pageSize, trailer);
        int usable = tx.UsableSize;
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        int chunk = ValueSpill.ChunkSize(usable);
        int size = ValueSpill.MinLocal(usable) + 1 + (2 * chunk);
        byte[] value = Value(size);
        tree.TryInsert(Key(7), value);

        int local = ValueSpill.MinLocal(usable) + 1;
        byte[] leaf = tx.RawPage(root);
        int cell = BinaryPrimitives.ReadUInt16LittleEndian(leaf.AsSpan(NodeLayout.HeaderSize));
        int valueField = cell + 1 + KeyLength;
        int n = Varint.Read(leaf.AsSpan(valueField), out uint field);
        Assert.Equal(((uint)size << 1) | 1u, field);
        Assert.Equal(value[..local], leaf[(valueField + n)..(valueField + n + local)]);
        uint page = BinaryPrimitives.ReadUInt32LittleEndian(leaf.AsSpan(valueField + n + local));
        Assert.Equal(usable - cell, 1 + KeyLength + n + local + NodeLayout.PagePointerSize);

        for (int i = 0; i < 2; i++)
        {
            byte[] chain = tx.RawPage(page);
            Assert.Equal(NodeLayout.OverflowKind, chain[0]);
            Assert.Equal(chunk, BinaryPrimitives.ReadUInt16LittleEndian(chain.AsSpan(NodeLayout.OverflowUsedOffset)));
            int from = local + (i * chunk);
            Assert.Equal(value[from..(from + chunk)], chain[NodeLayout.OverflowHeaderSize..usable]);
            page = BinaryPrimitives.ReadUInt32LittleEndian(chain.AsSpan(NodeLayout.OverflowNextOffset));
        }

        Assert.Equal(0u, page);
    }

    [Theory]
    [InlineData(8)]
    [InlineData(32)]
    public void One_KiB_values_sit_inline_at_least_three_to_a_4_KiB_leaf(int trailer)
    {
        var tx = new MemoryPageTransaction(4096, trailer);
        var tree = new Tree(tx, Tree.Create(tx));
        const int Rows = 3_000;
        for (int i = 0; i < Rows; i++)
        {
            tree.TryInsert(Key(i), Value(1024));
        }

        BTreeVerifyResult result = tree.Verify();
        Assert.Equal(0, result.OverflowPages);
        Assert.True(Rows / (double)result.LeafPages >= 3, $"{result.LeafPages} leaves for {Rows} rows of 1 KiB (trailer {trailer})");
    }

    [Fact]
    public void A_10_KiB_value_takes_three_overflow_pages_on_4_KiB_pages()
    {
        var tx = new MemoryPageTransaction(4096, 8);
        var tree = new Tree(tx, Tree.Create(tx));
        tree.TryInsert(Key(1), Value(10 * 1024));
        Assert.Equal(3, tree.Verify().OverflowPages);
    }

    private static int LargestInline(int usable, int keyBytes)
    {
        int size = 0;
        while (!IsSpilling(usable, keyBytes, size + 1))
        {
            size++;
        }

        return size;
    }

    private static bool IsSpilling(int usable, int keyBytes, int size)
    {
        ValueSpill.LocalLength(usable, keyBytes, size, out bool spills);
        return spills;
    }

    private static byte[] Key(int i)
    {
        byte[] key = new byte[KeyLength];
        BinaryPrimitives.WriteInt64BigEndian(key, i);
        return key;
    }

    private static byte[] Value(int size)
    {
        byte[] value = new byte[size];
        new Random(size).NextBytes(value);
        return value;
    }
}
