namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The last leaf of each recently appended-to tree, as the last committed write transaction of a store left it, so an
/// append in the next transaction (an autocommit insert: one row per transaction) goes straight to that leaf instead
/// of descending from the root.
/// </summary>
/// <remarks>
/// <para>
/// A B+tree changes which leaf ends it only together with an allocation or a free (a split, a merge, an emptied leaf
/// leaving, a drop; see <see cref="IPageTransaction.ShapeStamp"/>). So the cache keeps a generation that every commit
/// with an allocation or a free moves on, and an entry counts only while its generation is the current one and the
/// asking transaction has itself allocated and freed nothing. Page contents may have changed meanwhile (rows
/// inserted, deleted or updated without a split), which is why the tree still reads the leaf and compares with its
/// last key before it appends there.
/// </para>
/// <para>
/// Only committed transactions publish (a rollback leaves the committed state, and so the cache, as it was), and only
/// while holding the store's single writer slot, as every reader does: no lock is needed. A store object starts with
/// an empty cache, so nothing survives a reopen, a VACUUM (a new store) or another process's changes (the file is
/// locked for one writing process).
/// </para>
/// </remarks>
internal sealed class RightEdgeCache
{
    // A transaction appends to a table and perhaps a few indexes; more trees than this just miss.
    private const int Capacity = 8;

    private readonly uint[] _roots = new uint[Capacity];
    private readonly uint[] _leaves = new uint[Capacity];
    private readonly long[] _generations = new long[Capacity];
    // What the transaction holding the writer slot noted (one or two trees a statement): root, leaf, its shape stamp.
    private const int PendingCapacity = 4;

    private readonly uint[] _pendingRoots = new uint[PendingCapacity];
    private readonly uint[] _pendingLeaves = new uint[PendingCapacity];
    private readonly long[] _pendingShapes = new long[PendingCapacity];
    private long _generation = 1;
    private int _next;
    private int _pendingCount;

    /// <summary>The remembered last leaf of the tree at <paramref name="rootPage"/>, or 0 when none is current.</summary>
    /// <param name="rootPage">The tree's root page.</param>
    /// <returns>The leaf's page number, or 0.</returns>
    public uint Find(uint rootPage)
    {
        for (int i = 0; i < Capacity; i++)
        {
            if (_roots[i] == rootPage && _generations[i] == _generation)
            {
                return _leaves[i];
            }
        }

        return 0;
    }

    /// <summary>
    /// Notes, for the transaction holding the writer slot, that <paramref name="leaf"/> ends the tree at
    /// <paramref name="rootPage"/> while its shape stamp is <paramref name="shapeStamp"/>.
    /// </summary>
    /// <param name="rootPage">The tree's root page.</param>
    /// <param name="leaf">Its last leaf.</param>
    /// <param name="shapeStamp">The transaction's <see cref="IPageTransaction.ShapeStamp"/>.</param>
    public void Note(uint rootPage, uint leaf, long shapeStamp)
    {
        int slot = 0;
        while (slot < _pendingCount && _pendingRoots[slot] != rootPage)
        {
            slot++;
        }

        if (slot == PendingCapacity)
        {
            // More trees than a statement usually appends to: the later ones are not carried over.
            return;
        }

        _pendingCount = Math.Max(_pendingCount, slot + 1);
        _pendingRoots[slot] = rootPage;
        _pendingLeaves[slot] = leaf;
        _pendingShapes[slot] = shapeStamp;
    }

    /// <summary>
    /// The transaction holding the writer slot committed with <paramref name="shapeStamp"/>: the generation moves on
    /// when it allocated or freed a page (forgetting every entry), then each leaf it noted under that final stamp is
    /// kept (one noted before a later allocation or free may no longer end its tree).
    /// </summary>
    /// <param name="shapeStamp">The transaction's final <see cref="IPageTransaction.ShapeStamp"/> (0: nothing allocated or freed).</param>
    public void Publish(long shapeStamp)
    {
        if (shapeStamp != 0)
        {
            _generation++;
        }

        for (int i = 0; i < _pendingCount; i++)
        {
            if (_pendingShapes[i] == shapeStamp)
            {
                Set(_pendingRoots[i], _pendingLeaves[i]);
            }
        }

        _pendingCount = 0;
    }

    /// <summary>Forgets what the transaction holding the writer slot noted: it ended (a commit has published already).</summary>
    public void EndTransaction() => _pendingCount = 0;

    private void Set(uint rootPage, uint leaf)
    {
        int slot = -1;
        for (int i = 0; i < Capacity; i++)
        {
            if (_roots[i] == rootPage)
            {
                slot = i;
                break;
            }
        }

        if (slot < 0)
        {
            slot = _next;
            _next = (_next + 1) % Capacity;
        }

        _roots[slot] = rootPage;
        _leaves[slot] = leaf;
        _generations[slot] = _generation;
    }
}
