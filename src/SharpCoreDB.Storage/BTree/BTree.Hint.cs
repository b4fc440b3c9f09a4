using System.Diagnostics;
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>
/// The remembered leaf. Every descent records the path it took and the key range of the leaf it reached (the
/// tightest separators on the way down), so the next lookup, insert or delete of a key in that range goes straight
/// to the leaf instead of reading the interior nodes again: deleting a range, or reading a row and then deleting
/// it, descends once per leaf rather than once per key (SQLite deletes along a cursor for the same reason). The range
/// of the leaf's parent is remembered too: a key outside the leaf but inside its parent starts its descent at the
/// parent instead of the root (the rows a cascade deletes, scattered over one subtree of a table, skip the levels above).
/// </content>
/// <remarks>
/// A leaf's key range is set by the separators above it, and those change only when the tree's shape changes: a
/// split, a merge, an emptied node leaving, a root collapse. Each of those allocates or frees a page, which moves the
/// transaction's <see cref="IPageTransaction.ShapeStamp"/>, and a hint recorded under another stamp is ignored. So
/// the hint survives ordinary inserts and deletes in a leaf (in this tree or any other), and no change made through
/// any tree instance of the transaction can leave it pointing at the wrong page.
/// </remarks>
internal sealed partial class BTree
{
    // Deeper paths are not remembered: a tree of 4 KiB pages needs more than 6 levels only past billions of keys.
    // Both bounds keep the tree object small, since a transaction makes one per tree it touches.
    private const int HintDepth = 6;

    // Longer separators are not copied; a leaf whose range needs one gets no hint. Separators are the shortest
    // prefixes that tell two neighbouring keys apart, so even index keys of long texts rarely need more.
    private const int FenceCapacity = 24;

    // The transaction's shape stamp when the hint was recorded (see the remarks): a hint from an older shape is stale.
    private long _hintShape;
    private int _hintLeafLevel = -1;
    private HintPages _hintPages;
    private HintIndexes _hintIndexes;

    // The leaf's range: keys k with low ≤ k < high; a length of -1 means unbounded on that side.
    private FenceKey _hintLow;
    private FenceKey _hintHigh;
    private int _hintLowLength;
    private int _hintHighLength;

    // Set while recording when a fence was too long to copy: the descent then leaves no hint.
    private bool _hintUnusable;

    // The range of the last interior node of the recorded descent (the leaf's parent), same conventions as the leaf's;
    // usable only when every fence above it could be copied.
    private FenceKey _parentLow;
    private FenceKey _parentHigh;
    private int _parentLowLength;
    private int _parentHighLength;
    private bool _parentUsable;

    /// <summary>Starts recording a descent from the root: the range is the whole key space.</summary>
    private void BeginHint()
    {
        _hintLeafLevel = -1;
        _hintLowLength = -1;
        _hintHighLength = -1;
        _hintUnusable = false;
        _parentUsable = false;
    }

    /// <summary>
    /// Starts recording a descent that begins at the remembered parent (see <see cref="TryHintedParent"/>): the levels
    /// above it stay as recorded, and the range starts as the parent's.
    /// </summary>
    private void ResumeHintAtParent()
    {
        _hintLeafLevel = -1;
        _hintUnusable = false;
        _hintLowLength = _parentLowLength;
        _hintHighLength = _parentHighLength;
        if (_parentLowLength > 0)
        {
            ((ReadOnlySpan<byte>)_parentLow)[.._parentLowLength].CopyTo(_hintLow);
        }

        if (_parentHighLength > 0)
        {
            ((ReadOnlySpan<byte>)_parentHigh)[.._parentHighLength].CopyTo(_hintHigh);
        }
    }

    /// <summary>Records one interior level of a descent: the page, the child taken, and the separators around it.</summary>
    private void NoteHintLevel(int level, uint page, in NodeReader node, int childIndex)
    {
        if (level >= HintDepth)
        {
            _hintUnusable = true;
            return;
        }

        _hintPages[level] = page;
        _hintIndexes[level] = (ushort)childIndex;

        // The fences so far bound this node: should it be the leaf's parent, a later descent may start here.
        _parentUsable = !_hintUnusable;
        _parentLowLength = _hintLowLength;
        _parentHighLength = _hintHighLength;
        if (_parentUsable && _hintLowLength > 0)
        {
            ((ReadOnlySpan<byte>)_hintLow)[.._hintLowLength].CopyTo(_parentLow);
        }

        if (_parentUsable && _hintHighLength > 0)
        {
            ((ReadOnlySpan<byte>)_hintHigh)[.._hintHighLength].CopyTo(_parentHigh);
        }

        // The child holds keys from the separator left of it (inclusive) to the one right of it (exclusive); a level
        // further down only narrows that, so the deepest separator on each side is the leaf's bound.
        if (childIndex > 0)
        {
            _hintLowLength = CopyFence(node, childIndex - 1, _hintLow);
        }

        if (childIndex < node.Count)
        {
            _hintHighLength = CopyFence(node, childIndex, _hintHigh);
        }
    }

