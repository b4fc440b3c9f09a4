using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// A position in a <see cref="BTree"/>, for point reads and range scans in either direction. Open one with
/// <see cref="BTree.OpenCursor"/> and dispose it when done (that returns its path storage to a per-thread pool);
/// moving it allocates nothing. A caller that opens one per row rents it with <see cref="BTree.RentCursor"/> and
/// hands it back with <see cref="Return"/> instead, so the tree reuses one cursor object.
/// </summary>
/// <remarks>
/// <para>While positioned, the cursor pins the current leaf page and exposes its key (and an inline value) as spans
/// into it, valid until the cursor moves. Moving within a leaf touches no other page. It also keeps the leaf's parent
/// pinned, so crossing to a neighbouring leaf under the same parent reads only that leaf; crossing to another parent
/// re-reads the recorded path above it. Leaves carry no sibling links on disk, so splits and merges only write
/// the pages whose content they change.</para>
/// <para><b>Modification.</b> Every insert, update, delete or drop through the owning <see cref="BTree"/> invalidates
/// all of its open cursors: each drops its pin at once, and any later use other than <see cref="First"/>,
/// <see cref="Last"/>, <see cref="Seek"/>, <see cref="SeekExact"/> or <see cref="Dispose"/> throws
/// <see cref="InvalidOperationException"/>. To continue a scan across a change, copy the current key first and seek
/// again (for example <c>Seek(copiedKey, BTreeSeek.Greater)</c>). Changes made through a different
/// <see cref="BTree"/> instance over the same root are not detected, so share one instance per tree in a
/// transaction.</para>
/// <para>After <see cref="MoveNext"/> or <see cref="MovePrevious"/> runs off either end the cursor is unpositioned
/// and further moves return false until it is positioned again.</para>
/// </remarks>
internal sealed partial class BTreeCursor : IDisposable
{
    private readonly BTree _tree;
    private readonly IPageTransaction _tx;
    private CursorPath? _path;
    private uint[] _pages;
    private int[] _indices;
    private PageLease _leaf;
    private bool _holdsLeaf;

    // The leaf's parent (the interior page at _pages[_leafLevel - 1]), pinned while the cursor works under it.
    private PageLease _parent;
    private bool _holdsParent;
    private int _leafLevel;
    private int _leafCount;
    private int _leafContentStart;
    private int _index;
    private LeafCell _cell;
    private CursorState _state;

    // The current key when it overflows, read whole from its chain on first use at this position (rented, returned on dispose).
    private byte[]? _longKey;
    private bool _longKeyLoaded;

    /// <summary>Creates a cursor over <paramref name="tree"/>; use <see cref="BTree.OpenCursor"/>.</summary>
    internal BTreeCursor(BTree tree)
    {
        _tree = tree;
        _tx = tree.Transaction;
        _path = CursorPath.Rent();
        _pages = _path.Pages;
        _indices = _path.Indices;
    }

    /// <summary>Makes a returned cursor usable again, unpositioned; <see cref="BTree.RentCursor"/> calls it.</summary>
    internal void Reopen()
    {
        System.Diagnostics.Debug.Assert(_state == CursorState.Disposed && !_holdsLeaf && !_holdsParent, "only a returned cursor is reopened");
        _path = CursorPath.Rent();
        _pages = _path.Pages;
        _indices = _path.Indices;
        _longKeyLoaded = false;
        ResetReadAhead();
        _aheadLimit = default;
        _state = CursorState.Unpositioned;
    }

    private enum CursorState
    {
        Unpositioned,
        Positioned,
        Invalidated,
        Disposed,
    }

    /// <summary>The next cursor in the owning tree's list of open cursors.</summary>
    internal BTreeCursor? NextOpen { get; set; }

    /// <summary>The previous cursor in the owning tree's list of open cursors.</summary>
    internal BTreeCursor? PreviousOpen { get; set; }

    /// <summary>Cache lines hinted to the CPU for the leaves this cursor stepped onto (tests: proof that a scan prefetches).</summary>
    internal long PrefetchedLines { get; private set; }

