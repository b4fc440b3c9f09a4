using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>Pins the documented on-disk layout (<see cref="NodeLayout"/>) byte for byte.</summary>
public sealed class BTreeLayoutTests
{
    [Fact]
    public void Header_offsets_and_kinds_are_as_documented()
    {
        Assert.Equal(0, NodeLayout.KindOffset);
        Assert.Equal(1, NodeLayout.FlagsOffset);
        Assert.Equal(2, NodeLayout.CellCountOffset);
        Assert.Equal(4, NodeLayout.ContentStartOffset);
        Assert.Equal(6, NodeLayout.FragmentedOffset);
        Assert.Equal(8, NodeLayout.RightChildOffset);
        Assert.Equal(12, NodeLayout.HeaderSize);
        Assert.Equal(2, NodeLayout.SlotSize);
        Assert.Equal((byte)'L', NodeLayout.LeafKind);
        Assert.Equal((byte)'I', NodeLayout.InteriorKind);
        Assert.Equal((byte)'O', NodeLayout.OverflowKind);
        Assert.Equal(2, NodeLayout.OverflowUsedOffset);
        Assert.Equal(4, NodeLayout.OverflowNextOffset);
        Assert.Equal(8, NodeLayout.OverflowHeaderSize);
        Assert.Equal(1006, Tree.MaxLocalKeySizeFor(4092));
        Assert.Equal(110, Tree.MaxLocalKeySizeFor(508));
        Assert.Equal(503, CellFormat.OverflowKeyPrefixFor(1006));
        Assert.Equal(55, CellFormat.OverflowKeyPrefixFor(110));
    }

    [Fact]
    public void Leaf_with_one_inline_cell_has_the_documented_bytes()
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        tree.TryInsert("ab"u8, "xyz"u8);
        byte[] page = tx.RawPage(root);

        // Cell: keyLength 2, "ab", value field 3 << 1 = 6, "xyz": 7 bytes packed against the end (usable 508).
        Assert.Equal(NodeLayout.LeafKind, page[0]);
        Assert.Equal(0, page[1]);
        Assert.Equal(1, BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(2)));
        Assert.Equal(501, BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(4)));
        Assert.Equal(0, BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(6)));
        Assert.Equal(0u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(8)));
        Assert.Equal(501, BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(12)));
        Assert.Equal(new byte[] { 2, (byte)'a', (byte)'b', 6, (byte)'x', (byte)'y', (byte)'z' }, page[501..508]);
        Assert.All(page[14..501], b => Assert.Equal(0, b));
    }

    [Fact]
    public void Overflow_cell_and_chain_pages_have_the_documented_bytes()
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        byte[] value = new byte[600];
        for (int i = 0; i < value.Length; i++)
        {
            value[i] = (byte)i;
        }

        tree.TryInsert("k"u8, value);
        byte[] leaf = tx.RawPage(root);

        // Usable 508: node space 496, a leaf cell may take 248 bytes with its slot, so the value gets 248 − 2 (slot)
        // − 2 (key) − 2 (value varint) = 242 bytes inline; 600 spills. Local maximum 238 (room for the pointer),
        // minLocal 496 × 32 / 255 − 23 = 39, chunk 500: K = 39 + (600 − 39) mod 500 = 100 ≤ 238, so 100 bytes stay
        // and the chain is one full page. Cell: keyLength 1, "k", value field 600 << 1 | 1 = 1201 = varint B1 09,
        // the first 100 value bytes, the chain's first page: 108 bytes.
        int cell = BinaryPrimitives.ReadUInt16LittleEndian(leaf.AsSpan(12));
        Assert.Equal(508 - 108, cell);
        Assert.Equal(new byte[] { 1, (byte)'k', 0xB1, 0x09 }, leaf[cell..(cell + 4)]);
        Assert.Equal(value[..100], leaf[(cell + 4)..(cell + 104)]);
        uint first = BinaryPrimitives.ReadUInt32LittleEndian(leaf.AsSpan(cell + 104));

        byte[] chain = tx.RawPage(first);
        Assert.Equal(NodeLayout.OverflowKind, chain[0]);
        Assert.Equal(500, BinaryPrimitives.ReadUInt16LittleEndian(chain.AsSpan(2)));
        Assert.Equal(0u, BinaryPrimitives.ReadUInt32LittleEndian(chain.AsSpan(4)));
        Assert.Equal(value[100..], chain[8..508]);
    }

    [Fact]
    public void Cell_with_an_overflowing_key_and_its_key_chain_have_the_documented_bytes()
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        byte[] key = new byte[600];
        key.AsSpan().Fill(0xCD);
        tree.TryInsert(key, "v"u8);
        byte[] leaf = tx.RawPage(root);

        // Usable 508: keys over 110 bytes overflow. Cell: keyLength 600 = varint D8 04, the first 55 key bytes, the
        // key chain's first page, value field 1 << 1 = 2, "v": 2 + 55 + 4 + 2 = 63 bytes.
        int cell = BinaryPrimitives.ReadUInt16LittleEndian(leaf.AsSpan(12));
        Assert.Equal(508 - 63, cell);
        Assert.Equal(new byte[] { 0xD8, 0x04 }, leaf[cell..(cell + 2)]);
        Assert.All(leaf[(cell + 2)..(cell + 57)], b => Assert.Equal(0xCD, b));
        uint first = BinaryPrimitives.ReadUInt32LittleEndian(leaf.AsSpan(cell + 57));
        Assert.Equal(new byte[] { 2, (byte)'v' }, leaf[(cell + 61)..(cell + 63)]);

        // The chain holds the other 545 key bytes: 500 in the first page, 45 in the second.
        byte[] chain1 = tx.RawPage(first);
        Assert.Equal(NodeLayout.OverflowKind, chain1[0]);
        Assert.Equal(500, BinaryPrimitives.ReadUInt16LittleEndian(chain1.AsSpan(2)));
        byte[] chain2 = tx.RawPage(BinaryPrimitives.ReadUInt32LittleEndian(chain1.AsSpan(4)));
        Assert.Equal(45, BinaryPrimitives.ReadUInt16LittleEndian(chain2.AsSpan(2)));
        Assert.Equal(0u, BinaryPrimitives.ReadUInt32LittleEndian(chain2.AsSpan(4)));
        Assert.All(chain2[8..53], b => Assert.Equal(0xCD, b));
    }

    [Fact]
    public void Root_split_keeps_the_root_page_as_an_interior_node_with_a_shortest_separator()
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        int i = 0;
        while (tree.Verify().Depth == 1)
        {
            // Keys "key-000", "key-001", ...: neighbours share 6 bytes, so the separator is 7 bytes long.
            tree.TryInsert(System.Text.Encoding.ASCII.GetBytes($"key-{i++:D3}"), new byte[20]);
        }

        byte[] page = tx.RawPage(root);
        Assert.Equal(NodeLayout.InteriorKind, page[0]);
        Assert.Equal(1, BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(2)));
        int cell = BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(12));
        uint left = BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(cell));
        uint right = BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(8));
        Assert.NotEqual(root, left);
        Assert.NotEqual(root, right);
        Assert.Equal(7, page[cell + 4]);

        // Appending at the right edge splits "quickly": the left leaf keeps all old cells, the right gets the new one.
        Assert.Equal(i - 1, BinaryPrimitives.ReadUInt16LittleEndian(tx.RawPage(left).AsSpan(2)));
        Assert.Equal(1, BinaryPrimitives.ReadUInt16LittleEndian(tx.RawPage(right).AsSpan(2)));
    }
}
