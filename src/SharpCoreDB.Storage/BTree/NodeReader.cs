using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// A checked view of a node page (see <see cref="NodeLayout"/>). The constructor validates the header and every
/// accessor validates the slot and cell it touches, so damaged bytes surface as a corruption error naming the
/// page instead of an out-of-range exception or a wrong answer.
/// </summary>
internal readonly ref struct NodeReader
{
    /// <summary>The cache line size <see cref="PrefetchCells"/> steps by (x64).</summary>
    internal const int CacheLineSize = CacheLines.Size;

    private readonly ReadOnlySpan<byte> _page;
    private readonly int _maxLocalKey;

    /// <summary>Validates the header of <paramref name="page"/> (the usable bytes of page <paramref name="pageNumber"/>).</summary>
    public NodeReader(ReadOnlySpan<byte> page, uint pageNumber)
    {
        _page = page;
        _maxLocalKey = BTree.MaxLocalKeySizeFor(page.Length);
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
        _maxLocalKey = BTree.MaxLocalKeySizeFor(leafPage.Length);
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

    /// <summary>
    /// Asks the CPU to start loading every cache line of the slot array and the cells, for a cursor that has just
    /// stepped onto this leaf from its neighbour and so will read all of it. A scan reads a leaf's cells one after
    /// another, and the hardware prefetcher keeps ahead of that only when consecutive leaves lie next to each other in
    /// memory in the order the cells are read; where the cache's buffers lie is set by the process's history (see
    /// <see cref="PageBufferPool"/>), and in the unlucky order every line waited for its own load: a warm scan of
    /// 100,000 rows cost a third more CPU. Issued together the loads overlap. A hint only: it reads nothing and cannot
    /// fault, and a damaged header has been rejected before (the content area lies within the page).
    /// </summary>
    /// <param name="forward">True when the cells will be read in ascending key order.</param>
    /// <returns>The cache lines hinted (none without SSE).</returns>
    public unsafe int PrefetchCells(bool forward)
    {
        if (!Sse.IsSupported)
        {
            return 0;
        }

        fixed (byte* page = _page)
        {
            // The slots first: each cell is found through its slot. Then the cells from the end of the page when
            // reading forward, since a leaf filled in key order packs its first cell last (at the page's end).
            int lines = PrefetchLines(page, NodeLayout.HeaderSize, NodeLayout.HeaderSize + (NodeLayout.SlotSize * Count), descending: false);
            return lines + PrefetchLines(page, ContentStart, _page.Length, descending: forward);
        }
    }

    // Hints the cache lines holding bytes [start, end) of the page, from either end; returns how many.
    private static unsafe int PrefetchLines(byte* page, int start, int end, bool descending) =>
        CacheLines.Prefetch(page + start, end - start, descending, secondLevel: false);

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

    /// <summary>
    /// The key of cell <paramref name="index"/> (leaf or interior) as held in the page: the whole key when
    /// <paramref name="chain"/> is 0, else the local prefix of a <paramref name="keyLength"/>-byte key whose rest is
    /// in the chain starting at <paramref name="chain"/>.
    /// </summary>
    public ReadOnlySpan<byte> LocalKey(int index, out int keyLength, out uint chain)
    {
        ReadOnlySpan<byte> cell = KeyField(index, out uint length, out int start);
        keyLength = (int)length;
        if (length <= (uint)_maxLocalKey)
        {
            chain = 0;
            return cell.Slice(start, keyLength);
        }

        int prefix = CellFormat.OverflowKeyPrefixFor(_maxLocalKey);
        chain = BinaryPrimitives.ReadUInt32LittleEndian(cell.Slice(start + prefix));
        if (chain == 0)
        {
            ThrowBadChain(PageNumber, index);
        }

        return cell.Slice(start, prefix);
    }

    /// <summary>
    /// Compares the key of cell <paramref name="index"/> with <paramref name="probe"/> in memcmp order (negative when
    /// the cell's key is smaller). An overflowing key is compared on its local prefix first and reads its chain
    /// only when the prefix does not decide.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int CompareKey(int index, ReadOnlySpan<byte> probe, IPageTransaction tx)
    {
        ReadOnlySpan<byte> cell = KeyField(index, out uint length, out int start);
        if (length <= (uint)_maxLocalKey)
        {
            return KeyBytes.Compare(cell.Slice(start, (int)length), probe);
        }

        return CompareOverflowKey(index, probe, tx);
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
        LeafCell cell = default;
        ReadLeafCell(index, ref cell);
        return cell;
    }

    /// <summary>
    /// Parses leaf cell <paramref name="index"/> into <paramref name="destination"/>, which changes only once the cell
    /// is known good: a cursor's step parses into its own field this way, with no temporary to copy (see
    /// <see cref="LeafCell"/>).
    /// </summary>
    public void ReadLeafCell(int index, ref LeafCell destination)
    {
        int offset = CellOffset(index);
        ReadOnlySpan<byte> cell = _page.Slice(offset);
        int n1 = Varint.Read(cell, out uint keyLength);
        int keyField = CellFormat.KeyFieldSize((int)Math.Min(keyLength, int.MaxValue), _maxLocalKey);
        long valueField = n1 + (long)keyField;
        uint value = 0;
        int n2 = n1 == 0 || valueField >= cell.Length ? 0 : Varint.Read(cell.Slice((int)valueField), out value);
        if (n2 == 0 || keyLength > int.MaxValue)
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        bool overflow = (value & 1) != 0;
        uint valueLength = value >> 1;
        long valueOffset = offset + valueField + n2;
        long local = valueLength;
        if (overflow)
        {
            // The local prefix is not stored: it follows from the sizes (see ValueSpill). A value the rule keeps
            // inline cannot carry the flag: its "chain" would be empty, reported below as a bad chain.
            local = ValueSpill.LocalLength(_page.Length, n1 + keyField, (int)valueLength, out _);
        }

        long end = valueOffset + local + (overflow ? NodeLayout.PagePointerSize : 0);
        if (end > _page.Length)
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        uint overflowPage = 0;
        if (overflow)
        {
            overflowPage = BinaryPrimitives.ReadUInt32LittleEndian(_page.Slice((int)(valueOffset + local)));
            if (overflowPage == 0 || local == valueLength)
            {
                ThrowBadChain(PageNumber, index);
            }
        }

        uint keyChain = 0;
        int keyLocal = (int)keyLength;
        if (keyLength > (uint)_maxLocalKey)
        {
            keyLocal = keyField - NodeLayout.PagePointerSize;
            keyChain = BinaryPrimitives.ReadUInt32LittleEndian(cell.Slice(n1 + keyLocal));
            if (keyChain == 0)
            {
                ThrowBadChain(PageNumber, index);
            }
        }

        destination.Set(offset, (int)(end - offset), offset + n1, (int)keyLength, keyLocal, keyChain, (int)valueOffset, (int)valueLength, (int)local, overflowPage);
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
        uint keyField = keyLength <= (uint)_maxLocalKey ? keyLength : (uint)CellFormat.OverflowKeyFieldSize(_maxLocalKey);
        if (n == 0 || keyField > (uint)(cell.Length - NodeLayout.PagePointerSize - n) || keyLength > int.MaxValue)
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        return NodeLayout.PagePointerSize + n + (int)keyField;
    }

    /// <summary>The first index whose key is ≥ <paramref name="key"/>; <paramref name="found"/> when that key equals it.</summary>
    public int LowerBound(ReadOnlySpan<byte> key, IPageTransaction tx, out bool found) => LowerBound(key, tx, null, out found);

    /// <summary>The first index whose key is &gt; <paramref name="key"/>; for an interior node, the child to descend into.</summary>
    public int UpperBound(ReadOnlySpan<byte> key, IPageTransaction tx) => UpperBound(key, tx, null);

    /// <summary>
    /// The first index whose key is ≥ <paramref name="key"/> in the order of <paramref name="comparer"/> (byte order
    /// when null); <paramref name="found"/> when that key equals it.
    /// </summary>
    public int LowerBound(ReadOnlySpan<byte> key, IPageTransaction tx, BTreeKeyComparer? comparer, out bool found)
    {
        if (comparer is not null)
        {
            return LowerBoundOrdered(key, tx, comparer, out found);
        }

        found = false;
        int lo = 0;
        int hi = Count;
        while (lo < hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            int c = CompareKey(mid, key, tx);
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

    /// <summary>
    /// The first index whose key is &gt; <paramref name="key"/> in the order of <paramref name="comparer"/> (byte order
    /// when null); for an interior node, the child to descend into.
    /// </summary>
    public int UpperBound(ReadOnlySpan<byte> key, IPageTransaction tx, BTreeKeyComparer? comparer)
    {
        if (comparer is not null)
        {
            return UpperBoundOrdered(key, tx, comparer);
        }

        int lo = 0;
        int hi = Count;
        while (lo < hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            if (CompareKey(mid, key, tx) <= 0)
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

    /// <summary>
    /// The cell of <paramref name="index"/> from its start, with the key length and where the key field starts,
    /// checked so the whole key field lies in the page.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ReadOnlySpan<byte> KeyField(int index, out uint keyLength, out int start)
    {
        // Both cell kinds keep the key length right before the key (after the child pointer in interior cells),
        // so a binary-search probe decodes one varint.
        ReadOnlySpan<byte> cell = _page.Slice(CellOffset(index));
        start = IsLeaf ? 0 : NodeLayout.PagePointerSize;
        keyLength = 0;
        int n = start < cell.Length ? Varint.Read(cell.Slice(start), out keyLength) : 0;
        start += n;
        uint field = keyLength <= (uint)_maxLocalKey ? keyLength : (uint)CellFormat.OverflowKeyFieldSize(_maxLocalKey);
        if (n == 0 || field > (uint)(cell.Length - start) || keyLength > int.MaxValue)
        {
            BTreeCorruption.ThrowBadCell(PageNumber, index);
        }

        return cell;
    }

    /// <summary>
    /// Compares the key of cell <paramref name="index"/> with <paramref name="probe"/> through
    /// <paramref name="comparer"/>. The comparer needs whole keys, so an overflowing key is read from its chain first.
    /// </summary>
    public int CompareKey(int index, ReadOnlySpan<byte> probe, IPageTransaction tx, BTreeKeyComparer comparer)
    {
        ReadOnlySpan<byte> local = LocalKey(index, out int keyLength, out uint chain);
        if (chain == 0)
        {
            return comparer.Compare(local, probe);
        }

        byte[] whole = ArrayPool<byte>.Shared.Rent(keyLength);
        try
        {
            local.CopyTo(whole);
            OverflowChain.ReadPrefix(tx, chain, keyLength - local.Length, whole.AsSpan(local.Length, keyLength - local.Length), PageNumber);
            return comparer.Compare(whole.AsSpan(0, keyLength), probe);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(whole);
        }
    }

    // The searches of a tree with a comparer, apart so the byte-order loops above stay as they were.
    private int LowerBoundOrdered(ReadOnlySpan<byte> key, IPageTransaction tx, BTreeKeyComparer comparer, out bool found)
    {
        found = false;
        int lo = 0;
        int hi = Count;
        while (lo < hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            int c = CompareKey(mid, key, tx, comparer);
            if (c < 0)
            {
                lo = mid + 1;
            }
            else
            {
                found |= c == 0;
                hi = mid;
            }
        }

        return lo;
    }

    private int UpperBoundOrdered(ReadOnlySpan<byte> key, IPageTransaction tx, BTreeKeyComparer comparer)
    {
        int lo = 0;
        int hi = Count;
        while (lo < hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            if (CompareKey(mid, key, tx, comparer) <= 0)
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

    // The long-key path of CompareKey, out of line so the local-key path stays small enough to inline.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int CompareOverflowKey(int index, ReadOnlySpan<byte> probe, IPageTransaction tx)
    {
        ReadOnlySpan<byte> local = LocalKey(index, out int keyLength, out uint chain);
        int c = local.SequenceCompareTo(probe.Slice(0, Math.Min(local.Length, probe.Length)));
        if (c != 0)
        {
            return c;
        }

        if (probe.Length <= local.Length)
        {
            // The probe is a prefix of the local bytes, and the key goes on past them.
            return 1;
        }

        return OverflowChain.Compare(tx, chain, keyLength - local.Length, probe.Slice(local.Length), PageNumber);
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