    /// <summary>True while the cursor is on an entry.</summary>
    public bool IsPositioned => _state == CursorState.Positioned;

    /// <summary>The current key, valid until the cursor moves.</summary>
    /// <remarks>A key that overflows its cell is read from its chain into a buffer the cursor keeps, once per position.</remarks>
    /// <exception cref="InvalidOperationException">The cursor is not on an entry, or the tree was modified.</exception>
    public ReadOnlySpan<byte> Key
    {
        get
        {
            EnsurePositioned();
            return _cell.IsKeyOverflow ? LongKey() : _leaf.Data.Slice(_cell.KeyOffset, _cell.KeyLength);
        }
    }

    /// <summary>The current value's length in bytes.</summary>
    /// <exception cref="InvalidOperationException">The cursor is not on an entry, or the tree was modified.</exception>
    public int ValueLength
    {
        get
        {
            EnsurePositioned();
            return _cell.ValueLength;
        }
    }

    /// <summary>True when the current value sits in the leaf, so <see cref="InlineValue"/> can read it without copying.</summary>
    /// <exception cref="InvalidOperationException">The cursor is not on an entry, or the tree was modified.</exception>
    public bool IsValueInline
    {
        get
        {
            EnsurePositioned();
            return !_cell.IsOverflow;
        }
    }

    /// <summary>The current value in place, valid until the cursor moves. Only for inline values.</summary>
    /// <exception cref="InvalidOperationException">The value lives in an overflow chain (use <see cref="CopyValueTo"/>), the cursor is not on an entry, or the tree was modified.</exception>
    public ReadOnlySpan<byte> InlineValue
    {
        get
        {
            EnsurePositioned();
            if (_cell.IsOverflow)
            {
                throw new InvalidOperationException($"The {_cell.ValueLength}-byte value lives in overflow pages; copy it out with CopyValueTo.");
            }

            return _leaf.Data.Slice(_cell.ValueOffset, _cell.ValueLength);
        }
    }

    /// <summary>
    /// The current value's bytes held in the leaf, in place, valid until the cursor moves: the whole value when it is
    /// inline, else its prefix (the rest is in overflow pages; see <see cref="CopyValuePrefixTo"/>).
    /// </summary>
    /// <exception cref="InvalidOperationException">The cursor is not on an entry, or the tree was modified.</exception>
    public ReadOnlySpan<byte> LocalValue
    {
        get
        {
            EnsurePositioned();
            return _leaf.Data.Slice(_cell.ValueOffset, _cell.ValueLocalLength);
        }
    }

    /// <summary>
    /// Copies the first <paramref name="destination"/>.Length bytes of the current value, reading only the overflow
    /// pages that hold them: for a caller that needs the start of a large value (a column before a large one).
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is longer than <see cref="ValueLength"/>.</exception>
    /// <exception cref="InvalidOperationException">The cursor is not on an entry, or the tree was modified.</exception>
    public void CopyValuePrefixTo(Span<byte> destination)
    {
        EnsurePositioned();
        if (destination.Length > _cell.ValueLength)
        {
            throw new ArgumentException($"The destination asks for {destination.Length} bytes; the value has {_cell.ValueLength}.", nameof(destination));
        }

        _tree.CopyValuePrefix(_leaf.Data, _cell, destination, _leaf.PageNumber);
    }

    /// <summary>Copies the current value (inline or from overflow pages) to the start of <paramref name="destination"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="ValueLength"/>.</exception>
    /// <exception cref="InvalidOperationException">The cursor is not on an entry, or the tree was modified.</exception>
    public void CopyValueTo(Span<byte> destination)
    {
        EnsurePositioned();
        if (destination.Length < _cell.ValueLength)
        {
            throw new ArgumentException($"The destination holds {destination.Length} bytes; the value has {_cell.ValueLength}.", nameof(destination));
        }

        _tree.CopyValuePrefix(_leaf.Data, _cell, destination.Slice(0, _cell.ValueLength), _leaf.PageNumber);
    }

