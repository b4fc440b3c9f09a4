using System.Diagnostics;
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// A B+tree of variable-length byte keys (ordered by <c>memcmp</c>, i.e. <see cref="MemoryExtensions.SequenceCompareTo{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>,
/// or by a <see cref="BTreeKeyComparer"/> given when the tree is opened) and variable-length byte values, stored in the pages of one <see cref="IPageTransaction"/>. Tables and indexes
/// both use it; the page layout is documented on <see cref="NodeLayout"/>.
/// </summary>
/// <remarks>
/// <para>A tree is named by its root page number, which never changes for the life of the tree: a root split
/// moves the root's content into two new children and keeps the root page, and a root that shrinks to a single
/// child absorbs that child. So the catalog can store roots once.</para>
/// <para>Keys and values may be any length. A key of up to <see cref="MaxLocalKeySize"/> bytes (a quarter of the node
/// space less the cell overhead, so every node holds at least four cells) sits whole in its cell; a longer key keeps
/// a prefix in the cell and its tail in a chain of overflow pages, in leaves and interior separators alike, and a
/// comparison reads the chain only when the prefix does not decide. A value whose cell would exceed
/// <see cref="MaxCellFootprint"/> (half the node space) keeps a prefix in its cell and the rest in a chain of its own,
/// sized by SQLite's rule (see <see cref="ValueSpill"/>). Every chain belongs to one cell and is freed with it.</para>
/// <para>Deletion merges a node that falls below a third full into a sibling when the two fit in one page, and
/// always removes empty leaves, so freed pages return to the transaction and the file does not grow under churn.
/// There is no redistribution between siblings that do not fit together: that keeps the code small and the cost
/// of a delete bounded, at the price of nodes that may stay sparsely filled next to full neighbours.</para>
/// <para>Damaged pages raise <see cref="SharpCoreDBErrorCode.Corrupt"/> naming the page. A modifying call checks what it
/// reads before it writes where that is cheap (node headers, cells, the overflow chain it replaces), but an error
/// from the transaction itself (I/O, allocation) can leave a change half made: roll the transaction back.</para>
/// <para>An instance is bound to one transaction and is not thread-safe. Open cursors (<see cref="OpenCursor"/>)
/// are invalidated by every modification made through this instance; see <see cref="BTreeCursor"/>.</para>
/// </remarks>
internal sealed partial class BTree
{
    /// <summary>The deepest tree accepted; deeper means a cycle or damage (a real tree this deep would hold 2^48 nodes).</summary>
    public const int MaxDepth = 48;

    /// <summary>The smallest usable page size the tree works with.</summary>
    public const int MinUsableSize = 256;

    /// <summary>The largest usable page size: offsets inside a node are 16-bit.</summary>
    public const int MaxUsableSize = ushort.MaxValue;

    // Not readonly: a tree object handed back with Return is opened again by Rent for another transaction.
    private IPageTransaction _tx;
    private uint _root;
    private int _usableSize;
    private BTreeKeyComparer? _comparer;
    private WriteScratch? _scratch;
    private BTreeCursor? _openCursors;

    // A cursor handed back with BTreeCursor.Return, for the next RentCursor: a statement that seeks once per row (a
    // foreign-key probe, an index scan opened once per cascaded parent) reuses one cursor instead of allocating one each time.
    private BTreeCursor? _idleCursor;
    private bool _dropped;

    /// <summary>Opens the tree whose root is <paramref name="rootPage"/> in <paramref name="tx"/>.</summary>
    /// <param name="tx">The transaction whose pages hold the tree.</param>
    /// <param name="rootPage">The root page, as returned by <see cref="Create"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="tx"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="rootPage"/> is 0, or the usable page size is outside [<see cref="MinUsableSize"/>, <see cref="MaxUsableSize"/>].</exception>
    public BTree(IPageTransaction tx, uint rootPage)
        : this(tx, rootPage, null)
    {
    }

