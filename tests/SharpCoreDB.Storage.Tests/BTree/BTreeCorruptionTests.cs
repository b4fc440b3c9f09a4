using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>Damaged node and overflow bytes must surface as Corrupt errors that name the page, never as crashes.</summary>
public sealed class BTreeCorruptionTests
{
    private const int PageSize = 512;
    private const int Keys = 1500;

    [Fact]
    public void Unknown_node_kind_is_reported_as_corrupt_naming_the_page()
    {
        var (tx, tree) = Build();
        uint leaf = LeafOf(tx, tree, 700);
        tx.RawPage(leaf)[NodeLayout.KindOffset] = 0x00;
        AssertCorrupt(leaf, () => tree.Get(BTreeBasicTests.Key(700)));
        AssertCorrupt(leaf, () => tree.Verify());
        AssertCorrupt(leaf, () => tree.Upsert(BTreeBasicTests.Key(700), [1]));
    }

    [Fact]
    public void Cell_count_larger_than_the_page_is_reported_as_corrupt()
    {
        var (tx, tree) = Build();
        uint leaf = LeafOf(tx, tree, 300);
        BinaryPrimitives.WriteUInt16LittleEndian(tx.RawPage(leaf).AsSpan(NodeLayout.CellCountOffset), 0xFFFF);
        AssertCorrupt(leaf, () => tree.Get(BTreeBasicTests.Key(300)));
        AssertCorrupt(leaf, () => Scan(tree));
    }

    [Fact]
    public void Slot_pointing_outside_the_cell_area_is_reported_as_corrupt()
    {
        var (tx, tree) = Build();
        uint leaf = LeafOf(tx, tree, 900);
        BinaryPrimitives.WriteUInt16LittleEndian(tx.RawPage(leaf).AsSpan(NodeLayout.HeaderSize), 0xFFF0);
        AssertCorrupt(leaf, () => Scan(tree));
        AssertCorrupt(leaf, () => tree.Verify());
    }