    /// <summary>Returns a copy of the current value. Allocates the result.</summary>
    /// <exception cref="InvalidOperationException">The cursor is not on an entry, or the tree was modified.</exception>
    public byte[] GetValue()
    {
        EnsurePositioned();
        byte[] value = _cell.ValueLength == 0 ? [] : GC.AllocateUninitializedArray<byte>(_cell.ValueLength);
        _tree.CopyValuePrefix(_leaf.Data, _cell, value, _leaf.PageNumber);
        return value;
    }

    /// <summary>Moves to the smallest key.</summary>
    /// <returns>False when the tree is empty.</returns>
    public bool First()
    {
        Begin();
        return DescendEdge(_tree.RootPage, 0, toLast: false, expectedLeafLevel: -1);
    }

    /// <summary>Moves to the largest key.</summary>
    /// <returns>False when the tree is empty.</returns>
    public bool Last()
    {
        Begin();
        return DescendEdge(_tree.RootPage, 0, toLast: true, expectedLeafLevel: -1);
    }

    /// <summary>Moves to the first key ≥ / &gt; or the last key ≤ / &lt; <paramref name="key"/>, as <paramref name="mode"/> says.</summary>
    /// <returns>False (cursor unpositioned) when no key qualifies.</returns>
    public bool Seek(ReadOnlySpan<byte> key, BTreeSeek mode)
    {
        Begin();
        PageLease lease = DescendTo(key);
        bool attached = false;
        try
        {
            var node = new NodeReader(lease.Data, lease.PageNumber);
            int position = mode switch
            {
                BTreeSeek.GreaterOrEqual => node.LowerBound(key, _tx, _tree.Comparer, out _),
                BTreeSeek.Greater => node.UpperBound(key, _tx, _tree.Comparer),
                BTreeSeek.LessOrEqual => node.UpperBound(key, _tx, _tree.Comparer) - 1,
                BTreeSeek.Less => node.LowerBound(key, _tx, _tree.Comparer, out _) - 1,
                _ => throw new ArgumentOutOfRangeException(nameof(mode), mode, "Unknown seek mode."),
            };

            if (position >= 0 && position < node.Count)
            {
                Attach(lease, node, position);
                attached = true;
                return true;
            }
        }
        finally
        {
            if (!attached)
            {
                lease.Dispose();
            }
        }

        // Past this leaf's edge: the answer, if any, is at the near end of the neighbouring leaf.
        return mode is BTreeSeek.GreaterOrEqual or BTreeSeek.Greater ? StepToNextLeaf() : StepToPreviousLeaf();
    }

    /// <summary>Moves to <paramref name="key"/> itself, for a point read whose value can then be read in place.</summary>
    /// <returns>False (cursor unpositioned) when the key is absent.</returns>
    public bool SeekExact(ReadOnlySpan<byte> key)
    {
        Begin();
        PageLease lease = DescendTo(key);
        bool attached = false;
        try
        {
            var node = new NodeReader(lease.Data, lease.PageNumber);
            int position = node.LowerBound(key, _tx, _tree.Comparer, out bool found);
            if (found)
            {
                Attach(lease, node, position);
                attached = true;
            }

            return found;
        }
        finally
        {
            if (!attached)
            {
                lease.Dispose();
            }
        }
    }

    /// <summary>Moves to the next larger key.</summary>
    /// <returns>False at the end (the cursor becomes unpositioned) or when not positioned.</returns>
    /// <exception cref="InvalidOperationException">The tree was modified since the cursor was positioned.</exception>
    public bool MoveNext()
    {
        if (!CanMove())
        {
            return false;
        }

        if (++_index < _leafCount)
        {
            _longKeyLoaded = false;
            NodeReader.ForValidatedLeaf(_leaf.Data, _leaf.PageNumber, _leafCount, _leafContentStart).ReadLeafCell(_index, ref _cell);
            return true;
        }

        return StepToNextLeaf();
    }

