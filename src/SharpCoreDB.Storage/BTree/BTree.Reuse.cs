using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>
/// Tree objects reused from one transaction to the next. An autocommit statement is a transaction of its own, and a
/// transaction makes one tree object per tree it touches (a delete by key: the table's and an index's), each about
/// 230 bytes with its hint and edge buffers; a durable delete allocated more for its trees than for anything else.
/// The owner of a transaction hands its trees back when the transaction ends, and the next one on the thread takes
/// them again.
/// </content>
internal sealed partial class BTree
{
    // A statement touches one or two trees, a cascade or a multi-index table a few more: beyond that, new objects.
    private const int SpareLimit = 4;

    // Thread-static (runtime naming: t_): a transaction's trees are handed back by the thread that ends it, and taken
    // by whichever transaction next opens a tree on that thread; no lock is needed.
    [ThreadStatic]
    private static BTree?[]? t_spares;

    [ThreadStatic]
    private static int t_spareCount;

    /// <summary>
    /// Opens the tree whose root is <paramref name="rootPage"/> in <paramref name="tx"/>, as the constructor does, in
    /// a tree object handed back with <see cref="Return"/> on this thread when there is one.
    /// </summary>
    /// <param name="tx">The transaction whose pages hold the tree.</param>
    /// <param name="rootPage">The root page.</param>
    /// <param name="comparer">The key order, or null for byte order.</param>
    /// <returns>A tree object in the state the constructor leaves.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="tx"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As the constructor.</exception>
    public static BTree Rent(IPageTransaction tx, uint rootPage, BTreeKeyComparer? comparer)
    {
        BTree?[]? spares = t_spares;
        if (spares is null || t_spareCount == 0)
        {
            return new BTree(tx, rootPage, comparer);
        }

        ArgumentNullException.ThrowIfNull(tx);
        ArgumentOutOfRangeException.ThrowIfZero(rootPage);
        CheckUsableSize(tx.UsableSize);
        int last = --t_spareCount;
        BTree tree = spares[last]!;
        spares[last] = null;
        tree.Open(tx, rootPage, comparer);
        return tree;
    }

    /// <summary>
    /// Hands the tree object back for <see cref="Rent"/>, once its transaction is over. The caller must hold the only
    /// reference the transaction gave out: the object may serve another transaction at once. A tree that a cursor
    /// still names (one not disposed) is left to the collector instead, so such a cursor can never reach the next
    /// transaction's pages.
    /// </summary>
    public void Return()
    {
        if (_openCursors is not null || _scratch is not null)
        {
            return;
        }

        BTree?[] spares = t_spares ??= new BTree?[SpareLimit];
        if (t_spareCount == spares.Length)
        {
            return;
        }

        // A spare names no transaction (nor keeps its cursor): Rent opens it again before anyone uses it.
        Open(tx: null!, rootPage: 0, comparer: null);
        spares[t_spareCount++] = this;
    }

    // Sets every field to what the constructor leaves for this transaction and root (BTreeReuseTests compares every
    // field of a reused object with a new one's, so a field added without a line here fails there).
    private void Open(IPageTransaction tx, uint rootPage, BTreeKeyComparer? comparer)
    {
        _tx = tx;
        _root = rootPage;
        _comparer = comparer;
        _usableSize = tx?.UsableSize ?? 0;
        MaxCellFootprint = tx is null ? 0 : ValueSpill.MaxLeafCellFootprint(_usableSize);
        MaxLocalKeySize = tx is null ? 0 : MaxLocalKeySizeFor(_usableSize);
        _scratch = null;
        _openCursors = null;
        _idleCursor = null;
        _dropped = false;
        _edgeKey = default;
        _edgeKeyLength = 0;
        _edgeCount = 0;
        _edgeLeaf = 0;
        _edgeStamp = 0;
        _edgeShape = 0;
        _carriedMissed = false;
        _hintShape = 0;
        _hintLeafLevel = -1;
        _hintPages = default;
        _hintIndexes = default;
        _hintLow = default;
        _hintHigh = default;
        _hintLowLength = 0;
        _hintHighLength = 0;
        _hintUnusable = false;
        _parentLow = default;
        _parentHigh = default;
        _parentLowLength = 0;
        _parentHighLength = 0;
        _parentUsable = false;
    }
}
