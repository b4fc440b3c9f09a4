using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// A checked view of a node page (see <see cref="NodeLayout"/>). The constructor validates the header and every
/// accessor validates the slot and cell it touches, so damaged bytes surface as a corruption error naming the
/// page instead of an out-of-range exception or a wrong answer.
/// </summary>
internal readonly ref struct NodeReader
{
    private readonly ReadOnlySpan<byte> _page;

    /// <summary>Validates the header of <paramref name="page"/> (the usable bytes of page <paramref name="pageNumber"/>).</summary>
    public NodeReader(ReadOnlySpan<byte> page, uint pageNumber)
    {
        _page = page;
        PageNumber = pageNumber;
        byte kind = page[NodeLayout.KindOffset];
        if (kind != NodeLayout.LeafKind && kind != NodeLayout.InteriorKind)
        {
            ThrowBadKind(pageNumber, kind);
        }

        IsLeaf = kind == NodeLayout.LeafKind;
        Count = BinaryPrimitives.ReadUInt16LittleEndian(page.Slice(NodeLayout.CellCountOffset));
        ContentStart = BinaryPrimitives.ReadUInt16LittleEndian(page.Slice(NodeLayout.ContentStartOffset));
        Fragmented = BinaryPrimitives.ReadUInt16LittleEndian(page.Slice(NodeLayout.FragmentedOffset));
        if (NodeLayout.HeaderSize + (NodeLayout.SlotSize * Count) > ContentStart || ContentStart > page.Length
            || Fragmented > page.Length - ContentStart)
        {
            ThrowBadHeader(pageNumber, Count, ContentStart, Fragmented, page.Length);
        }

        RightChild = IsLeaf ? 0 : BinaryPrimitives.ReadUInt32LittleEndian(page.Slice(NodeLayout.RightChildOffset));
        if (!IsLeaf && RightChild == 0)
        {
            BTreeCorruption.Throw(pageNumber, "interior node has no right child");
        }
    }

    private NodeReader(ReadOnlySpan<byte> leafPage, uint pageNumber, int count, int contentStart)
    {
        _page = leafPage;
        PageNumber = pageNumber;
        IsLeaf = true;
        Count = count;
        ContentStart = contentStart;
    }

    /// <summary>
    /// A view of a leaf whose header was validated earlier and whose page cannot have changed since (a cursor's
    /// pinned leaf), so stepping from cell to cell does not re-check the header every time.
    /// </summary>
    public static NodeReader ForValidatedLeaf(ReadOnlySpan<byte> page, uint pageNumber, int count, int contentStart) =>
        new(page, pageNumber, count, contentStart);

    /// <summary>The page number, for error messages.</summary>
    public uint PageNumber { get; }

    /// <summary>True for a leaf, false for an interior node.</summary>
    public bool IsLeaf { get; }

    /// <summary>The number of cells.</summary>
    public int Count { get; }

    /// <summary>The start of the cell content area.</summary>
    public int ContentStart { get; }

    /// <summary>Free bytes between cells.</summary>
    public int Fragmented { get; }

    /// <summary>The right child of an interior node; 0 for a leaf.</summary>
    public uint RightChild { get; }

    /// <summary>The usable page bytes this view covers.</summary>
    public ReadOnlySpan<byte> Page => _page;

    /// <summary>Bytes taken by slots and cells (everything but the header and free space).</summary>
    public int UsedBytes => (NodeLayout.SlotSize * Count) + (_page.Length - ContentStart - Fragmented);

    /// <summary>Free bytes in the gap between the slot array and the cells.</summary>
    public int GapBytes => ContentStart - NodeLayout.HeaderSize - (NodeLayout.SlotSize * Count);

    /// <summary>
    /// Asks the CPU to start loading the cells that the first three rounds of a binary search will probe. On a page
    /// that is not in cache those loads would otherwise run one after another, each waiting for the previous
    /// comparison; issued together they overlap (random lookups get about a third faster). A hint only: damaged
    /// slots cannot fault, because offsets outside the page are skipped.
    /// </summary>
    public unsafe void PrefetchSearchPath()
    {
        if (!Sse.IsSupported || Count < 8)
        {
            return;
        }

        fixed (byte* page = _page)
        {
            for (int k = 1; k < 8; k++)
            {
                int offset = BinaryPrimitives.ReadUInt16LittleEndian(_page.Slice(NodeLayout.HeaderSize + (NodeLayout.SlotSize * (Count * k / 8))));
                if (offset < _page.Length)
                {
                    Sse.Prefetch0(page + offset);
                }
            }
        }
    }

    /// <summary>The offset of cell <paramref name="index"/>, checked to lie in the content area.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int CellOffset(int index)
    {
        int offset = BinaryPrimitives.ReadUInt16LittleEndian(_page.Slice(NodeLayout.HeaderSize + (NodeLayout.SlotSize * index)));
        if (offset < ContentStart || offset >= _page.Length)
        {
            ThrowBadSlot(PageNumber, index, offset, ContentStart, _page.Length);
        }

        return offset;
    }

    /// <summary>The key of cell <paramref name="index"/> (leaf or interior).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ReadOnlySpan<byte> Key(int index)
    {
        // Both cell kinds keep the key length right before the key (after the child pointer in interior cells),
        // so a binary-search probe decodes one varint.
        ReadOnlySpan<byte> cell = _page.Slice(CellOffset(index));
        int start = IsLeaf ? 0 : NodeLayout.PagePointerSize;
        uint keyLength = 0;
        int n = start < cell.Length ? Varint.Read(cell.Slice(start), out keyLength) : 0;
        start += n;
        if (n == 0 || keyLength > (uint)(cell.Length - start))
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        return cell.Slice(start, (int)keyLength);
    }

    /// <summary>The child left of separator <paramref name="index"/>, or the right child when index = <see cref="Count"/>.</summary>
    public uint Child(int index)
    {
        if (index == Count)
        {
            return RightChild;
        }

        int offset = CellOffset(index);
        if (offset > _page.Length - NodeLayout.PagePointerSize)
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        uint child = BinaryPrimitives.ReadUInt32LittleEndian(_page.Slice(offset));
        if (child == 0)
        {
            ThrowZeroChild(PageNumber, index);
        }

        return child;
    }

    /// <summary>Parses leaf cell <paramref name="index"/>.</summary>
    public LeafCell GetLeafCell(int index)
    {
        int offset = CellOffset(index);
        ReadOnlySpan<byte> cell = _page.Slice(offset);
        int n1 = Varint.Read(cell, out uint keyLength);
        long valueField = n1 + (long)keyLength;
        uint value = 0;
        int n2 = n1 == 0 || valueField >= cell.Length ? 0 : Varint.Read(cell.Slice((int)valueField), out value);
        if (n2 == 0)
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        bool overflow = (value & 1) != 0;
        uint valueLength = value >> 1;
        long valueOffset = offset + valueField + n2;
        long end = valueOffset + (overflow ? NodeLayout.PagePointerSize : valueLength);
        if (end > _page.Length)
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        uint overflowPage = 0;
        if (overflow)
        {
            overflowPage = BinaryPrimitives.ReadUInt32LittleEndian(_page.Slice((int)valueOffset));
            if (overflowPage == 0 || valueLength == 0)
            {
                ThrowBadChain(PageNumber, index);
            }
        }

        return new LeafCell(offset, (int)(end - offset), offset + n1, (int)keyLength, (int)valueOffset, (int)valueLength, overflowPage);
    }

    /// <summary>The size of cell <paramref name="index"/> in bytes (without its slot), checked against the page end.</summary>
    public int CellSize(int index)
    {
        if (IsLeaf)
        {
            return GetLeafCell(index).Size;
        }

        int offset = CellOffset(index);
        ReadOnlySpan<byte> cell = _page.Slice(offset);
        uint keyLength = 0;
        int n = cell.Length > NodeLayout.PagePointerSize ? Varint.Read(cell.Slice(NodeLayout.PagePointerSize), out keyLength) : 0;
        if (n == 0 || keyLength > (uint)(cell.Length - NodeLayout.PagePointerSize - n))
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        return NodeLayout.PagePointerSize + n + (int)keyLength;
    }

    /// <summary>The first index whose key is ≥ <paramref name="key"/>; <paramref name="found"/> when that key equals it.</summary>
    public int LowerBound(ReadOnlySpan<byte> key, out bool found)
    {
        found = false;
        int lo = 0;
        int hi = Count;
        while (lo < hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            int c = Key(mid).SequenceCompareTo(key);
            if (c < 0)
            {
                lo = mid + 1;
            }
            else
            {
                // Keys are unique, so an equal key is the lower bound itself.
                found |= c == 0;
                hi = mid;
            }
        }

        return lo;
    }

    /// <summary>The first index whose key is &gt; <paramref name="key"/>; for an interior node, the child to descend into.</summary>
    public int UpperBound(ReadOnlySpan<byte> key)
    {
        int lo = 0;
        int hi = Count;
        while (lo < hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            if (Key(mid).SequenceCompareTo(key) <= 0)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }

        return lo;
    }

    // Messages are built out of line so the checked accessors stay small enough to inline into search loops.
    [DoesNotReturn]
    private static void ThrowBadKind(uint page, byte kind) =>
        BTreeCorruption.Throw(page, $"kind byte 0x{kind:X2} is not a B+tree node");

    [DoesNotReturn]
    private static void ThrowBadHeader(uint page, int count, int contentStart, int fragmented, int usable) =>
        BTreeCorruption.Throw(page, $"header says {count} cells, content start {contentStart}, {fragmented} fragmented bytes in {usable} usable bytes");

    [DoesNotReturn]
    private static void ThrowBadSlot(uint page, int index, int offset, int contentStart, int usable) =>
        BTreeCorruption.Throw(page, $"slot {index} points to offset {offset}, outside the cell area [{contentStart}, {usable})");

    [DoesNotReturn]
    private static void ThrowZeroChild(uint page, int index) =>
        BTreeCorruption.Throw(page, $"cell {index} points to child page 0");

    [DoesNotReturn]
    private static void ThrowBadChain(uint page, int index) =>
        BTreeCorruption.Throw(page, $"cell {index} has an empty or page-0 overflow chain");
}