    /// <summary>Opens the tree whose root is <paramref name="rootPage"/>, ordered by <paramref name="comparer"/>.</summary>
    /// <param name="tx">The transaction whose pages hold the tree.</param>
    /// <param name="rootPage">The root page, as returned by <see cref="Create"/>.</param>
    /// <param name="comparer">
    /// The key order, or null for byte order. A tree must always be opened with the order it was built in: the pages
    /// do not record it.
    /// </param>
    /// <exception cref="ArgumentNullException"><paramref name="tx"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="rootPage"/> is 0, or the usable page size is outside [<see cref="MinUsableSize"/>, <see cref="MaxUsableSize"/>].</exception>
    public BTree(IPageTransaction tx, uint rootPage, BTreeKeyComparer? comparer)
    {
        ArgumentNullException.ThrowIfNull(tx);
        ArgumentOutOfRangeException.ThrowIfZero(rootPage);
        CheckUsableSize(tx.UsableSize);
        _tx = tx;
        _root = rootPage;
        _usableSize = tx.UsableSize;
        _comparer = comparer;
        MaxCellFootprint = ValueSpill.MaxLeafCellFootprint(_usableSize);
        MaxLocalKeySize = MaxLocalKeySizeFor(_usableSize);
    }

    /// <summary>The root page number: the tree's name, fixed for its whole life.</summary>
    public uint RootPage => _root;

    /// <summary>The longest key, in bytes, held whole in its cell (depends on the usable page size); longer keys overflow.</summary>
    public int MaxLocalKeySize { get; private set; }

    /// <summary>The most bytes one leaf cell and its slot may take: half the node space (see <see cref="ValueSpill"/>).</summary>
    public int MaxCellFootprint { get; private set; }

    /// <summary>The key order the tree was opened with, or null for byte order.</summary>
    public BTreeKeyComparer? Comparer => _comparer;

    /// <summary>The transaction the tree works in.</summary>
    public IPageTransaction Transaction => _tx;

    /// <summary>A node's space for slots and cells.</summary>
    private int NodeCapacity => _usableSize - NodeLayout.HeaderSize;

    /// <summary>Below this many used bytes a node tries to merge with a sibling.</summary>
    private int UnderflowThreshold => NodeCapacity / 3;

    /// <summary>The buffers and path of the write in progress (see <see cref="BeginWrite"/>).</summary>
    private WriteScratch Scratch
    {
        get
        {
            Debug.Assert(_scratch is not null, "B+tree write helpers run only inside BeginWrite/EndWrite.");
            return _scratch;
        }
    }

    /// <summary>The longest key held whole in a cell for pages of <paramref name="usableSize"/> usable bytes.</summary>
    /// <remarks>
    /// A key's cell (slot included) may take a quarter of the node space; a local key gets that minus the worst-case cell
    /// overhead: a 2-byte slot, a 3-byte key length, a 5-byte value length and a 4-byte overflow pointer. Files written
    /// before keys could overflow hold only keys this long, so the key length alone tells the two cell forms apart.
    /// </remarks>
    public static int MaxLocalKeySizeFor(int usableSize) => KeyCellFootprintFor(usableSize) - 14;

    /// <summary>Creates an empty tree and returns its root page.</summary>
    /// <param name="tx">A writable transaction.</param>
    /// <returns>The root page number, fixed for the life of the tree.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="tx"/> is null.</exception>
    /// <exception cref="SharpCoreDBException">ReadOnly when <paramref name="tx"/> is not writable.</exception>
    public static uint Create(IPageTransaction tx)
    {
        ArgumentNullException.ThrowIfNull(tx);
        CheckUsableSize(tx.UsableSize);
        if (!tx.IsWritable)
        {
            throw StorageErrors.ReadOnlyTreeCreate();
        }

        using PageLease lease = tx.Allocate();
        NodeWriter.Init(lease.Writable, NodeLayout.LeafKind, 0);
        return lease.PageNumber;
    }

    /// <summary>True when <paramref name="key"/> is in the tree.</summary>
    public bool ContainsKey(ReadOnlySpan<byte> key)
    {
        CheckNotDropped();
        using PageLease leaf = DescendToLeaf(key);
        var node = new NodeReader(leaf.Data, leaf.PageNumber);
        node.LowerBound(key, _tx, _comparer, out bool found);
        return found;
    }

