using System.Buffers;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>Delete, merges and root collapse.</content>
internal sealed partial class BTree
{
    /// <summary>Deletes <paramref name="key"/> and frees its overflow chain, then rebalances upward.</summary>
    /// <returns>True when the key existed.</returns>
    /// <exception cref="SharpCoreDBException">ReadOnly in a read-only transaction.</exception>
    public bool Delete(ReadOnlySpan<byte> key) => Delete(key, oldValue: null);

    /// <summary>
    /// Deletes <paramref name="key"/> like <see cref="Delete(ReadOnlySpan{byte})"/> and, when it existed, first writes
    /// its value to <paramref name="oldValue"/>: one descent where a lookup followed by a delete would make two
    /// (an undo log needs the value a delete removes).
    /// </summary>
    /// <param name="key">The key.</param>
    /// <param name="oldValue">Receives the removed value (nothing is written when the key is absent); null to skip it.</param>
    /// <returns>True when the key existed.</returns>
    /// <exception cref="SharpCoreDBException">ReadOnly in a read-only transaction.</exception>
    public bool Delete(ReadOnlySpan<byte> key, IBufferWriter<byte>? oldValue)
    {
        CheckWritable();
        BeginWrite();
        try
        {
            return DeleteCore(key, oldValue);
        }
        finally
        {
            EndWrite();
        }
    }

    private bool DeleteCore(ReadOnlySpan<byte> key, IBufferWriter<byte>? oldValue)
    {
        int leafLevel = DescendForWrite(key, out int position, out bool found, out _);
        if (!found)
        {
            return false;
        }

        InvalidateCursors();
        uint page = Scratch.PathPages[leafLevel];
        uint chain;
        int valueLength;
        uint keyChain;
        int keyChainLength;
        int usedBefore;
        int count;
        int used;

        // One write lease does the whole job: the cell is parsed, its chains checked and its value copied out before
        // the page changes, and the node's new fill is taken from the same lease for the rebalance.
        using (PageLease lease = _tx.Write(page))
        {
            Span<byte> data = lease.Writable;
            var node = new NodeReader(data, page);
            usedBefore = node.UsedBytes;
            LeafCell cell = node.GetLeafCell(position);
            chain = cell.OverflowPage;
            valueLength = cell.ValueChainLength;
            keyChain = cell.KeyOverflowPage;
            keyChainLength = cell.KeyLength - cell.KeyLocalLength;
            if (chain != 0)
            {
                OverflowChain.Check(_tx, chain, valueLength, page);
            }

            if (keyChain != 0)
            {
                OverflowChain.Check(_tx, keyChain, keyChainLength, page);
            }

            if (oldValue is not null)
            {
                // The whole value: the local bytes (all of it, or the prefix of a spilled one) and then its chain.
                int length = cell.ValueLength;
                CopyValuePrefix(data, cell, oldValue.GetSpan(length).Slice(0, length), page);
                oldValue.Advance(length);
            }

            NodeWriter.Remove(data, position, cell.Size);
            NodeWriter.AssertInvariants(data, page, _comparer);
            var after = new NodeReader(data, page);
            count = after.Count;
            used = after.UsedBytes;
        }

        if (chain != 0)
        {
            OverflowChain.Free(_tx, chain, valueLength, page);
        }

        if (keyChain != 0)
        {
            OverflowChain.Free(_tx, keyChain, keyChainLength, page);
        }

        RebalanceLeaf(leafLevel, count, usedBefore, used);
        return true;
    }

    /// <summary>
    /// After a delete took a leaf from <paramref name="usedBefore"/> to <paramref name="used"/> bytes: an empty leaf
    /// leaves the tree; a leaf under a third full tries to merge with a sibling only when this delete took it below
    /// a merge mark (see <see cref="CrossedMergeMark"/>), not on every delete from it.
    /// </summary>
    private void RebalanceLeaf(int level, int count, int usedBefore, int used)
    {
        if (level == 0)
        {
            // A root leaf stays whatever its fill: there is nothing to merge it with.
            return;
        }

        if (count == 0)
        {
            Rebalance(level);
            return;
        }

        if (used >= UnderflowThreshold || !CrossedMergeMark(usedBefore, used, UnderflowThreshold) || !TryMergeWithSibling(level))
        {
            return;
        }

        Rebalance(level - 1);
    }

