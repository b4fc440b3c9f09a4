using System.Buffers;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>Insert, update and node splits.</content>
internal sealed partial class BTree
{
    private enum PutMode
    {
        InsertOnly,
        Upsert,
        UpdateOnly,
    }

    private enum PutOutcome
    {
        Unchanged,
        Inserted,
        Replaced,
    }

    /// <summary>True when a value of <paramref name="valueLength"/> bytes sits inline next to a key of <paramref name="keyLength"/> bytes.</summary>
    internal bool FitsInline(int keyLength, int valueLength)
    {
        LocalValueLength(keyLength, valueLength, out bool spills);
        return !spills;
    }

    /// <summary>
    /// The bytes of a <paramref name="valueLength"/>-byte value kept in the leaf cell next to a key of
    /// <paramref name="keyLength"/> bytes (see <see cref="ValueSpill"/>); <paramref name="spills"/> when the rest goes to a chain.
    /// </summary>
    internal int LocalValueLength(int keyLength, int valueLength, out bool spills) =>
        ValueSpill.LocalLength(_usableSize, Varint.Size((uint)keyLength) + CellFormat.KeyFieldSize(keyLength, MaxLocalKeySize), valueLength, out spills);

    /// <summary>The length of the chain holding the tail of an overflowing key of <paramref name="keyLength"/> bytes.</summary>
    private int KeyChainLength(int keyLength) => keyLength - CellFormat.OverflowKeyPrefixFor(MaxLocalKeySize);

    /// <summary>Writes the tail of <paramref name="key"/> to a new chain when the key is too long for a cell; else returns 0.</summary>
    private uint WriteKeyChain(ReadOnlySpan<byte> key) =>
        key.Length > MaxLocalKeySize ? OverflowChain.Write(_tx, key.Slice(CellFormat.OverflowKeyPrefixFor(MaxLocalKeySize))) : 0;

    private PutOutcome Put(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, PutMode mode)
    {
        CheckWritable();
        BeginWrite();
        try
        {
            return PutCore(key, value, mode);
        }
        finally
        {
            EndWrite();
        }
    }

