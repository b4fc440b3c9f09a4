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
    private bool DescendEdge(uint page, int level, bool toLast, int expectedLeafLevel)
    {
        for (; ; level++)
        {
            BTree.CheckDepth(level, page);
            PageLease lease = _tx.Read(page);
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
            uint child;
            using (PageLease lease = _tx.Read(_pages[level]))
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

            return DescendEdge(child, level + 1, toLast: false, expectedLeafLevel: _leafLevel);
        }

        return false;
    }

    private bool StepToPreviousLeaf()
    {
        ReleaseLeaf();
        _state = CursorState.Unpositioned;
        for (int level = _leafLevel - 1; level >= 0; level--)
        {
            uint child;
            using (PageLease lease = _tx.Read(_pages[level]))
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

            return DescendEdge(child, level + 1, toLast: true, expectedLeafLevel: _leafLevel);
        }

        return false;
    }

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