    /// <summary>
    /// True when a node's fill went from <paramref name="before"/> to <paramref name="after"/> bytes across one of the
    /// marks threshold, threshold/2, threshold/4, …. A merge attempt reads the parent and both siblings, and a run of
    /// deletes from one sparse leaf next to full ones would repeat the same failing attempt for every key (the
    /// rebalance was a third of a cascade delete). Trying at each halving keeps that to a few attempts per leaf, while
    /// a sibling that shrinks later tries the merge from its own side when it crosses a mark. Merging is optional:
    /// skipping an attempt leaves a valid, only sparser, tree.
    /// </summary>
    internal static bool CrossedMergeMark(int before, int after, int threshold)
    {
        for (int mark = threshold; mark > 0; mark >>= 1)
        {
            if (after < mark && before >= mark)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Restores the shape after the node at <paramref name="level"/> of the recorded path lost a cell: empty leaves
    /// are unlinked and freed (and so is a parent left with no child), a node under a third full merges with a
    /// sibling when both fit in one page, and the loop climbs while parents lose separators. Finally a root left
    /// with a single child absorbs it, keeping the root page number.
    /// </summary>
    private void Rebalance(int level)
    {
        // True when the node at `level` must leave the tree: an empty leaf, or an interior node whose only child left.
        bool remove = false;
        while (true)
        {
            uint page = Scratch.PathPages[level];
            bool isLeaf;
            int count;
            int used;
            using (PageLease lease = _tx.Read(page))
            {
                var node = new NodeReader(lease.Data, page);
                isLeaf = node.IsLeaf;
                count = node.Count;
                used = node.UsedBytes;
            }

            remove |= isLeaf && count == 0;
            if (level == 0)
            {
                if (remove && !isLeaf)
                {
                    using PageLease lease = _tx.Write(page);
                    NodeWriter.Init(lease.Writable, NodeLayout.LeafKind, 0);
                }
                else
                {
                    CollapseRoot();
                }

                return;
            }

            if (remove)
            {
                remove = UnlinkChild(level - 1, page);
                _tx.Free(page);
                level--;
                continue;
            }

            if (used >= UnderflowThreshold || !TryMergeWithSibling(level))
            {
                return;
            }

            level--;
        }
    }

    /// <summary>
    /// Removes the pointer to <paramref name="child"/> (and one separator next to it) from the parent at
    /// <paramref name="parentLevel"/>. Returns true when the parent had no other child and must go as well.
    /// </summary>
    private bool UnlinkChild(int parentLevel, uint child)
    {
        uint parentPage = Scratch.PathPages[parentLevel];
        int index = Scratch.PathIndex[parentLevel];
        int keyLength;
        uint keyChain;
        using (PageLease lease = _tx.Write(parentPage))
        {
            Span<byte> data = lease.Writable;
            var parent = new NodeReader(data, parentPage);
            if (parent.Child(index) != child)
            {
                BTreeCorruption.Throw(parentPage, $"child {index} is no longer page {child}");
            }

            if (parent.Count == 0)
            {
                return true;
            }

            if (index < parent.Count)
            {
                // The next child takes over this child's key range.
                parent.LocalKey(index, out keyLength, out keyChain);
                NodeWriter.Remove(data, index, parent.CellSize(index));
            }
            else
            {
                // The right child leaves: the last cell's child becomes the right child and the range extends to it.
                int last = parent.Count - 1;
                uint newRight = parent.Child(last);
                int size = parent.CellSize(last);
                parent.LocalKey(last, out keyLength, out keyChain);
                NodeWriter.SetRightChild(data, newRight);
                NodeWriter.Remove(data, last, size);
            }

            NodeWriter.AssertInvariants(data, parentPage, _comparer);
        }

        // The separator left the tree, so its key chain (if it had one) goes too.
        FreeKeyChain(keyChain, keyLength, parentPage);
        return false;
    }

    /// <summary>Frees the chain of an overflowing key of <paramref name="keyLength"/> bytes; nothing when <paramref name="chain"/> is 0.</summary>
    private void FreeKeyChain(uint chain, int keyLength, uint ownerPage)
    {
        if (chain != 0)
        {
            OverflowChain.Free(_tx, chain, KeyChainLength(keyLength), ownerPage);
        }
    }

    private bool TryMergeWithSibling(int level)
    {
        // The right pair needs no count check here: TryMergePair finds a missing separator in its own read of the parent.
        int index = Scratch.PathIndex[level - 1];
        return (index > 0 && TryMergePair(level - 1, index - 1)) || TryMergePair(level - 1, index);
    }

    /// <summary>
    /// Merges child <paramref name="separatorIndex"/> of the parent into the child right of it when their cells (and,
    /// for interior nodes, the separator pulled down between them) fit in one page; false when there is no such pair. The right page survives, so
    /// the parent only loses the separator cell; the left page is freed.
    /// </summary>
    private bool TryMergePair(int parentLevel, int separatorIndex)
    {
        WriteScratch scratch = Scratch;
        uint parentPage = Scratch.PathPages[parentLevel];
        uint leftPage;
        uint rightPage;
        int separatorLength;
        int separatorKeyLength;
        uint separatorChain;
        bool isLeaf;
        using (PageLease lease = _tx.Read(parentPage))
        {
            var parent = new NodeReader(lease.Data, parentPage);
            if (separatorIndex >= parent.Count)
            {
                // The child is the parent's right child: it has no right sibling to merge into.
                return false;
            }

            leftPage = parent.Child(separatorIndex);
            rightPage = parent.Child(separatorIndex + 1);
            parent.LocalKey(separatorIndex, out separatorKeyLength, out separatorChain);
            separatorLength = parent.CellSize(separatorIndex);
            lease.Data.Slice(parent.CellOffset(separatorIndex), separatorLength).CopyTo(scratch.CellC);
        }

        using (PageLease lease = _tx.Read(rightPage))
        {
            // A pair the headers say cannot fit is rejected before any copying or cell parsing: a sparse node next to
            // full ones asks again after every delete from it, and that must stay cheap. A header that lies can only
            // make this skip a merge (merging is optional); a merge goes ahead only on the parsed cells' sizes below.
            var header = new NodeReader(lease.Data, rightPage);
            int separatorBytes = header.IsLeaf ? 0 : separatorLength + NodeLayout.SlotSize;
            if (header.UsedBytes + separatorBytes + UsedBytesOf(leftPage) > NodeCapacity)
            {
                return false;
            }

            lease.Data.CopyTo(scratch.PageCopy);
        }

        var right = new NodeReader(scratch.PageCopy, rightPage);
        using (PageLease leftLease = _tx.Read(leftPage))
        {
            var left = new NodeReader(leftLease.Data, leftPage);
            if (left.IsLeaf != right.IsLeaf)
            {
                BTreeCorruption.Throw(leftPage, $"it is a {(left.IsLeaf ? "leaf" : "interior node")} but its sibling page {rightPage} is not");
            }

            isLeaf = left.IsLeaf;
            int separatorCell = left.IsLeaf ? 0 : separatorLength + NodeLayout.SlotSize;
            if (CellBytes(left) + CellBytes(right) + separatorCell > NodeCapacity)
            {
                return false;
            }

            using PageLease rightLease = _tx.Write(rightPage);
            Span<byte> destination = rightLease.Writable;
            NodeWriter.Init(destination, left.IsLeaf ? NodeLayout.LeafKind : NodeLayout.InteriorKind, right.RightChild);
            for (int i = 0; i < left.Count; i++)
            {
                NodeWriter.Append(destination, left.Page.Slice(left.CellOffset(i), left.CellSize(i)));
            }

            if (!left.IsLeaf)
            {
                // The separator comes down between the two halves, key chain and all, pointing at the left node's right child.
                Span<byte> separator = scratch.CellC.AsSpan(0, separatorLength);
                CellFormat.SetInteriorChild(separator, left.RightChild);
                NodeWriter.Append(destination, separator);
            }

            for (int i = 0; i < right.Count; i++)
            {
                NodeWriter.Append(destination, right.Page.Slice(right.CellOffset(i), right.CellSize(i)));
            }

            NodeWriter.AssertInvariants(destination, rightPage, _comparer);
        }

        _tx.Free(leftPage);
        using (PageLease lease = _tx.Write(parentPage))
        {
            Span<byte> data = lease.Writable;
            NodeWriter.Remove(data, separatorIndex, new NodeReader(data, parentPage).CellSize(separatorIndex));
            NodeWriter.AssertInvariants(data, parentPage, _comparer);
        }

        if (isLeaf)
        {
            // Leaves take no separator between them: this one leaves the tree with its key chain.
            FreeKeyChain(separatorChain, separatorKeyLength, parentPage);
        }

        return true;
    }

    /// <summary>While the root is an interior node with a single child, copies that child into the root page and frees it.</summary>
    private void CollapseRoot()
    {
        for (int depth = 0; ; depth++)
        {
            CheckDepth(depth, _root);
            uint child;
            using (PageLease lease = _tx.Read(_root))
            {
                var root = new NodeReader(lease.Data, _root);
                if (root.IsLeaf || root.Count > 0)
                {
                    return;
                }

                child = root.RightChild;
            }

            if (child == _root)
            {
                BTreeCorruption.Throw(_root, "the root is its own child");
            }

            using (PageLease target = _tx.Write(_root))
            using (PageLease source = _tx.Read(child))
            {
                _ = new NodeReader(source.Data, child);
                source.Data.CopyTo(target.Writable);
            }

            _tx.Free(child);
        }
    }

    /// <summary>The bytes a node's slots and cells take by its header's count.</summary>
    private int UsedBytesOf(uint page)
    {
        using PageLease lease = _tx.Read(page);
        return new NodeReader(lease.Data, page).UsedBytes;
    }

    /// <summary>The bytes a node's cells and slots take, from the parsed cells rather than the header's claims.</summary>
    private static int CellBytes(in NodeReader node)
    {
        int total = 0;
        for (int i = 0; i < node.Count; i++)
        {
            total += node.CellSize(i) + NodeLayout.SlotSize;
        }

        return total;
    }
}
