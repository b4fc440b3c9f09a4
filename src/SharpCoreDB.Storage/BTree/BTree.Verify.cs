using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>The integrity walk and dropping a tree.</content>
internal sealed partial class BTree
{
    /// <summary>
    /// Walks the whole tree and checks it: node headers and space accounting (no overlapping cells), strictly
    /// ascending keys within each node, every key inside the bounds its parents' separators give it, all leaves at
    /// one depth, no empty leaf below the root, the inline/overflow rule, and every overflow chain's (of values and of
    /// long keys, separators included) kinds, fill and length. Every page visited goes into <paramref name="pagesUsed"/>.
    /// </summary>
    /// <param name="pagesUsed">
    /// Receives every page of the tree (nodes and overflow chains). A page already in the set counts as used twice,
    /// so one set shared across all trees and the free list proves every page is accounted for exactly once.
    /// </param>
    /// <returns>Counts of entries and pages.</returns>
    /// <exception cref="SharpCoreDBException">Corrupt, naming the first bad page.</exception>
    public BTreeVerifyResult Verify(ISet<uint>? pagesUsed = null)
    {
        CheckNotDropped();
        var state = new VerifyState(pagesUsed ?? new HashSet<uint>(), _usableSize);
        VerifyNode(_root, 0, null, null, state);
        return new BTreeVerifyResult(
            state.Entries,
            state.LeafDepth + 1,
            state.LeafPages,
            state.InteriorPages,
            state.OverflowPages,
            state.LeafBytes);
    }

    /// <summary>
    /// Frees every page of the tree, overflow chains and root included. The tree's structure is checked first (not
    /// its key order), so a damaged tree fails with Corrupt before any page is freed rather than freeing pages it
    /// does not own.
    /// </summary>
    /// <exception cref="SharpCoreDBException">Corrupt when the tree is damaged; ReadOnly in a read-only transaction.</exception>
    public void Drop()
    {
        CheckWritable();
        var pages = new HashSet<uint>();

        // The structure is checked, not the key order: the pages a tree owns do not depend on it, and a tree ordered by
        // a comparer that can no longer be made (an index whose collation is not registered) can still be dropped.
        VerifyNode(_root, 0, null, null, new VerifyState(pages, _usableSize) { CheckOrder = false });
        InvalidateCursors();
        uint[] ordered = [.. pages];
        Array.Sort(ordered);
        foreach (uint page in ordered)
        {
            _tx.Free(page);
        }

        _dropped = true;
    }

    private void VerifyNode(uint page, int depth, byte[]? lower, byte[]? upper, VerifyState state)
    {
        CheckDepth(depth, page);
        if (!state.Pages.Add(page))
        {
            BTreeCorruption.Throw(page, "the page is referenced more than once");
        }

        byte[][] separators;
        uint[] children;
        using (PageLease lease = _tx.Read(page))
        {
            var node = new NodeReader(lease.Data, page);
            CheckSpace(node, state.ByteMap);
            if (node.IsLeaf)
            {
                VerifyLeaf(node, depth, lower, upper, state);
                return;
            }

            if (state.LeafDepth >= 0 && depth >= state.LeafDepth)
            {
                BTreeCorruption.Throw(page, $"interior node at depth {depth}, but leaves sit at depth {state.LeafDepth}");
            }

            state.InteriorPages++;
            separators = new byte[node.Count][];
            children = new uint[node.Count + 1];
            for (int i = 0; i < node.Count; i++)
            {
                byte[] key = VerifiedKey(node, i, state);
                if (state.CheckOrder)
                {
                    CheckSeparator(page, i, key, i > 0 ? separators[i - 1] : lower, upper);
                }

                separators[i] = key;
                children[i] = node.Child(i);
            }

            children[node.Count] = node.RightChild;
        }

        for (int i = 0; i < children.Length; i++)
        {
            VerifyNode(
                children[i],
                depth + 1,
                i == 0 ? lower : separators[i - 1],
                i == separators.Length ? upper : separators[i],
                state);
        }
    }