    [Fact]
    public void Key_length_running_past_the_page_is_reported_as_corrupt()
    {
        var (tx, tree) = Build();
        uint leaf = LeafOf(tx, tree, 1200);
        byte[] page = tx.RawPage(leaf);
        int cell = BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(NodeLayout.HeaderSize));
        page[cell] = 0xFF;
        page[cell + 1] = 0x7F;
        AssertCorrupt(leaf, () => Scan(tree));
        AssertCorrupt(leaf, () => tree.Verify());
    }

    [Fact]
    public void Child_pointer_zero_or_looping_is_reported_as_corrupt()
    {
        // Damage is on disk before a transaction reads it, so a fresh tree object meets it (one that built the tree
        // remembers the last leaf it wrote and would go straight there).
        var (tx, tree) = Build();
        byte[] root = tx.RawPage(tree.RootPage);
        BinaryPrimitives.WriteUInt32LittleEndian(root.AsSpan(NodeLayout.RightChildOffset), 0);
        tree = new Tree(tx, tree.RootPage);
        AssertCorrupt(tree.RootPage, () => tree.Get(BTreeBasicTests.Key(Keys - 1)));

        (tx, tree) = Build();
        root = tx.RawPage(tree.RootPage);
        BinaryPrimitives.WriteUInt32LittleEndian(root.AsSpan(NodeLayout.RightChildOffset), tree.RootPage);
        tree = new Tree(tx, tree.RootPage);
        AssertCorrupt(tree.RootPage, () => tree.Get(BTreeBasicTests.Key(Keys - 1)));
        AssertCorrupt(tree.RootPage, () => tree.Verify());
        AssertCorrupt(tree.RootPage, () => tree.Drop());
    }

    [Fact]
    public void Keys_out_of_order_are_found_by_verify()
    {
        var (tx, tree) = Build();
        uint leaf = LeafOf(tx, tree, 500);
        byte[] page = tx.RawPage(leaf);
        // Swap the first two slots: both cells stay valid, only their order is wrong.
        Span<byte> slots = page.AsSpan(NodeLayout.HeaderSize, 4);
        ushort first = BinaryPrimitives.ReadUInt16LittleEndian(slots);
        BinaryPrimitives.WriteUInt16LittleEndian(slots, BinaryPrimitives.ReadUInt16LittleEndian(slots[2..]));
        BinaryPrimitives.WriteUInt16LittleEndian(slots[2..], first);
        AssertCorrupt(leaf, () => tree.Verify());
    }

    [Fact]
    public void Broken_overflow_chain_is_reported_as_corrupt_naming_the_chain_page()
    {
        var tx = new MemoryPageTransaction(PageSize);
        var tree = new Tree(tx, Tree.Create(tx));
        tree.TryInsert("big"u8, new byte[5000]);
        uint leaf = tree.RootPage;
        byte[] leafPage = tx.RawPage(leaf);
        var cell = new NodeReader(leafPage.AsSpan(0, tx.UsableSize), leaf).GetLeafCell(0);
        uint first = cell.OverflowPage;
        uint second = BinaryPrimitives.ReadUInt32LittleEndian(tx.RawPage(first).AsSpan(NodeLayout.OverflowNextOffset));

        tx.RawPage(second)[NodeLayout.KindOffset] = NodeLayout.LeafKind;
        AssertCorrupt(second, () => tree.Get("big"u8));
        AssertCorrupt(second, () => tree.Verify());
        AssertCorrupt(second, () => tree.Delete("big"u8));
        tx.RawPage(second)[NodeLayout.KindOffset] = NodeLayout.OverflowKind;

        // A chain that loops back on itself ends in an error, not an endless read.
        BinaryPrimitives.WriteUInt32LittleEndian(tx.RawPage(second).AsSpan(NodeLayout.OverflowNextOffset), first);
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, Assert.Throws<SharpCoreDBException>(() => tree.Get("big"u8)).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, Assert.Throws<SharpCoreDBException>(() => tree.Verify()).ErrorCode);
    }

    [Fact]
    public void Random_byte_flips_only_ever_raise_corrupt_errors()
    {
        const int seed = 4242;
        var (tx, tree) = Build();
        var pristine = new Dictionary<uint, byte[]>();
        foreach (uint page in tx.LivePageNumbers)
        {
            pristine[page] = (byte[])tx.RawPage(page).Clone();
        }

        uint[] pages = [.. pristine.Keys];
        var random = new Random(seed);
        int corruptReports = 0;
        for (int round = 0; round < 300; round++)
        {
            int flips = random.Next(1, 4);
            for (int f = 0; f < flips; f++)
            {
                byte[] page = tx.RawPage(pages[random.Next(pages.Length)]);
                int offset = random.Next(2) == 0 ? random.Next(0, 40) : random.Next(0, tx.UsableSize);
                page[offset] ^= (byte)(1 << random.Next(8));
            }

            try
            {
                tree.Verify();
                Scan(tree);
                for (int i = 0; i < Keys; i += 37)
                {
                    tree.Get(BTreeBasicTests.Key(i));
                }
            }
            catch (SharpCoreDBException ex) when (ex.ErrorCode == SharpCoreDBErrorCode.Corrupt)
            {
                Assert.Contains("page ", ex.Message);
                corruptReports++;
            }
            catch (Exception ex)
            {
                Assert.Fail($"seed {seed} round {round}: {ex.GetType().Name} instead of a Corrupt error: {ex}");
            }

            foreach ((uint number, byte[] bytes) in pristine)
            {
                bytes.CopyTo(tx.RawPage(number), 0);
            }
        }

        Assert.True(corruptReports > 100, $"seed {seed}: only {corruptReports} of 300 damaged trees were reported");
        Assert.Equal(Keys, tree.Verify().EntryCount);
    }

    private static (MemoryPageTransaction Tx, Tree Tree) Build()
    {
        var tx = new MemoryPageTransaction(PageSize);
        var tree = new Tree(tx, Tree.Create(tx));
        var random = new Random(12);
        for (int i = 0; i < Keys; i++)
        {
            tree.TryInsert(BTreeBasicTests.Key(i), new byte[random.Next(0, i % 50 == 0 ? 900 : 40)]);
        }

        Assert.True(tree.Verify().Depth >= 3);
        return (tx, tree);
    }

    /// <summary>The leaf page that holds key <paramref name="i"/>, found by walking down like a lookup.</summary>
    private static uint LeafOf(MemoryPageTransaction tx, Tree tree, int i)
    {
        byte[] key = BTreeBasicTests.Key(i);
        uint page = tree.RootPage;
        while (true)
        {
            var node = new NodeReader(tx.RawPage(page).AsSpan(0, tx.UsableSize), page);
            if (node.IsLeaf)
            {
                return page;
            }

            page = node.Child(node.UpperBound(key, tx));
        }
    }

    private static void Scan(Tree tree)
    {
        using BTreeCursor cursor = tree.OpenCursor();
        for (bool more = cursor.First(); more; more = cursor.MoveNext())
        {
            _ = cursor.Key;
        }

        for (bool more = cursor.Last(); more; more = cursor.MovePrevious())
        {
            _ = cursor.Key;
        }
    }

    private static void AssertCorrupt(uint page, Action action)
    {
        var error = Assert.Throws<SharpCoreDBException>(action);
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains($"page {page} ", error.Message);
    }
}