    private PutOutcome PutCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, PutMode mode)
    {
        // Past the remembered last key the answer is known without descending: not found, at the end of the last leaf.
        // The descent is made only if that leaf has to split.
        bool pastEdge = PastRememberedEdge(key, insertOnly: mode == PutMode.InsertOnly, out uint edgeLeaf, out int position);
        int leafLevel = -1;
        bool found = false;
        bool rightEdge = true;
        bool chained = false;
        if (!pastEdge)
        {
            // Only an overwrite looks at the old cell's chains (an insert-only put that finds its key changes nothing).
            leafLevel = DescendForWrite(key, lookAtChains: mode != PutMode.InsertOnly, out position, out found, out rightEdge, out chained);
        }

        if (found ? mode == PutMode.InsertOnly : mode == PutMode.UpdateOnly)
        {
            return PutOutcome.Unchanged;
        }

        InvalidateCursors();
        if (chained)
        {
            // A damaged old chain must fail the update before anything is written, not halfway through. A cell
            // without chains (the descent looked) has nothing to check.
            CheckChainOf(leafLevel, position);
        }

        byte[] cellBuffer = Scratch.CellA;
        uint keyChain = WriteKeyChain(key);
        int local = LocalValueLength(key.Length, value.Length, out bool spills);
        uint valueChain = spills ? OverflowChain.Write(_tx, value.Slice(local)) : 0;
        int cellLength = CellFormat.WriteLeafCell(cellBuffer, key, keyChain, MaxLocalKeySize, value.Slice(0, local), value.Length, valueChain);
        ReadOnlySpan<byte> cell = cellBuffer.AsSpan(0, cellLength);
        if (found)
        {
            ReplaceLeafCell(leafLevel, position, cell);
            return PutOutcome.Replaced;
        }

        if (pastEdge)
        {
            if (TryAppendAtEdge(edgeLeaf, position, key, cell))
            {
                return PutOutcome.Inserted;
            }

            leafLevel = DescendForWrite(key, out position, out _, out rightEdge);
        }

        if (InsertCell(leafLevel, position, cell, rightEdge) && rightEdge)
        {
            // The new last key of the tree, in a leaf that did not split: the next larger key can go straight there.
            RememberEdge(Scratch.PathPages[leafLevel], position + 1, key);
        }

        return PutOutcome.Inserted;
    }

    private void CheckChainOf(int leafLevel, int position)
    {
        uint page = Scratch.PathPages[leafLevel];
        LeafCell cell;
        using (PageLease lease = _tx.Read(page))
        {
            cell = new NodeReader(lease.Data, page).GetLeafCell(position);
        }

        if (cell.IsOverflow)
        {
            OverflowChain.Check(_tx, cell.OverflowPage, cell.ValueChainLength, page);
        }

        if (cell.IsKeyOverflow)
        {
            OverflowChain.Check(_tx, cell.KeyOverflowPage, cell.KeyLength - cell.KeyLocalLength, page);
        }
    }

    private void ReplaceLeafCell(int leafLevel, int position, ReadOnlySpan<byte> newCell)
    {
        uint page = Scratch.PathPages[leafLevel];
        uint oldChain;
        int oldLength;
        uint oldKeyChain;
        int oldKeyChainLength;
        bool replacedInPlace;
        using (PageLease lease = _tx.Write(page))
        {
            Span<byte> data = lease.Writable;
            LeafCell old = new NodeReader(data, page).GetLeafCell(position);
            oldChain = old.OverflowPage;
            oldLength = old.ValueChainLength;
            oldKeyChain = old.KeyOverflowPage;
            oldKeyChainLength = old.KeyLength - old.KeyLocalLength;
            replacedInPlace = old.Size == newCell.Length;
            if (replacedInPlace)
            {
                newCell.CopyTo(data.Slice(old.Offset));
                NodeWriter.AssertInvariants(data, page, _comparer);
            }
            else
            {
                NodeWriter.Remove(data, position, old.Size);
            }
        }

        if (!replacedInPlace)
        {
            InsertCell(leafLevel, position, newCell, rightEdge: false);
        }

        if (oldChain != 0)
        {
            OverflowChain.Free(_tx, oldChain, oldLength, page);
        }

        // The new cell carries its own copy of the key's tail, so the old cell's key chain goes as well.
        if (oldKeyChain != 0)
        {
            OverflowChain.Free(_tx, oldKeyChain, oldKeyChainLength, page);
        }
    }

    /// <summary>
    /// Inserts <paramref name="cell"/> (held in <see cref="WriteScratch.CellA"/>) at slot <paramref name="position"/>
    /// of the node at <paramref name="level"/> of the recorded path, splitting upward as far as needed.
    /// </summary>
    /// <param name="level">The level of the node in the scratch path.</param>
    /// <param name="position">The slot the cell goes to.</param>
    /// <param name="cell">The cell.</param>
    /// <param name="rightEdge">
    /// True when the cell is appended after the last key of the whole tree. Splits then leave the left node full and
    /// start a new right node (SQLite's "quick balance"), so ascending inserts fill pages instead of half-filling them.
    /// </param>
    /// <returns>True when the cell went into the node at <paramref name="level"/> without a split.</returns>
    private bool InsertCell(int level, int position, ReadOnlySpan<byte> cell, bool rightEdge)
    {
        WriteScratch scratch = Scratch;
        bool separatorInB = true;
        bool split = false;
        while (true)
        {
            uint page = Scratch.PathPages[level];
            using PageLease lease = _tx.Write(page);
            Span<byte> data = lease.Writable;
            if (NodeWriter.TryInsert(data, page, position, cell, scratch.PageCopy))
            {
                NodeWriter.AssertInvariants(data, page, _comparer);
                return !split;
            }

            split = true;
            bool quick = rightEdge && position == new NodeReader(data, page).Count;
            if (level == 0)
            {
                SplitRoot(data, page, position, cell, quick);
                return false;
            }

            // The separator for the parent goes to whichever cell buffer does not hold the cell being placed.
            byte[] separatorBuffer = separatorInB ? scratch.CellB : scratch.CellA;
            int separatorLength = SplitNonRoot(data, page, position, cell, quick, separatorBuffer);
            cell = separatorBuffer.AsSpan(0, separatorLength);
            separatorInB = !separatorInB;
            level--;
            position = Scratch.PathIndex[level];
        }
    }

    /// <summary>
    /// Splits a full non-root node plus the new cell: the lower part moves to a new page that the returned
    /// separator cell points to, the upper part stays in <paramref name="page"/>, which keeps its place in the
    /// parent, so the parent only gains one cell.
    /// </summary>
    /// <returns>The length of the separator cell written to <paramref name="separatorCell"/>.</returns>
    private int SplitNonRoot(Span<byte> page, uint pageNumber, int position, ReadOnlySpan<byte> newCell, bool quick, Span<byte> separatorCell)
    {
        page.CopyTo(Scratch.PageCopy);
        int count = GatherCells(pageNumber, position, newCell, out bool isLeaf, out uint rightChild);
        int split = ChooseSplit(pageNumber, count, isLeaf, quick);
        using PageLease left = _tx.Allocate();
        Span<byte> leftPage = left.Writable;
        int length;
        if (isLeaf)
        {
            length = WriteSeparatorCell(separatorCell, left.PageNumber, MergedCell(split - 1, newCell), MergedCell(split, newCell), pageNumber);
            BuildNode(leftPage, NodeLayout.LeafKind, 0, 0, split, newCell);
            BuildNode(page, NodeLayout.LeafKind, 0, split, count, newCell);
        }
        else
        {
            // The middle separator moves up, key chain and all; its child becomes the left node's right child.
            ReadOnlySpan<byte> pushed = MergedCell(split, newCell);
            length = MoveSeparatorCell(separatorCell, left.PageNumber, pushed);
            BuildNode(leftPage, NodeLayout.InteriorKind, CellFormat.InteriorChild(pushed), 0, split, newCell);
            BuildNode(page, NodeLayout.InteriorKind, rightChild, split + 1, count, newCell);
        }

        NodeWriter.AssertInvariants(leftPage, left.PageNumber, _comparer);
        NodeWriter.AssertInvariants(page, pageNumber, _comparer);
        return length;
    }

    /// <summary>
    /// Splits the full root: its content moves into two new children and the root page becomes an interior node
    /// over them, so the root page number never changes.
    /// </summary>
    private void SplitRoot(Span<byte> page, uint pageNumber, int position, ReadOnlySpan<byte> newCell, bool quick)
    {
        WriteScratch scratch = Scratch;
        page.CopyTo(scratch.PageCopy);
        int count = GatherCells(pageNumber, position, newCell, out bool isLeaf, out uint rightChild);
        int split = ChooseSplit(pageNumber, count, isLeaf, quick);
        using PageLease left = _tx.Allocate();
        using PageLease right = _tx.Allocate();
        int rootCellLength;
        if (isLeaf)
        {
            rootCellLength = WriteSeparatorCell(scratch.CellC, left.PageNumber, MergedCell(split - 1, newCell), MergedCell(split, newCell), pageNumber);
            BuildNode(left.Writable, NodeLayout.LeafKind, 0, 0, split, newCell);
            BuildNode(right.Writable, NodeLayout.LeafKind, 0, split, count, newCell);
        }
        else
        {
            ReadOnlySpan<byte> pushed = MergedCell(split, newCell);
            rootCellLength = MoveSeparatorCell(scratch.CellC, left.PageNumber, pushed);
            BuildNode(left.Writable, NodeLayout.InteriorKind, CellFormat.InteriorChild(pushed), 0, split, newCell);
            BuildNode(right.Writable, NodeLayout.InteriorKind, rightChild, split + 1, count, newCell);
        }

        NodeWriter.Init(page, NodeLayout.InteriorKind, right.PageNumber);
        NodeWriter.Append(page, scratch.CellC.AsSpan(0, rootCellLength));
        NodeWriter.AssertInvariants(left.Writable, left.PageNumber, _comparer);
        NodeWriter.AssertInvariants(right.Writable, right.PageNumber, _comparer);
        NodeWriter.AssertInvariants(page, pageNumber, _comparer);
    }

    /// <summary>
    /// Writes the interior cell that separates two neighbouring leaf cells: the shortest prefix of the right key that
    /// is above the left key (see <see cref="CellFormat.ShortestSeparator"/>), pointing at <paramref name="leftChild"/>.
    /// Returns its length.
    /// </summary>
    /// <remarks>
    /// Why separators of long keys overflow rather than being cut short: the shortest separator is one byte past the
    /// common prefix of the two keys, and long keys (index entries of long texts) may share a prefix of any length,
    /// so no cut bounds it. A separator over <see cref="MaxLocalKeySize"/> bytes therefore gets a chain of its own,
    /// like a leaf key. Most neighbours differ within their local bytes, and then the separator is found from those
    /// alone without reading either chain.
    /// </remarks>
    private int WriteSeparatorCell(Span<byte> destination, uint leftChild, ReadOnlySpan<byte> leftCell, ReadOnlySpan<byte> rightCell, uint pageNumber)
    {
        int maxLocal = MaxLocalKeySize;
        ReadOnlySpan<byte> left = CellFormat.LeafKey(leftCell, maxLocal, out int leftLength, out uint leftChain);
        ReadOnlySpan<byte> right = CellFormat.LeafKey(rightCell, maxLocal, out int rightLength, out uint rightChain);
        if (_comparer is not null)
        {
            // The comparer reads whole keys only: the separator is the right key itself, chain and all.
            return WholeKeySeparatorCell(destination, leftChild, right, rightLength, rightChain, pageNumber);
        }

        int common = left.CommonPrefixLength(right);
        if (common < right.Length && (common < left.Length || leftChain == 0))
        {
            // Decided within the local bytes; the separator is at most the right key's local bytes, so it is local too.
            return CellFormat.WriteInteriorCell(destination, leftChild, right.Slice(0, common + 1), 0, maxLocal);
        }

        byte[] leftKey = ArrayPool<byte>.Shared.Rent(leftLength);
        byte[] rightKey = ArrayPool<byte>.Shared.Rent(rightLength);
        try
        {
            CopyKey(left, leftLength, leftChain, leftKey.AsSpan(0, leftLength), pageNumber);
            CopyKey(right, rightLength, rightChain, rightKey.AsSpan(0, rightLength), pageNumber);
            if (leftKey.AsSpan(0, leftLength).SequenceCompareTo(rightKey.AsSpan(0, rightLength)) >= 0)
            {
                BTreeCorruption.Throw(pageNumber, "two neighbouring keys are out of order");
            }

            ReadOnlySpan<byte> separator = CellFormat.ShortestSeparator(leftKey.AsSpan(0, leftLength), rightKey.AsSpan(0, rightLength));
            return CellFormat.WriteInteriorCell(destination, leftChild, separator, WriteKeyChain(separator), maxLocal);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(leftKey, clearArray: true);
            ArrayPool<byte>.Shared.Return(rightKey, clearArray: true);
        }
    }

    /// <summary>
    /// Writes a separator that is the whole right key (for a tree with a comparer, which cannot read a key cut short).
    /// The key's tail is copied to a chain of the separator's own, as every cell owns its chain.
    /// </summary>
    private int WholeKeySeparatorCell(Span<byte> destination, uint leftChild, ReadOnlySpan<byte> local, int keyLength, uint chain, uint pageNumber)
    {
        if (chain == 0)
        {
            return CellFormat.WriteInteriorCell(destination, leftChild, local, 0, MaxLocalKeySize);
        }

        byte[] key = ArrayPool<byte>.Shared.Rent(keyLength);
        try
        {
            CopyKey(local, keyLength, chain, key.AsSpan(0, keyLength), pageNumber);
            ReadOnlySpan<byte> whole = key.AsSpan(0, keyLength);
            return CellFormat.WriteInteriorCell(destination, leftChild, whole, WriteKeyChain(whole), MaxLocalKeySize);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(key, clearArray: true);
        }
    }

    /// <summary>Copies an interior cell that moves to another node, pointing it at <paramref name="leftChild"/>; its key chain moves with it.</summary>
    private static int MoveSeparatorCell(Span<byte> destination, uint leftChild, ReadOnlySpan<byte> cell)
    {
        cell.CopyTo(destination);
        CellFormat.SetInteriorChild(destination, leftChild);
        return cell.Length;
    }

    /// <summary>
    /// Lists the node's cells (copied to <see cref="WriteScratch.PageCopy"/>) with the new cell inserted at
    /// <paramref name="position"/>, as offsets and sizes in the scratch arrays. Returns the number of cells.
    /// </summary>
    private int GatherCells(uint pageNumber, int position, ReadOnlySpan<byte> newCell, out bool isLeaf, out uint rightChild)
    {
        WriteScratch scratch = Scratch;
        var old = new NodeReader(scratch.PageCopy, pageNumber);
        int count = old.Count + 1;
        for (int i = 0, j = 0; i < count; i++)
        {
            if (i == position)
            {
                scratch.Offsets[i] = -1;
                scratch.Sizes[i] = newCell.Length;
            }
            else
            {
                scratch.Offsets[i] = old.CellOffset(j);
                scratch.Sizes[i] = old.CellSize(j);
                j++;
            }
        }

        isLeaf = old.IsLeaf;
        rightChild = old.RightChild;
        return count;
    }

    /// <summary>Cell <paramref name="index"/> of the list made by <see cref="GatherCells"/>.</summary>
    private ReadOnlySpan<byte> MergedCell(int index, ReadOnlySpan<byte> newCell)
    {
        WriteScratch scratch = Scratch;
        int offset = scratch.Offsets[index];
        return offset < 0 ? newCell : scratch.PageCopy.AsSpan(offset, scratch.Sizes[index]);
    }

    /// <summary>
    /// Picks the split index: a leaf keeps cells [0, split) left and [split, count) right; an interior node keeps
    /// [0, split) left, pushes cell split up and keeps (split, count) right. Balanced by bytes, except for a quick
    /// split at the right edge of the tree, which keeps the left node full.
    /// </summary>
    private int ChooseSplit(uint pageNumber, int count, bool isLeaf, bool quick)
    {
        int capacity = NodeCapacity;
        int[] sizes = Scratch.Sizes;
        int total = 0;
        for (int i = 0; i < count; i++)
        {
            total += sizes[i] + NodeLayout.SlotSize;
        }

        int lastSplit = isLeaf ? count - 1 : count - 2;
        if (quick && lastSplit >= 1)
        {
            int leftBytes = 0;
            for (int i = 0; i < lastSplit; i++)
            {
                leftBytes += sizes[i] + NodeLayout.SlotSize;
            }

            int rightBytes = total - leftBytes - (isLeaf ? 0 : sizes[lastSplit] + NodeLayout.SlotSize);
            if (leftBytes <= capacity && rightBytes <= capacity)
            {
                return lastSplit;
            }
        }

        int best = -1;
        int bestDifference = int.MaxValue;
        int prefix = 0;
        for (int split = 1; split <= lastSplit; split++)
        {
            prefix += sizes[split - 1] + NodeLayout.SlotSize;
            int rightBytes = total - prefix - (isLeaf ? 0 : sizes[split] + NodeLayout.SlotSize);
            if (prefix <= capacity && rightBytes <= capacity && Math.Abs(prefix - rightBytes) < bestDifference)
            {
                best = split;
                bestDifference = Math.Abs(prefix - rightBytes);
            }
        }

        if (best < 0)
        {
            // Leaf cells are capped at half a node and separators at a quarter, so a sound node always splits in two
            // (see ValueSpill); this one's cells overlap or lie.
            BTreeCorruption.Throw(pageNumber, $"its {count - 1} cells cannot be split into two nodes");
        }

        return best;
    }

    /// <summary>Formats <paramref name="destination"/> as a node holding cells [<paramref name="from"/>, <paramref name="to"/>) of the merged list.</summary>
    private void BuildNode(Span<byte> destination, byte kind, uint rightChild, int from, int to, ReadOnlySpan<byte> newCell)
    {
        NodeWriter.Init(destination, kind, rightChild);
        for (int i = from; i < to; i++)
        {
            NodeWriter.Append(destination, MergedCell(i, newCell));
        }
    }
}
