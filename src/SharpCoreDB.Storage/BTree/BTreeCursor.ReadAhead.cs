using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>Telling the transaction which leaves a scan reads next.</content>
/// <remarks>
/// A cursor that steps from one leaf to the next is scanning, and its parent lists the leaves it will read after
/// this one. It passes the next few to <see cref="IPageTransaction.ReadAhead"/>, so that a store can read, verify and
/// decrypt them on another thread while this one works through the current leaf. The window starts small (a short
/// range scan should not load pages it never reads) and doubles with every hint up to <see cref="MaxReadAhead"/>;
/// a new hint goes out once the cursor is within half a window of the last leaf hinted. Point reads and scans that
/// stay in one leaf never hint. Only leaves under the current parent are hinted: a parent of 4 KiB pages has a
/// few hundred children, so crossing to the next parent (read in line) is rare.
/// </remarks>
internal sealed partial class BTreeCursor
{
    /// <summary>The most leaves one hint names, and the widest the window grows.</summary>
    internal const int MaxReadAhead = 32;

    private const int FirstReadAhead = 4;

    // The parent whose children were last hinted (0: none; page 0 is the header, never a tree node), the child index
    // the hints reached, and the size of the next hint.
    private uint _aheadParent;
    private int _aheadEdge;
    private int _aheadWindow = FirstReadAhead;

    private void ResetReadAhead()
    {
        _aheadParent = 0;
        _aheadWindow = FirstReadAhead;
    }

    // Called with the parent of the leaves after the cursor moved to child _indices[level] of it.
    private void ReadAheadLeaves(in NodeReader parent, int level, bool forward)
    {
        int current = _indices[level];
        if (_pages[level] != _aheadParent)
        {
            _aheadParent = _pages[level];
            _aheadEdge = current;
        }

        int ahead = forward ? _aheadEdge - current : current - _aheadEdge;
        if (ahead > _aheadWindow / 2)
        {
            return;
        }

        // Children are 0..Count. Continue from past the last leaf hinted (or the current one, after a turn).
        int from = forward ? Math.Max(_aheadEdge, current) + 1 : Math.Min(_aheadEdge, current) - 1;
        int to = forward ? Math.Min(parent.Count, current + _aheadWindow) : Math.Max(0, current - _aheadWindow);
        Span<uint> pages = stackalloc uint[MaxReadAhead];
        int count = 0;
        for (int child = from; forward ? child <= to : child >= to; child += forward ? 1 : -1)
        {
            pages[count++] = parent.Child(child);
        }

        if (count > 0)
        {
            _tx.ReadAhead(pages[..count]);
            _aheadEdge = to;
        }

        _aheadWindow = Math.Min(_aheadWindow * 2, MaxReadAhead);
    }
}