    /// <summary>
    /// Looks <paramref name="key"/> up and copies its value into <paramref name="destination"/>, allocating nothing.
    /// </summary>
    /// <param name="key">The key.</param>
    /// <param name="destination">Receives the value when it is large enough.</param>
    /// <param name="valueLength">The value's full length (0 when not found).</param>
    /// <returns>
    /// True when the key exists. When <paramref name="valueLength"/> exceeds the destination's length nothing is
    /// copied: call again with a buffer of at least <paramref name="valueLength"/> bytes.
    /// </returns>
    public bool TryGet(ReadOnlySpan<byte> key, Span<byte> destination, out int valueLength) =>
        TryCopy(key, destination, wholeOnly: true, out valueLength);

    /// <summary>
    /// Looks <paramref name="key"/> up and copies the start of its value into <paramref name="destination"/>, reading
    /// only the overflow pages that hold that start; allocates nothing. For a caller that needs only the first part
    /// of a value that may be large (the leading columns of a record).
    /// </summary>
    /// <param name="key">The key.</param>
    /// <param name="destination">Receives the first min(its length, <paramref name="valueLength"/>) value bytes.</param>
    /// <param name="valueLength">The value's full length (0 when not found).</param>
    /// <returns>True when the key exists.</returns>
    public bool TryGetPrefix(ReadOnlySpan<byte> key, Span<byte> destination, out int valueLength) =>
        TryCopy(key, destination, wholeOnly: false, out valueLength);

    // One descent to the key's leaf; copies the value's first bytes, or (wholeOnly) the value only when it fits whole.
    private bool TryCopy(ReadOnlySpan<byte> key, Span<byte> destination, bool wholeOnly, out int valueLength)
    {
        CheckNotDropped();
        using PageLease leaf = DescendToLeaf(key);
        var node = new NodeReader(leaf.Data, leaf.PageNumber);
        int index = node.LowerBound(key, _tx, _comparer, out bool found);
        if (!found)
        {
            valueLength = 0;
            return false;
        }

        LeafCell cell = node.GetLeafCell(index);
        valueLength = cell.ValueLength;
        if (!wholeOnly || cell.ValueLength <= destination.Length)
        {
            CopyValuePrefix(leaf.Data, cell, destination.Slice(0, Math.Min(destination.Length, cell.ValueLength)), leaf.PageNumber);
        }

        return true;
    }

    /// <summary>Looks <paramref name="key"/> up and returns a copy of its value, or null when absent. Allocates the result.</summary>
    public byte[]? Get(ReadOnlySpan<byte> key)
    {
        CheckNotDropped();
        using PageLease leaf = DescendToLeaf(key);
        var node = new NodeReader(leaf.Data, leaf.PageNumber);
        int index = node.LowerBound(key, _tx, _comparer, out bool found);
        if (!found)
        {
            return null;
        }

        LeafCell cell = node.GetLeafCell(index);
        byte[] value = cell.ValueLength == 0 ? [] : GC.AllocateUninitializedArray<byte>(cell.ValueLength);
        CopyValuePrefix(leaf.Data, cell, value, leaf.PageNumber);
        return value;
    }

    /// <summary>Inserts <paramref name="key"/> unless it exists: the "must not exist" insert behind unique constraints.</summary>
    /// <returns>True when inserted; false (tree unchanged) when the key was already present.</returns>
    /// <exception cref="SharpCoreDBException">ReadOnly in a read-only transaction.</exception>
    public bool TryInsert(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value) => Put(key, value, PutMode.InsertOnly) == PutOutcome.Inserted;

    /// <summary>Inserts <paramref name="key"/> or replaces its value.</summary>
    /// <returns>True when the key was new; false when an existing value was replaced.</returns>
    /// <exception cref="SharpCoreDBException">ReadOnly in a read-only transaction.</exception>
    public bool Upsert(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value) => Put(key, value, PutMode.Upsert) == PutOutcome.Inserted;

    /// <summary>Replaces the value of an existing <paramref name="key"/>.</summary>
    /// <returns>True when replaced; false (tree unchanged) when the key was absent.</returns>
    /// <exception cref="SharpCoreDBException">ReadOnly in a read-only transaction.</exception>
    public bool Update(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value) => Put(key, value, PutMode.UpdateOnly) == PutOutcome.Replaced;

