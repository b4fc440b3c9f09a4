using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>Walking the tree: descending to a leaf and stepping to neighbouring leaves.</content>
internal sealed partial class BTreeCursor
{
    /// <summary>Reads down to the leaf for <paramref name="key"/>, recording the path; returns the leaf's lease.</summary>
    private PageLease DescendTo(ReadOnlySpan<byte> key)
    {
        uint page = _tree.RootPage;
        for (int level = 0; ; level++)
        {
            BTree.CheckDepth(level, page);
            PageLease lease = _tx.Read(page);
            bool keep = false;
            try
            {
                var node = new NodeReader(lease.Data, page);
                node.PrefetchSearchPath();
                if (node.IsLeaf)
                {
                    _leafLevel = level;
                    keep = true;
                    return lease;
                }

                int childIndex = node.UpperBound(key, _tx, _tree.Comparer);
                _pages[level] = page;
                _indices[level] = childIndex;
                page = node.Child(childIndex);
                KeepParent(lease);
                keep = true;
            }
            finally
            {
                if (!keep)
                {
                    lease.Dispose();
                }
            }
        }
    }

    /// <summary>
    /// Reads down from <paramref name="page"/> at <paramref name="level"/> along the leftmost or rightmost children
    /// and lands on that leaf's first or last entry. A leaf reached from a neighbour must sit at the same depth.
    /// </summary>
    private bool DescendEdge(uint page, int level, bool toLast, int expectedLeafLevel) =>
        DescendEdge(page, level, toLast, expectedLeafLevel, default, holdsFirst: false);

    // As above, starting from the lease of page when holdsFirst (the pinned next leaf; owned from here on).
    private bool DescendEdge(uint page, int level, bool toLast, int expectedLeafLevel, PageLease first, bool holdsFirst)
    {
        for (; ; level++)
        {
            // The pinned next leaf sits at the depth of the leaf before it, checked on the way down.
            if (!holdsFirst)
            {
                BTree.CheckDepth(level, page);
            }

            PageLease lease = holdsFirst ? first : _tx.Read(page);
            holdsFirst = false;
            bool attached = false;
            try
            {
                var node = new NodeReader(lease.Data, page);
                if (node.IsLeaf)
                {
                    if (expectedLeafLevel >= 0 && level != expectedLeafLevel)
                    {
                        BTreeCorruption.Throw(page, $"leaf at depth {level}, but its neighbour sits at depth {expectedLeafLevel}");
                    }

                    if (node.Count == 0)
                    {
                        if (level > 0)
                        {
                            BTreeCorruption.Throw(page, "an empty leaf below the root");
                        }

                        return false;
                    }

                    _leafLevel = level;
                    Attach(lease, node, toLast ? node.Count - 1 : 0);
                    attached = true;
                    return true;
                }

                if (expectedLeafLevel >= 0 && level >= expectedLeafLevel)
                {
                    BTreeCorruption.Throw(page, $"interior node at depth {level}, where a leaf is expected");
                }

                int childIndex = toLast ? node.Count : 0;
                _pages[level] = page;
                _indices[level] = childIndex;
                page = node.Child(childIndex);
                KeepParent(lease);
                attached = true;
            }
            finally
            {
                if (!attached)
                {
                    lease.Dispose();
                }
            }
        }
    }

    private bool StepToNextLeaf()
    {
        ReleaseLeaf();
        _state = CursorState.Unpositioned;
        for (int level = _leafLevel - 1; level >= 0; level--)
        {
            // The leaf's parent is still pinned from the way down (see KeepParent): no lookup for it.
            bool held = level == _leafLevel - 1 && _holdsParent;
            PageLease lease = held ? _parent : _tx.Read(_pages[level]);
            uint child;
            try
            {
                var node = new NodeReader(lease.Data, _pages[level]);
                if (_indices[level] >= node.Count)
                {
                    continue;
                }

                child = node.Child(++_indices[level]);
                if (level == _leafLevel - 1)
                {
                    ReadAheadLeaves(node, level, forward: true);
                }
            }
            finally
            {
                if (!held)
                {
                    lease.Dispose();
                }
            }

            bool pinned = TakeNextLeaf(level == _leafLevel - 1 ? _indices[level] : -1, forward: true, out PageLease next);
            if (!DescendEdge(child, level + 1, toLast: false, expectedLeafLevel: _leafLevel, next, pinned))
            {
                return false;
            }

            // A leaf read ahead had all its lines hinted then; only one reached otherwise needs its cells hinted now.
            if (!pinned)
            {
                PrefetchLeaf(forward: true);
            }

            PinNextLeaf(forward: true);
            return true;
        }

        ReleaseParent();
        return false;
    }

