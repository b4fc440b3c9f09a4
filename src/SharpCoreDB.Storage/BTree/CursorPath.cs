namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// The interior pages and child indexes a <see cref="BTreeCursor"/> recorded on its way down, kept so it can step
/// to a neighbouring leaf. Cursors rent one when opened and return it when disposed, from a small per-thread pool,
/// so opening a cursor for a point read does not allocate path storage every time.
/// </summary>
/// <remarks>
/// A thread may hold several cursors at once (a join, a subquery, an index scan with its table cursor), so the
/// pool keeps a few paths rather than one. A cursor never disposed just leaves its path to the garbage collector.
/// </remarks>
internal sealed class CursorPath
{
    // How many free paths a thread keeps: enough for the cursors a query nests, small enough to not matter.
    private const int PoolLimit = 8;

    // Thread-static (runtime naming: t_): each thread rents and returns without locking.
    [ThreadStatic]
    private static CursorPath? t_free;

    [ThreadStatic]
    private static int t_freeCount;

    private CursorPath? _nextFree;

    private CursorPath()
    {
    }

    /// <summary>The interior page at each level, root at 0.</summary>
    public uint[] Pages { get; } = new uint[BTree.MaxDepth];

    /// <summary>The child index taken at each interior level.</summary>
    public int[] Indices { get; } = new int[BTree.MaxDepth];

    /// <summary>Takes a free path from this thread's pool, or creates one.</summary>
    /// <returns>A path owned by the caller until <see cref="Return"/>.</returns>
    public static CursorPath Rent()
    {
        CursorPath? path = t_free;
        if (path is null)
        {
            return new CursorPath();
        }

        t_free = path._nextFree;
        path._nextFree = null;
        t_freeCount--;
        return path;
    }

    /// <summary>Puts a path the caller no longer uses into this thread's pool (or drops it when the pool is full).</summary>
    /// <param name="path">A path from <see cref="Rent"/>; the caller must not touch it afterwards.</param>
    public static void Return(CursorPath path)
    {
        if (t_freeCount >= PoolLimit)
        {
            return;
        }

        path._nextFree = t_free;
        t_free = path;
        t_freeCount++;
    }
}