    /// <summary>Ends recording at the leaf on <paramref name="level"/>.</summary>
    private void EndHint(int level, uint leaf)
    {
        if (_hintUnusable || level >= HintDepth)
        {
            return;
        }

        _hintPages[level] = leaf;
        _hintLeafLevel = level;
        _hintShape = _tx.ShapeStamp;
    }

    /// <summary>
    /// True when the remembered leaf's range holds <paramref name="key"/> and the shape has not changed since it was
    /// recorded: the key is then in that leaf or nowhere. Reads no page.
    /// </summary>
    private bool TryHintedLeaf(ReadOnlySpan<byte> key, out int leafLevel)
    {
        leafLevel = _hintLeafLevel;
        return leafLevel >= 0
            && _hintShape == _tx.ShapeStamp
            && (_hintLowLength < 0 || CompareKeys(key, ((ReadOnlySpan<byte>)_hintLow)[.._hintLowLength]) >= 0)
            && (_hintHighLength < 0 || CompareKeys(key, ((ReadOnlySpan<byte>)_hintHigh)[.._hintHighLength]) < 0);
    }

    /// <summary>
    /// True when the remembered leaf's parent (an interior node below the root) holds <paramref name="key"/> in its
    /// range under an unchanged shape: a descent may start at <paramref name="level"/> instead of the root, since the
    /// key is in that subtree or nowhere. Reads no page. Call after <see cref="TryHintedLeaf"/> failed.
    /// </summary>
    private bool TryHintedParent(ReadOnlySpan<byte> key, out int level)
    {
        level = _hintLeafLevel - 1;
        return level >= 1
            && _parentUsable
            && _hintShape == _tx.ShapeStamp
            && (_parentLowLength < 0 || CompareKeys(key, ((ReadOnlySpan<byte>)_parentLow)[.._parentLowLength]) >= 0)
            && (_parentHighLength < 0 || CompareKeys(key, ((ReadOnlySpan<byte>)_parentHigh)[.._parentHighLength]) < 0);
    }

    /// <summary>True when the remembered parent is on the right edge of the tree (its range is unbounded above).</summary>
    private bool HintedParentIsRightEdge => _parentHighLength < 0;

    /// <summary>The remembered leaf's page (valid after <see cref="TryHintedLeaf"/> returned true).</summary>
    private uint HintedLeaf => _hintPages[_hintLeafLevel];

    /// <summary>True when the remembered leaf is the last of the tree (its range is unbounded above).</summary>
    private bool HintedLeafIsRightEdge => _hintHighLength < 0;

    /// <summary>Copies the remembered path above the leaf into the write scratch, as a descent would have recorded it.</summary>
    private void CopyHintedPath(WriteScratch scratch)
    {
        CopyHintedPath(scratch, _hintLeafLevel);
        scratch.PathPages[_hintLeafLevel] = _hintPages[_hintLeafLevel];
    }

    /// <summary>Copies the remembered pages and child indexes of the levels above <paramref name="levels"/> into the write scratch.</summary>
    private void CopyHintedPath(WriteScratch scratch, int levels)
    {
        for (int level = 0; level < levels; level++)
        {
            scratch.PathPages[level] = _hintPages[level];
            scratch.PathIndex[level] = _hintIndexes[level];
        }
    }

    /// <summary>Forgets the remembered leaf (it turned out not to be a leaf: a stale hint must never be used twice).</summary>
    private void DropHint() => _hintLeafLevel = -1;

    /// <summary>Copies separator <paramref name="index"/> into <paramref name="fence"/>; returns its length, or -1 (and marks the hint unusable) when it does not fit.</summary>
    private int CopyFence(in NodeReader node, int index, Span<byte> fence)
    {
        ReadOnlySpan<byte> key = node.LocalKey(index, out int keyLength, out uint chain);
        if (chain != 0 || keyLength > FenceCapacity)
        {
            _hintUnusable = true;
            return -1;
        }

        key.CopyTo(fence);
        return keyLength;
    }

    /// <summary>Reads the remembered leaf when <paramref name="key"/> is in its range; false (nothing read) otherwise.</summary>
    private bool TryReadHintedLeaf(ReadOnlySpan<byte> key, out PageLease lease)
    {
        if (!TryHintedLeaf(key, out _))
        {
            lease = default;
            return false;
        }

        uint page = HintedLeaf;
        lease = _tx.Read(page);
        bool isLeaf = false;
        try
        {
            isLeaf = new NodeReader(lease.Data, page).IsLeaf;
        }
        finally
        {
            if (!isLeaf)
            {
                lease.Dispose();
            }
        }

        if (!isLeaf)
        {
            // The shape bookkeeping says this cannot happen; if it does, a descent from the root finds the way.
            Debug.Assert(false, $"The remembered leaf {page} is not a leaf under an unchanged shape.");
            lease = default;
            DropHint();
            return false;
        }

        return true;
    }

    [InlineArray(HintDepth)]
    private struct HintPages
    {
        private uint _first;
    }

    // Child indexes fit 16 bits: a node holds at most a page's worth of 2-byte slots.
    [InlineArray(HintDepth)]
    private struct HintIndexes
    {
        private ushort _first;
    }

    [InlineArray(FenceCapacity)]
    private struct FenceKey
    {
        private byte _first;
    }
}
