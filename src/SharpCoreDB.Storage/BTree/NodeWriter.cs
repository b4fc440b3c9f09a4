using System.Buffers.Binary;
using System.Diagnostics;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Changes node pages in place (see <see cref="NodeLayout"/>).</summary>
internal static class NodeWriter
{
    /// <summary>Formats <paramref name="page"/> as an empty node; clears it so no stale bytes linger in free space.</summary>
    public static void Init(Span<byte> page, byte kind, uint rightChild)
    {
        page.Clear();
        page[NodeLayout.KindOffset] = kind;
        SetContentStart(page, page.Length);
        BinaryPrimitives.WriteUInt32LittleEndian(page.Slice(NodeLayout.RightChildOffset), rightChild);
    }

    /// <summary>Sets the right child of an interior node.</summary>
    public static void SetRightChild(Span<byte> page, uint child) =>
        BinaryPrimitives.WriteUInt32LittleEndian(page.Slice(NodeLayout.RightChildOffset), child);

    /// <summary>Appends a cell after the last slot; the caller knows it fits.</summary>
    public static void Append(Span<byte> page, ReadOnlySpan<byte> cell)
    {
        int count = GetCount(page);
        int contentStart = GetContentStart(page) - cell.Length;
        Debug.Assert(contentStart >= NodeLayout.HeaderSize + (NodeLayout.SlotSize * (count + 1)), "cell does not fit");
        cell.CopyTo(page.Slice(contentStart));
        BinaryPrimitives.WriteUInt16LittleEndian(page.Slice(NodeLayout.HeaderSize + (NodeLayout.SlotSize * count)), (ushort)contentStart);
        SetCount(page, count + 1);
        SetContentStart(page, contentStart);
    }

    /// <summary>
    /// Inserts a cell at slot <paramref name="index"/> when the page has room, compacting it first if only the
    /// fragmented bytes make the room. Returns false (page unchanged) when the cell does not fit.
    /// </summary>
    public static bool TryInsert(Span<byte> page, uint pageNumber, int index, ReadOnlySpan<byte> cell, Span<byte> scratch)
    {
        var node = new NodeReader(page, pageNumber);
        int count = node.Count;
        int need = cell.Length + NodeLayout.SlotSize;
        if (need > node.GapBytes)
        {
            if (need > node.GapBytes + node.Fragmented)
            {
                return false;
            }

            Defragment(page, pageNumber, scratch);
        }

        int contentStart = GetContentStart(page) - cell.Length;
        if (contentStart < NodeLayout.HeaderSize + (NodeLayout.SlotSize * (count + 1)))
        {
            // The header promised room that the cells do not leave.
            BTreeCorruption.Throw(pageNumber, "its free-space accounting does not match its cells");
        }

        cell.CopyTo(page.Slice(contentStart));
        int slot = NodeLayout.HeaderSize + (NodeLayout.SlotSize * index);
        int slotsEnd = NodeLayout.HeaderSize + (NodeLayout.SlotSize * count);
        page.Slice(slot, slotsEnd - slot).CopyTo(page.Slice(slot + NodeLayout.SlotSize));
        BinaryPrimitives.WriteUInt16LittleEndian(page.Slice(slot), (ushort)contentStart);
        SetCount(page, count + 1);
        SetContentStart(page, contentStart);
        return true;
    }

    /// <summary>Removes cell <paramref name="index"/> of <paramref name="cellSize"/> bytes.</summary>
    public static void Remove(Span<byte> page, int index, int cellSize)
    {
        int count = GetCount(page);
        int slot = NodeLayout.HeaderSize + (NodeLayout.SlotSize * index);
        int offset = BinaryPrimitives.ReadUInt16LittleEndian(page.Slice(slot));
        int slotsEnd = NodeLayout.HeaderSize + (NodeLayout.SlotSize * count);
        page.Slice(slot + NodeLayout.SlotSize, slotsEnd - slot - NodeLayout.SlotSize).CopyTo(page.Slice(slot));
        count--;
        SetCount(page, count);
        if (count == 0)
        {
            // An empty node has no holes: reset the accounting so the whole page is one gap again.
            SetContentStart(page, page.Length);
            SetFragmented(page, 0);
            page.Slice(NodeLayout.HeaderSize).Clear();
            return;
        }

        // Wipe the dead cell so deleted data does not linger in the page image.
        page.Slice(offset, cellSize).Clear();
        int contentStart = GetContentStart(page);
        if (offset == contentStart)
        {
            SetContentStart(page, contentStart + cellSize);
        }
        else
        {
            SetFragmented(page, GetFragmented(page) + cellSize);
        }
    }