    private void VerifyLeaf(in NodeReader node, int depth, byte[]? lower, byte[]? upper, VerifyState state)
    {
        uint page = node.PageNumber;
        if (state.LeafDepth < 0)
        {
            state.LeafDepth = depth;
        }
        else if (state.LeafDepth != depth)
        {
            BTreeCorruption.Throw(page, $"leaf at depth {depth}, but other leaves sit at depth {state.LeafDepth}");
        }

        if (node.Count == 0 && depth > 0)
        {
            BTreeCorruption.Throw(page, "an empty leaf below the root");
        }

        ReadOnlySpan<byte> previous = default;
        for (int i = 0; i < node.Count; i++)
        {
            LeafCell cell = node.GetLeafCell(i);
            ReadOnlySpan<byte> key = cell.IsKeyOverflow ? VerifiedKey(node, i, state) : node.Page.Slice(cell.KeyOffset, cell.KeyLength);

            if (state.CheckOrder && i > 0 && CompareKeys(previous, key) >= 0)
            {
                BTreeCorruption.Throw(page, $"key {i} is not above key {i - 1}");
            }

            if (state.CheckOrder && ((lower is not null && CompareKeys(key, lower) < 0) || (upper is not null && CompareKeys(key, upper) >= 0)))
            {
                BTreeCorruption.Throw(page, $"key {i} lies outside the range its parent separators give this leaf");
            }

            if (cell.IsOverflow == FitsInline(cell.KeyLength, cell.ValueLength))
            {
                BTreeCorruption.Throw(page, $"cell {i} stores a {cell.ValueLength}-byte value {(cell.IsOverflow ? "in an overflow chain" : "inline")}, against the size rule");
            }

            if (cell.IsOverflow)
            {
                state.OverflowPages += OverflowChain.Verify(_tx, cell.OverflowPage, cell.ValueChainLength, page, state.Pages);
            }

            previous = key;
        }

        state.Entries += node.Count;
        state.LeafPages++;
        state.LeafBytes += node.UsedBytes;
    }

    /// <summary>
    /// The whole key of cell <paramref name="index"/>, its chain (if any) checked and its pages counted as used.
    /// Allocates: the walk is not a hot path.
    /// </summary>
    private byte[] VerifiedKey(in NodeReader node, int index, VerifyState state)
    {
        ReadOnlySpan<byte> local = node.LocalKey(index, out int keyLength, out uint chain);
        if (chain == 0)
        {
            return local.ToArray();
        }

        state.OverflowPages += OverflowChain.Verify(_tx, chain, keyLength - local.Length, node.PageNumber, state.Pages);
        byte[] key = new byte[keyLength];
        CopyKey(local, keyLength, chain, key, node.PageNumber);
        return key;
    }

    /// <summary>Separator <paramref name="index"/> must ascend strictly and lie strictly inside the node's range.</summary>
    private void CheckSeparator(uint page, int index, ReadOnlySpan<byte> key, byte[]? previousOrLower, byte[]? upper)
    {
        if (previousOrLower is not null && CompareKeys(key, previousOrLower) <= 0)
        {
            BTreeCorruption.Throw(page, $"separator {index} is not above the one before it or the node's lower bound");
        }

        if (upper is not null && CompareKeys(key, upper) >= 0)
        {
            BTreeCorruption.Throw(page, $"separator {index} is not below the node's upper bound");
        }
    }

    /// <summary>Cells must not overlap each other or the slot array, and the free-space header must add up.</summary>
    private static void CheckSpace(in NodeReader node, byte[] byteMap)
    {
        Span<byte> map = byteMap.AsSpan(0, node.Page.Length);
        map.Clear();
        int cellBytes = 0;
        for (int i = 0; i < node.Count; i++)
        {
            int offset = node.CellOffset(i);
            int size = node.CellSize(i);
            Span<byte> range = map.Slice(offset, size);
            if (range.ContainsAnyExcept((byte)0))
            {
                BTreeCorruption.Throw(node.PageNumber, $"cell {i} overlaps another cell");
            }

            range.Fill(1);
            cellBytes += size;
        }

        if (cellBytes + node.Fragmented != node.Page.Length - node.ContentStart)
        {
            BTreeCorruption.Throw(
                node.PageNumber,
                $"{cellBytes} cell bytes and {node.Fragmented} fragmented bytes do not fill the {node.Page.Length - node.ContentStart}-byte content area");
        }
    }

    private sealed class VerifyState
    {
        public VerifyState(ISet<uint> pages, int usableSize)
        {
            Pages = pages;
            ByteMap = new byte[usableSize];
        }

        public ISet<uint> Pages { get; }

        public byte[] ByteMap { get; }

        public int LeafDepth { get; set; } = -1;

        public bool CheckOrder { get; init; } = true;

        public long Entries { get; set; }

        public int LeafPages { get; set; }

        public int InteriorPages { get; set; }

        public int OverflowPages { get; set; }

        public long LeafBytes { get; set; }
    }
}