    /// <summary>Counts the entries by walking every leaf header (one page read per node, no cell parsing).</summary>
    public long Count()
    {
        CheckNotDropped();
        return CountSubtree(_root, 0);
    }

    /// <summary>
    /// Opens a cursor over this tree; dispose it when done. Creating one allocates only the cursor object (its path
    /// storage comes from a per-thread pool and goes back on dispose); moving it allocates nothing.
    /// </summary>
    public BTreeCursor OpenCursor()
    {
        CheckNotDropped();
        var cursor = new BTreeCursor(this);
        Track(cursor);
        return cursor;
    }

    /// <summary>
    /// Opens a cursor like <see cref="OpenCursor"/>, reusing the one last handed back with
    /// <see cref="BTreeCursor.Return"/> when there is one, so a caller that opens a cursor per row allocates none.
    /// Hand it back with <see cref="BTreeCursor.Return"/> (or dispose it); a returned cursor must not be touched again.
    /// </summary>
    /// <returns>An unpositioned cursor.</returns>
    public BTreeCursor RentCursor()
    {
        CheckNotDropped();
        BTreeCursor? cursor = _idleCursor;
        if (cursor is null)
        {
            return OpenCursor();
        }

        _idleCursor = null;
        cursor.Reopen();
        Track(cursor);
        return cursor;
    }

    /// <summary>Keeps a cursor, disposed by <see cref="BTreeCursor.Return"/>, for the next <see cref="RentCursor"/>.</summary>
    internal void KeepIdle(BTreeCursor cursor) => _idleCursor ??= cursor;

    // Open cursors form an intrusive list, so tracking them costs no list object per tree.
    private void Track(BTreeCursor cursor)
    {
        cursor.NextOpen = _openCursors;
        if (_openCursors is not null)
        {
            _openCursors.PreviousOpen = cursor;
        }

        _openCursors = cursor;
    }

    /// <summary>Forgets a disposed cursor.</summary>
    internal void CloseCursor(BTreeCursor cursor)
    {
        if (cursor.PreviousOpen is not null)
        {
            cursor.PreviousOpen.NextOpen = cursor.NextOpen;
        }
        else if (_openCursors == cursor)
        {
            _openCursors = cursor.NextOpen;
        }

        if (cursor.NextOpen is not null)
        {
            cursor.NextOpen.PreviousOpen = cursor.PreviousOpen;
        }

        cursor.NextOpen = null;
        cursor.PreviousOpen = null;
    }

    /// <summary>
    /// Copies the first <paramref name="destination"/>.Length bytes (at most the value's length) of a cell's value:
    /// the local bytes, then from the chain only the pages that hold the rest of the prefix.
    /// </summary>
    internal void CopyValuePrefix(ReadOnlySpan<byte> leafPage, in LeafCell cell, Span<byte> destination, uint leafPageNumber)
    {
        int head = Math.Min(cell.ValueLocalLength, destination.Length);
        leafPage.Slice(cell.ValueOffset, head).CopyTo(destination);
        if (cell.IsOverflow && destination.Length > head)
        {
            OverflowChain.ReadPrefix(_tx, cell.OverflowPage, cell.ValueChainLength, destination.Slice(head), leafPageNumber);
        }
    }

    /// <summary>
    /// Copies the first <paramref name="destination"/>.Length bytes (at most the key's length) of a key held as
    /// <paramref name="local"/> bytes and, when <paramref name="chain"/> is not 0, a chain with the rest.
    /// </summary>
    internal void CopyKey(ReadOnlySpan<byte> local, int keyLength, uint chain, Span<byte> destination, uint ownerPage)
    {
        int head = Math.Min(local.Length, destination.Length);
        local.Slice(0, head).CopyTo(destination);
        if (chain != 0 && destination.Length > local.Length)
        {
            OverflowChain.ReadPrefix(_tx, chain, keyLength - local.Length, destination.Slice(local.Length), ownerPage);
        }
    }

    /// <summary>Compares two whole keys in the tree's order (the comparer's, or bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int CompareKeys(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right) =>
        _comparer is null ? KeyBytes.Compare(left, right) : _comparer.Compare(left, right);