    /// <summary>Moves to the next smaller key.</summary>
    /// <returns>False at the start (the cursor becomes unpositioned) or when not positioned.</returns>
    /// <exception cref="InvalidOperationException">The tree was modified since the cursor was positioned.</exception>
    public bool MovePrevious()
    {
        if (!CanMove())
        {
            return false;
        }

        if (--_index >= 0)
        {
            _longKeyLoaded = false;
            NodeReader.ForValidatedLeaf(_leaf.Data, _leaf.PageNumber, _leafCount, _leafContentStart).ReadLeafCell(_index, ref _cell);
            return true;
        }

        return StepToPreviousLeaf();
    }

    /// <summary>Releases the pinned page and detaches the cursor from its tree.</summary>
    public void Dispose()
    {
        if (_state == CursorState.Disposed)
        {
            return;
        }

        ReleaseLeaf();
        ReleaseParent();
        _state = CursorState.Disposed;
        _aheadLimit = default;
        if (_longKey is not null)
        {
            ArrayPool<byte>.Shared.Return(_longKey, clearArray: true);
            _longKey = null;
        }

        // Every entry point checks for Disposed before touching the path, so it can go back to the pool now.
        _pages = [];
        _indices = [];
        if (_path is not null)
        {
            CursorPath.Return(_path);
            _path = null;
        }

        _tree.CloseCursor(this);
    }

    /// <summary>
    /// Disposes the cursor and hands it back to its tree, which gives it out again from <see cref="BTree.RentCursor"/>:
    /// the caller must not touch it afterwards (unlike a disposed cursor, it may be in use elsewhere).
    /// </summary>
    public void Return()
    {
        bool wasOpen = _state != CursorState.Disposed;
        Dispose();
        if (wasOpen)
        {
            _tree.KeepIdle(this);
        }
    }

    /// <summary>Called by the tree before it changes any page: unpin, and refuse reads until re-positioned.</summary>
    internal void Invalidate()
    {
        ReleaseLeaf();
        ReleaseParent();
        if (_state == CursorState.Positioned)
        {
            _state = CursorState.Invalidated;
        }
    }

    private ReadOnlySpan<byte> LongKey()
    {
        int length = _cell.KeyLength;
        if (!_longKeyLoaded)
        {
            if (_longKey is null || _longKey.Length < length)
            {
                if (_longKey is not null)
                {
                    ArrayPool<byte>.Shared.Return(_longKey, clearArray: true);
                }

                // Null first, so a failed rent leaves no returned buffer behind.
                _longKey = null;
                _longKey = ArrayPool<byte>.Shared.Rent(length);
            }

            _tree.CopyKey(_leaf.Data.Slice(_cell.KeyOffset, _cell.KeyLocalLength), length, _cell.KeyOverflowPage, _longKey.AsSpan(0, length), _leaf.PageNumber);
            _longKeyLoaded = true;
        }

        return _longKey.AsSpan(0, length);
    }

    private void Begin()
    {
        ObjectDisposedException.ThrowIf(_state == CursorState.Disposed, this);
        _tree.CheckNotDropped();
        ReleaseLeaf();
        ReleaseParent();
        ResetReadAhead();
        _state = CursorState.Unpositioned;
    }

    // Called per row of a scan: a positioned cursor is usable, so only the other states take the checks' call.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool CanMove()
    {
        if (_state == CursorState.Positioned)
        {
            return true;
        }

        EnsureUsable();
        return false;
    }

    private void EnsureUsable()
    {
        ObjectDisposedException.ThrowIf(_state == CursorState.Disposed, this);
        if (_state == CursorState.Invalidated)
        {
            throw new InvalidOperationException($"The B+tree with root page {_tree.RootPage} was modified after this cursor was positioned; seek again.");
        }
    }

    // Called per row by every accessor: the check inlines, the throwing path does not.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnsurePositioned()
    {
        if (_state != CursorState.Positioned)
        {
            ThrowNotPositioned();
        }
    }

    [DoesNotReturn]
    private void ThrowNotPositioned()
    {
        EnsureUsable();
        throw new InvalidOperationException("The cursor is not on an entry; position it with First, Last or Seek.");
    }
}