    private bool StepToPreviousLeaf()
    {
        ReleaseLeaf();
        _state = CursorState.Unpositioned;
        for (int level = _leafLevel - 1; level >= 0; level--)
        {
            bool held = level == _leafLevel - 1 && _holdsParent;
            PageLease lease = held ? _parent : _tx.Read(_pages[level]);
            uint child;
            try
            {
                var node = new NodeReader(lease.Data, _pages[level]);
                if (_indices[level] <= 0)
                {
                    continue;
                }

                child = node.Child(--_indices[level]);
                if (level == _leafLevel - 1)
                {
                    ReadAheadLeaves(node, level, forward: false);
                }
            }
            finally
            {
                if (!held)
                {
                    lease.Dispose();
                }
            }

            bool pinned = TakeNextLeaf(level == _leafLevel - 1 ? _indices[level] : -1, forward: false, out PageLease next);
            if (!DescendEdge(child, level + 1, toLast: true, expectedLeafLevel: _leafLevel, next, pinned))
            {
                return false;
            }

            // A leaf read ahead had all its lines hinted then; only one reached otherwise needs its cells hinted now.
            if (!pinned)
            {
                PrefetchLeaf(forward: false);
            }

            PinNextLeaf(forward: false);
            return true;
        }

        ReleaseParent();
        return false;
    }

    /// <summary>
    /// Hints the whole of the leaf just stepped onto to the CPU (see <see cref="NodeReader.PrefetchCells"/>): a cursor
    /// that crosses from one leaf to the next is scanning and will read every cell.
    /// </summary>
    private void PrefetchLeaf(bool forward) =>
        PrefetchedLines += NodeReader.ForValidatedLeaf(_leaf.Data, _leaf.PageNumber, _leafCount, _leafContentStart).PrefetchCells(forward);

    /// <summary>
    /// Takes ownership of <paramref name="lease"/> as the pinned leaf, positioned at <paramref name="index"/>. Parses
    /// the cell first, so on a damaged cell nothing is taken and the caller still disposes the lease.
    /// </summary>
    private void Attach(in PageLease lease, in NodeReader node, int index)
    {
        LeafCell cell = node.GetLeafCell(index);
        _leaf = lease;
        _holdsLeaf = true;
        _leafCount = node.Count;
        _leafContentStart = node.ContentStart;
        _index = index;
        _cell = cell;
        _longKeyLoaded = false;
        _state = CursorState.Positioned;
    }

    /// <summary>
    /// Pins <paramref name="lease"/>, an interior page just read on the way down, in place of the one pinned before:
    /// the last one pinned is the leaf's parent, so stepping to the next leaf reads the parent without looking it up
    /// again. Takes ownership of the lease.
    /// </summary>
    private void KeepParent(in PageLease lease)
    {
        ReleaseParent();
        _parent = lease;
        _holdsParent = true;
    }

    private void ReleaseParent()
    {
        // The pinned next leaf is a child of this parent (see PinNextLeaf).
        ReleaseNextLeaf();
        if (_holdsParent)
        {
            _holdsParent = false;
            _parent.Dispose();
            _parent = default;
        }
    }

    private void ReleaseLeaf()
    {
        if (_holdsLeaf)
        {
            _holdsLeaf = false;
            _leaf.Dispose();
            _leaf = default;
        }
    }
}
