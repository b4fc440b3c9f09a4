namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// Page-sized buffers a tree reuses for every write, created on its first write, so inserts, splits and merges
/// allocate nothing per operation.
/// </summary>
internal sealed class WriteScratch
{
    /// <summary>Creates buffers for pages of <paramref name="usableSize"/> usable bytes.</summary>
    public WriteScratch(int usableSize)
    {
        PageCopy = new byte[usableSize];
        CellA = new byte[usableSize];
        CellB = new byte[usableSize];
        CellC = new byte[usableSize];
        int maxCells = (usableSize / NodeLayout.SlotSize) + 2;
        Offsets = new int[maxCells];
        Sizes = new int[maxCells];
    }

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
}
