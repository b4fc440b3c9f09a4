namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// Page-sized buffers and the recorded descent path that one B+tree write (insert, update, delete with its splits
/// and merges) works in. A write rents a set for its duration and gives it back, so a tree instance owns none and
/// creating a tree per transaction costs only the tree object.
/// </summary>
/// <remarks>
/// Each thread keeps the last returned set (per usable size), so a thread doing write after write allocates
/// nothing. Renting takes the set out of its slot: should a write ever start another write on the same thread
/// before it finishes (a nested tree write from a page transaction), the inner one finds the slot empty and gets
/// fresh buffers instead of sharing the outer one's.
/// </remarks>
internal sealed class WriteScratch
{
    // Thread-static (runtime naming: t_): a write runs start to finish on one thread without yielding.
    [ThreadStatic]
    private static WriteScratch? t_cached;

    /// <summary>Creates buffers for pages of <paramref name="usableSize"/> usable bytes.</summary>
    public WriteScratch(int usableSize)
    {
        UsableSize = usableSize;
        PageCopy = new byte[usableSize];
        CellA = new byte[usableSize];
        CellB = new byte[usableSize];
        CellC = new byte[usableSize];
        int maxCells = (usableSize / NodeLayout.SlotSize) + 2;
        Offsets = new int[maxCells];
        Sizes = new int[maxCells];
        PathPages = new uint[BTree.MaxDepth];
        PathIndex = new int[BTree.MaxDepth];
    }

    /// <summary>The usable page size the buffers are sized for.</summary>
    public int UsableSize { get; }

    /// <summary>A copy of the node being split, compacted or merged, so it can be rebuilt in place.</summary>
    public byte[] PageCopy { get; }

    /// <summary>The cell being inserted at the leaf; also the pulled-down separator of an interior merge.</summary>
    public byte[] CellA { get; }

    /// <summary>Ping-pong partner of <see cref="CellA"/> for separators pushed up by splits.</summary>
    public byte[] CellB { get; }

    /// <summary>A separator key copied out of a parent during a merge.</summary>
    public byte[] CellC { get; }

    /// <summary>During a split: offset of each cell of the merged list in <see cref="PageCopy"/>, or -1 for the new cell.</summary>
    public int[] Offsets { get; }

    /// <summary>During a split: size of each cell of the merged list.</summary>
    public int[] Sizes { get; }

    /// <summary>The page at each level of the write's descent, root at 0.</summary>
    public uint[] PathPages { get; }

    /// <summary>The child index taken at each interior level of the write's descent.</summary>
    public int[] PathIndex { get; }

    /// <summary>Takes this thread's cached set for <paramref name="usableSize"/>, or creates one.</summary>
    /// <param name="usableSize">The tree's usable page size.</param>
    /// <returns>A set owned by the caller until <see cref="Return"/>.</returns>
    public static WriteScratch Rent(int usableSize)
    {
        WriteScratch? cached = t_cached;
        if (cached is not null && cached.UsableSize == usableSize)
        {
            t_cached = null;
            return cached;
        }

        return new WriteScratch(usableSize);
    }

    /// <summary>Gives a set back to this thread's slot (replacing one of another size, which the GC takes).</summary>
    /// <param name="scratch">A set from <see cref="Rent"/>, no longer used by the caller.</param>
    public static void Return(WriteScratch scratch) => t_cached = scratch;
}
