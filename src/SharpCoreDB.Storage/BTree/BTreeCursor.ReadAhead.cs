using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>Telling the transaction which leaves a scan reads next.</content>
/// <remarks>
/// A cursor that steps from one leaf to the next is scanning, and its parent lists the leaves it will read after
/// this one. It passes the next few to <see cref="IPageTransaction.ReadAhead"/>, so that a store can read, verify and
/// decrypt them on another thread while this one works through the current leaf. The window starts small (a short
/// range scan should not load pages it never reads) and doubles with every hint up to <see cref="MaxReadAhead"/>;
/// a new hint goes out once the cursor is within half a window of the last leaf hinted. Hints made within a scan's
/// first 16 leaves, and a hint that reaches the end of the range, ask for the pages in line (with one device read per
/// run of neighbouring pages, but no other thread): only a scan that goes on past that hands its leaves to another
/// thread. Point reads and scans that
/// stay in one leaf never hint. Only leaves under the current parent are hinted: a parent of 4 KiB pages has a
/// few hundred children, so crossing to the next parent (read in line) is rare.
/// A range scan that knows where it ends says so (<see cref="LimitReadAhead"/>): leaves wholly past that end are
/// never named, so a short range does not load (and push out of the cache) the leaves after it.
/// </remarks>
internal sealed partial class BTreeCursor
{
    /// <summary>The most leaves one hint names, and the widest the window grows.</summary>
    internal const int MaxReadAhead = 32;

    private const int FirstReadAhead = 4;

    // Leaves a scan steps across before its hints go to another thread (see ReadAheadLeaves).
    private const int InLineLeaves = 16;

    // The parent whose children were last hinted (0: none; page 0 is the header, never a tree node), the child index
    // the hints reached, and the size of the next hint.
    private uint _aheadParent;
    private int _aheadEdge;
    private int _aheadWindow = FirstReadAhead;

    // Leaves stepped to since the cursor was last positioned.
    private int _leafSteps;

    // The end of the range being scanned (see LimitReadAhead): empty for none.
    private ReadOnlyMemory<byte> _aheadLimit;
    private bool _aheadLimitForward;

    /// <summary>
    /// Says where the caller's scan ends: moving forward (<paramref name="forward"/>) it reads no key whose first
    /// <paramref name="limit"/>.Length bytes order above <paramref name="limit"/>, moving backward none whose first
    /// bytes order below it. Read-ahead then names no leaf that lies wholly past that end. The cursor keeps a
    /// reference to the bytes: the caller leaves them unchanged until it sets another limit, clears it (an empty
    /// <paramref name="limit"/>) or disposes the cursor. A tree ordered by a <see cref="BTreeKeyComparer"/> ignores it.
    /// </summary>
    /// <param name="limit">The last key (or key prefix) the scan reads; empty for no limit.</param>
    /// <param name="forward">True when the scan moves toward larger keys.</param>
    public void LimitReadAhead(ReadOnlyMemory<byte> limit, bool forward)
    {
        _aheadLimit = _tree.Comparer is null ? limit : default;
        _aheadLimitForward = forward;
    }

    private void ResetReadAhead()
    {
        _aheadParent = 0;
        _aheadWindow = FirstReadAhead;
        _leafSteps = 0;
    }

    // The last child of parent (in the direction of the scan) that can hold a key within the limit. Child c holds
    // keys at or above separator c - 1 and below separator c, so moving forward it is past the limit once separator
    // c - 1 orders above it (every key of c starts at least as high), moving backward once separator c orders below
    // it or is the limit itself.
    private int LastChildWithinLimit(in NodeReader parent, int from, int to, bool forward)
    {
        if (_aheadLimit.IsEmpty || forward != _aheadLimitForward)
        {
            return to;
        }

        ReadOnlySpan<byte> limit = _aheadLimit.Span;
        int step = forward ? 1 : -1;
        for (int child = from; forward ? child <= to : child >= to; child += step)
        {
            int separator = forward ? child - 1 : child;
            if (separator < 0 || separator >= parent.Count)
            {
                continue;
            }

            // A key stored in overflow pages is compared on its local bytes only when they reach the limit's length;
            // shorter, the child is kept (naming a leaf too many is harmless).
            ReadOnlySpan<byte> key = parent.LocalKey(separator, out int keyLength, out uint chain);
            if (chain != 0 && key.Length < Math.Min(keyLength, limit.Length))
            {
                continue;
            }

            // Backward, a separator equal to the limit (not merely starting with it) bounds keys below the limit.
            int order = key[..Math.Min(key.Length, limit.Length)].SequenceCompareTo(limit);
            if (forward ? order > 0 : order < 0 || (order == 0 && keyLength <= limit.Length))
            {
                return child - step;
            }
        }

        return to;
    }

    // Called with the parent of the leaves after the cursor moved to child _indices[level] of it.
    private void ReadAheadLeaves(in NodeReader parent, int level, bool forward)
    {
        int current = _indices[level];
        _leafSteps++;
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
        int window = forward ? Math.Min(parent.Count, current + _aheadWindow) : Math.Max(0, current - _aheadWindow);
        int to = LastChildWithinLimit(parent, from, window, forward);
        Span<uint> pages = stackalloc uint[MaxReadAhead];
        int count = 0;
        for (int child = from; forward ? child <= to : child >= to; child += forward ? 1 : -1)
        {
            pages[count++] = parent.Child(child);
        }

        if (count > 0)
        {
            // The hints of a scan's first leaves are loaded in line, and so is a hint that reaches the end of the range
            // (the limit cut it short): most scans (a short range, a page of results) end within them, and for those a
            // hand-off to another thread, and waiting on it for each leaf, costs more than the loads it overlaps.
            // Only a scan that goes on past that is long enough for the background load to pay.
            _tx.ReadAhead(pages[..count], inBackground: _leafSteps >= InLineLeaves && to == window);
            _aheadEdge = to;
        }

        _aheadWindow = Math.Min(_aheadWindow * 2, MaxReadAhead);
    }
}