    /// <summary>Throws when the tree was dropped.</summary>
    internal void CheckNotDropped()
    {
        if (_dropped)
        {
            throw new InvalidOperationException($"The B+tree with root page {_root} was dropped.");
        }
    }

    /// <summary>
    /// A quarter of the node space: the budget keys are sized by, so an interior node holds at least four separators
    /// (fan-out). Values are not bound by it; their leaf cells may take half (<see cref="MaxCellFootprint"/>).
    /// </summary>
    private static int KeyCellFootprintFor(int usableSize) => (usableSize - NodeLayout.HeaderSize) / 4;

    private static void CheckUsableSize(int usableSize)
    {
        if (usableSize is < MinUsableSize or > MaxUsableSize)
        {
            throw new ArgumentOutOfRangeException(
                nameof(usableSize),
                usableSize,
                $"The B+tree needs between {MinUsableSize} and {MaxUsableSize} usable bytes per page.");
        }
    }

    /// <summary>Reads down to the leaf that would hold <paramref name="key"/> and returns its lease (caller disposes).</summary>
    private PageLease DescendToLeaf(ReadOnlySpan<byte> key)
    {
        if (TryReadHintedLeaf(key, out PageLease hinted))
        {
            return hinted;
        }

        int start = StartDescent(key, out uint page);
        for (int depth = start; ; depth++)
        {
            CheckDepth(depth, page);
            PageLease lease = _tx.Read(page);
            bool keep = false;
            try
            {
                var node = new NodeReader(lease.Data, page);
                node.PrefetchSearchPath();
                if (node.IsLeaf)
                {
                    if (depth == start && start > 0)
                    {
                        // The remembered parent is a leaf: the shape bookkeeping says this cannot happen; if it does,
                        // a descent from the root finds the way.
                        StaleParent(page);
                        return DescendToLeaf(key);
                    }

                    EndHint(depth, page);
                    keep = true;
                    return lease;
                }

                int childIndex = node.UpperBound(key, _tx, _comparer);
                NoteHintLevel(depth, page, node, childIndex);
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
    /// Reads down to the leaf for <paramref name="key"/>, recording the page and child index at every level in
    /// the scratch path. Returns the leaf's level.
    /// </summary>
    /// <param name="key">The key.</param>
    /// <param name="position">The key's lower bound in the leaf.</param>
    /// <param name="found">True when the leaf holds the key.</param>
    /// <param name="rightEdge">True when the position is past the last key of the whole tree (an append).</param>
    private int DescendForWrite(ReadOnlySpan<byte> key, out int position, out bool found, out bool rightEdge) =>
        DescendForWrite(key, lookAtChains: false, out position, out found, out rightEdge, out _);

    /// <summary>
    /// <see cref="DescendForWrite(ReadOnlySpan{byte}, out int, out bool, out bool)"/>, also telling whether the found
    /// cell has an overflow chain (value or key), read from the leaf while the descent holds it, so an overwrite that
    /// must check the old chains first does not read the leaf again for cells that have none.
    /// </summary>
    /// <param name="key">The key.</param>
    /// <param name="lookAtChains">True to parse the found cell for <paramref name="chained"/>; false leaves it false.</param>
    /// <param name="position">The key's lower bound in the leaf.</param>
    /// <param name="found">True when the leaf holds the key.</param>
    /// <param name="rightEdge">True when the position is past the last key of the whole tree (an append).</param>
    /// <param name="chained">True when the found cell has a value or key overflow chain.</param>
    private int DescendForWrite(ReadOnlySpan<byte> key, bool lookAtChains, out int position, out bool found, out bool rightEdge, out bool chained)
    {
        WriteScratch scratch = Scratch;
        if (TryReadHintedLeaf(key, out PageLease hinted))
        {
            using (hinted)
            {
                int leafLevel = _hintLeafLevel;
                CopyHintedPath(scratch);
                var leaf = new NodeReader(hinted.Data, hinted.PageNumber);
                position = leaf.LowerBound(key, _tx, _comparer, out found);
                rightEdge = HintedLeafIsRightEdge && position == leaf.Count;
                chained = lookAtChains && found && HasChain(leaf, position);
                return leafLevel;
            }
        }

        int start = StartDescent(key, out uint page);
        bool edge = start == 0 || HintedParentIsRightEdge;
        CopyHintedPath(scratch, start);
        for (int level = start; ; level++)
        {
            CheckDepth(level, page);
            scratch.PathPages[level] = page;
            using PageLease lease = _tx.Read(page);
            var node = new NodeReader(lease.Data, page);
            node.PrefetchSearchPath();
            if (node.IsLeaf)
            {
                if (level == start && start > 0)
                {
                    StaleParent(page);
                    return DescendForWrite(key, lookAtChains, out position, out found, out rightEdge, out chained);
                }

                position = node.LowerBound(key, _tx, _comparer, out found);
                rightEdge = edge && position == node.Count;
                chained = lookAtChains && found && HasChain(node, position);
                EndHint(level, page);
                return level;
            }

            int childIndex = node.UpperBound(key, _tx, _comparer);
            edge &= childIndex == node.Count;
            scratch.PathIndex[level] = childIndex;
            NoteHintLevel(level, page, node, childIndex);
            page = node.Child(childIndex);
        }
    }

    private static bool HasChain(in NodeReader leaf, int position)
    {
        LeafCell cell = leaf.GetLeafCell(position);
        return cell.IsOverflow || cell.IsKeyOverflow;
    }

    /// <summary>
    /// Where a descent that missed the remembered leaf starts: at the remembered parent when its range holds
    /// <paramref name="key"/> (the levels above it are taken from the hint), else at the root. Starts recording the hint.
    /// </summary>
    /// <param name="key">The key.</param>
    /// <param name="page">The page to read first.</param>
    /// <returns>Its level.</returns>
    private int StartDescent(ReadOnlySpan<byte> key, out uint page)
    {
        if (TryHintedParent(key, out int level))
        {
            page = _hintPages[level];
            ResumeHintAtParent();
            return level;
        }

        BeginHint();
        page = _root;
        return 0;
    }

    /// <summary>Forgets a remembered parent that turned out to be a leaf, so the next descent starts at the root.</summary>
    private void StaleParent(uint page)
    {
        Debug.Assert(false, $"The remembered parent {page} is a leaf under an unchanged shape.");
        BeginHint();
    }

    private long CountSubtree(uint page, int depth)
    {
        CheckDepth(depth, page);
        using PageLease lease = _tx.Read(page);
        var node = new NodeReader(lease.Data, page);
        if (node.IsLeaf)
        {
            return node.Count;
        }

        long total = 0;
        for (int i = 0; i <= node.Count; i++)
        {
            total += CountSubtree(node.Child(i), depth + 1);
        }

        return total;
    }

    /// <summary>Throws Corrupt when a walk goes deeper than any real tree can be (a child pointer loops).</summary>
    internal static void CheckDepth(int depth, uint page)
    {
        if (depth >= MaxDepth)
        {
            BTreeCorruption.Throw(page, $"the tree is deeper than {MaxDepth} levels (a child pointer loops)");
        }
    }

    private void CheckWritable()
    {
        CheckNotDropped();
        if (!_tx.IsWritable)
        {
            throw StorageErrors.ReadOnlyTreeChange(_root);
        }
    }

    /// <summary>Every modification first detaches the open cursors, so none keeps a page pinned that is about to change.</summary>
    private void InvalidateCursors()
    {
        for (BTreeCursor? cursor = _openCursors; cursor is not null; cursor = cursor.NextOpen)
        {
            cursor.Invalidate();
        }
    }

    /// <summary>Rents the scratch buffers and path storage for one top-level write; pair with <see cref="EndWrite"/> in a finally.</summary>
    private void BeginWrite()
    {
        Debug.Assert(_scratch is null, "A write on this tree started while another was in progress.");
        _scratch = WriteScratch.Rent(_usableSize);
    }

    /// <summary>Gives the write's scratch back, so the tree holds no buffers between writes.</summary>
    private void EndWrite()
    {
        WriteScratch? scratch = _scratch;
        _scratch = null;
        if (scratch is not null)
        {
            WriteScratch.Return(scratch);
        }
    }
}