    /// <summary>Packs the cells against the end of the page so all free space is one gap.</summary>
    public static void Defragment(Span<byte> page, uint pageNumber, Span<byte> scratch)
    {
        Span<byte> copy = scratch.Slice(0, page.Length);
        page.CopyTo(copy);
        var node = new NodeReader(copy, pageNumber);
        int contentStart = page.Length;
        int slotsEnd = NodeLayout.HeaderSize + (NodeLayout.SlotSize * node.Count);
        for (int i = 0; i < node.Count; i++)
        {
            int offset = node.CellOffset(i);
            int size = node.CellSize(i);
            contentStart -= size;
            if (contentStart < slotsEnd)
            {
                BTreeCorruption.Throw(pageNumber, "its cells add up to more than the page holds");
            }

            copy.Slice(offset, size).CopyTo(page.Slice(contentStart));
            BinaryPrimitives.WriteUInt16LittleEndian(page.Slice(NodeLayout.HeaderSize + (NodeLayout.SlotSize * i)), (ushort)contentStart);
        }

        page.Slice(slotsEnd, contentStart - slotsEnd).Clear();
        SetContentStart(page, contentStart);
        SetFragmented(page, 0);
    }

    /// <summary>
    /// Debug-only structural check after every change: the space accounting adds up and keys ascend strictly.
    /// </summary>
    /// <param name="page">The node's usable bytes.</param>
    /// <param name="pageNumber">Its page number, for the message.</param>
    /// <param name="comparer">The tree's key order, or null for byte order.</param>
    [Conditional("DEBUG")]
    public static void AssertInvariants(ReadOnlySpan<byte> page, uint pageNumber, BTreeKeyComparer? comparer = null)
    {
        var node = new NodeReader(page, pageNumber);
        int cellBytes = 0;
        for (int i = 0; i < node.Count; i++)
        {
            cellBytes += node.CellSize(i);
            if (i > 0)
            {
                // Only local keys can be compared here; the integrity walk reads the chains of overflowing ones.
                ReadOnlySpan<byte> previous = node.LocalKey(i - 1, out _, out uint previousChain);
                ReadOnlySpan<byte> key = node.LocalKey(i, out _, out uint chain);
                Debug.Assert(previousChain != 0 || chain != 0 || (comparer is null ? previous.SequenceCompareTo(key) : comparer.Compare(previous, key)) < 0, $"keys out of order at cell {i} of page {pageNumber}");
            }
        }

        Debug.Assert(cellBytes + node.Fragmented == page.Length - node.ContentStart, $"space accounting broken on page {pageNumber}");
    }

    private static int GetCount(ReadOnlySpan<byte> page) =>
        BinaryPrimitives.ReadUInt16LittleEndian(page.Slice(NodeLayout.CellCountOffset));

    private static int GetContentStart(ReadOnlySpan<byte> page) =>
        BinaryPrimitives.ReadUInt16LittleEndian(page.Slice(NodeLayout.ContentStartOffset));

    private static int GetFragmented(ReadOnlySpan<byte> page) =>
        BinaryPrimitives.ReadUInt16LittleEndian(page.Slice(NodeLayout.FragmentedOffset));

    private static void SetCount(Span<byte> page, int value) =>
        BinaryPrimitives.WriteUInt16LittleEndian(page.Slice(NodeLayout.CellCountOffset), (ushort)value);

    private static void SetContentStart(Span<byte> page, int value) =>
        BinaryPrimitives.WriteUInt16LittleEndian(page.Slice(NodeLayout.ContentStartOffset), (ushort)value);

    private static void SetFragmented(Span<byte> page, int value) =>
        BinaryPrimitives.WriteUInt16LittleEndian(page.Slice(NodeLayout.FragmentedOffset), (ushort)value);
}
