namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// The on-disk layout of B+tree pages, as named offsets. All multi-byte integers are little-endian and every
/// offset is relative to the start of the page; only the first <c>UsableSize</c> bytes belong to the tree
/// (the rest is the page trailer, owned by the pager).
/// </summary>
/// <remarks>
/// <para><b>Node page</b> (leaf or interior):</para>
/// <code>
/// [0]                   byte     kind: 0x4C 'L' leaf, 0x49 'I' interior
/// [1]                   byte     flags: reserved, always 0
/// [2, 4)                ushort   cell count n
/// [4, 6)                ushort   content start: the cells occupy [contentStart, usableSize); usableSize when n = 0
/// [6, 8)                ushort   fragmented bytes: holes between cells left behind by deletions
/// [8, 12)               uint     interior: right child (keys ≥ the last separator); leaf: 0
/// [12, 12 + 2n)         ushort[] slot array: the offset of each cell, in ascending key order
/// [12 + 2n, contentStart)        free gap
/// [contentStart, usableSize)     cells, packed from the end of the page toward the slot array
/// </code>
/// <para><b>Key field</b>: a key of keyLength ≤ <see cref="BTree.MaxLocalKeySizeFor"/> bytes is stored whole; a longer
/// key stores its first <see cref="CellFormat.OverflowKeyPrefixFor"/> bytes and then a uint: the first page of an
/// overflow chain holding the other keyLength − prefix bytes. The length tells the forms apart.</para>
/// <para><b>Leaf cell</b>: varint keyLength, the key field, varint (valueLength &lt;&lt; 1 | overflowFlag), then
/// either the valueLength value bytes (flag 0) or the value's first <i>local</i> bytes and a uint: the first page of
/// the overflow chain holding the other valueLength − local bytes (flag 1). The key length comes first so a
/// binary-search probe decodes a single varint. A value spills exactly when its cell would not fit in
/// <see cref="BTree.MaxCellFootprint"/>; <see cref="ValueSpill"/> gives the local size, which is not stored.</para>
/// <para><b>Interior cell</b>: uint left child (every key in it is below this cell's key), varint keyLength, key field.
/// A key equal to a separator lives to the separator's right.</para>
/// <para><b>Overflow page</b>:</para>
/// <code>
/// [0]        byte    kind: 0x4F 'O'
/// [1]        byte    reserved, 0
/// [2, 4)     ushort  bytes of the value (or key tail) held by this page (every page but the last is full)
/// [4, 8)     uint    next page of the chain, 0 on the last page
/// [8, usableSize)    value bytes
/// </code>
/// <para>Varints are unsigned LEB128: 7 bits per byte, low group first, high bit set on all but the last byte, at most 5 bytes.</para>
/// <para>Space accounting, checked by the integrity walk: 12 + 2n + gap + Σ cell sizes + fragmented = usableSize.</para>
/// </remarks>
internal static class NodeLayout
{
    /// <summary>[0] byte: the page kind.</summary>
    public const int KindOffset = 0;

    /// <summary>[1] byte: reserved flags, 0.</summary>
    public const int FlagsOffset = 1;

    /// <summary>[2, 4) ushort: the number of cells.</summary>
    public const int CellCountOffset = 2;

    /// <summary>[4, 6) ushort: where the cell content area starts.</summary>
    public const int ContentStartOffset = 4;

    /// <summary>[6, 8) ushort: free bytes between cells.</summary>
    public const int FragmentedOffset = 6;

    /// <summary>[8, 12) uint: the right child of an interior node.</summary>
    public const int RightChildOffset = 8;

    /// <summary>The node header size; the slot array starts here.</summary>
    public const int HeaderSize = 12;

    /// <summary>Bytes per slot-array entry.</summary>
    public const int SlotSize = 2;

    /// <summary>Kind byte of a leaf node.</summary>
    public const byte LeafKind = 0x4C;

    /// <summary>Kind byte of an interior node.</summary>
    public const byte InteriorKind = 0x49;

    /// <summary>Kind byte of an overflow page.</summary>
    public const byte OverflowKind = 0x4F;

    /// <summary>Size of the child pointer at the start of an interior cell, and of an overflow pointer in a leaf cell.</summary>
    public const int PagePointerSize = 4;

    /// <summary>[2, 4) ushort in an overflow page: bytes used.</summary>
    public const int OverflowUsedOffset = 2;

    /// <summary>[4, 8) uint in an overflow page: the next page of the chain.</summary>
    public const int OverflowNextOffset = 4;

    /// <summary>The overflow page header size; value bytes start here.</summary>
    public const int OverflowHeaderSize = 8;
}
