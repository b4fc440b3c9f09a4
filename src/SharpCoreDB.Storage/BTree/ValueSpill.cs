using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// How much of a value stays in its leaf cell and how much spills into an overflow chain: SQLite's rule for cell
/// payloads ("Cell Payload Overflow Pages" in its file format), with a leaf cell capped at half the node space.
/// </summary>
/// <remarks>
/// <para>A value of P bytes whose cell (slot included) fits <see cref="MaxLeafCellFootprint"/> is stored whole.
/// Otherwise the cell keeps a local prefix of L bytes followed by the 4-byte first page of a chain holding the other
/// P − L bytes, every chain page but the last holding <see cref="ChunkSize"/> bytes. With M the most local bytes the
/// cell has room for and m = <see cref="MinLocal"/>: K = m + (P − m) mod <see cref="ChunkSize"/>; L = K when K ≤ M,
/// else L = m. So the chain is as short as it can be (no page is spent on a few bytes that fit in the leaf) and,
/// among the local sizes giving that chain, the smallest is kept, so the leaf stays dense: when K ≤ M every chain
/// page is full. L follows from P, the key's size and the usable page size alone, so it is not stored.</para>
/// <para>Why half the node where SQLite lets a table-leaf cell take almost the whole page: SQLite rebalances among
/// three siblings, this tree splits one node into two. Two nodes can always take a full node plus one new cell
/// exactly when no cell is larger than half a node (the largest prefix that fits one node leaves at most two cells'
/// worth for the other), so this is the largest cap under which a split never fails. A 1 KiB row still sits whole
/// in its leaf, three to a 4 KiB page as in SQLite.</para>
/// </remarks>
internal static class ValueSpill
{
    /// <summary>The most bytes one leaf cell and its slot may take: half the node space.</summary>
    public static int MaxLeafCellFootprint(int usableSize) => (usableSize - NodeLayout.HeaderSize) / 2;

    /// <summary>The value bytes one overflow page holds.</summary>
    public static int ChunkSize(int usableSize) => usableSize - NodeLayout.OverflowHeaderSize;

    /// <summary>
    /// The local prefix kept by a value that spills, unless a larger one avoids a partly filled chain page:
    /// SQLite's minLocal, (usable − 12) × 32 / 255 − 23, about an eighth of the page (488 bytes of a plain 4 KiB page).
    /// </summary>
    public static int MinLocal(int usableSize) => ((usableSize - NodeLayout.HeaderSize) * 32 / 255) - 23;

    /// <summary>
    /// The value bytes a leaf cell keeps in the page: all <paramref name="valueLength"/> when the value is stored
    /// inline (<paramref name="spills"/> false), else the local prefix before the chain pointer.
    /// </summary>
    /// <param name="usableSize">The usable page size.</param>
    /// <param name="keyBytes">The cell's key length varint plus its key field.</param>
    /// <param name="valueLength">The full value length.</param>
    /// <param name="spills">True when the value needs an overflow chain.</param>
    /// <returns>The local value bytes.</returns>
    public static int LocalLength(int usableSize, int keyBytes, int valueLength, out bool spills)
    {
        // The (length << 1 | flag) varint has the same size for both flags, so it is counted before choosing.
        int room = MaxLeafCellFootprint(usableSize) - NodeLayout.SlotSize - keyBytes - Varint.Size((uint)valueLength << 1);
        if (valueLength <= room)
        {
            spills = false;
            return valueLength;
        }

        spills = true;
        int maxLocal = room - NodeLayout.PagePointerSize;
        int minLocal = Math.Min(MinLocal(usableSize), maxLocal);
        int surplus = minLocal + ((valueLength - minLocal) % ChunkSize(usableSize));
        return surplus <= maxLocal ? surplus : minLocal;
    }
}
