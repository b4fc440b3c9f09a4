using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>Holding the leaf a scan reads next.</content>
/// <remarks>
/// Once a cursor steps from one leaf to its neighbour it is scanning, and it reads the leaf after the new one at once:
/// it pins that page and hints every cache line of it to the CPU, so the lines arrive while the cursor works through
/// the current leaf, and the next step takes the page it already holds instead of looking it up and then waiting for
/// its header and first cell one line at a time (a warm filtered scan spent most of its per-leaf time there). Only a
/// neighbour under the pinned parent is held, never one past the scan's limit (<see cref="LimitReadAhead"/>); point
/// reads and scans that stay in one leaf never hold one. Releasing the parent releases it, so every path that drops
/// the parent (a new position, a change to the tree, disposal, the end of the scan) drops it too.
/// </remarks>
internal sealed partial class BTreeCursor
{
    // The pinned neighbour: child _nextLeafChild of the leaf's parent, in the direction _nextLeafForward.
    private PageLease _nextLeaf;
    private bool _holdsNextLeaf;
    private int _nextLeafChild;
    private bool _nextLeafForward;

    /// <summary>Leaves this cursor read ahead of its position and then stepped onto (tests: proof that a scan holds the next leaf).</summary>
    internal long NextLeafHits { get; private set; }

    // After a step onto child _indices[_leafLevel - 1] of the pinned parent: pins the child after it in the scan's
    // direction, if there is one under this parent within the limit, and hints all its lines.
    private void PinNextLeaf(bool forward)
    {
        if (!_holdsParent)
        {
            return;
        }

        int level = _leafLevel - 1;
        var parent = new NodeReader(_parent.Data, _pages[level]);
        int next = _indices[level] + (forward ? 1 : -1);
        if (next < 0 || next > parent.Count || LastChildWithinLimit(parent, next, next, forward) != next)
        {
            return;
        }

        _nextLeaf = _tx.Read(parent.Child(next));
        _holdsNextLeaf = true;
        _nextLeafChild = next;
        _nextLeafForward = forward;
        PrefetchedLines += _nextLeaf.PrefetchToSecondLevel();
    }

    // Hands over the pinned neighbour when it is child `child` of the parent in this direction; otherwise drops it.
    private bool TakeNextLeaf(int child, bool forward, out PageLease lease)
    {
        if (_holdsNextLeaf && _nextLeafChild == child && _nextLeafForward == forward)
        {
            lease = _nextLeaf;
            _nextLeaf = default;
            _holdsNextLeaf = false;
            NextLeafHits++;
            return true;
        }

        ReleaseNextLeaf();
        lease = default;
        return false;
    }

    private void ReleaseNextLeaf()
    {
        if (_holdsNextLeaf)
        {
            _holdsNextLeaf = false;
            _nextLeaf.Dispose();
            _nextLeaf = default;
        }
    }
}
