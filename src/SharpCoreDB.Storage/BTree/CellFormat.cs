using System.Buffers.Binary;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Encodes cells (see <see cref="NodeLayout"/>) and re-reads cells whose bounds were already checked.</summary>
/// <remarks>
/// Both cell kinds store a key as its full length (a varint) and then its <i>key field</i>: the whole key when it is
/// at most <see cref="BTree.MaxLocalKeySizeFor"/> bytes, else the first <see cref="OverflowKeyPrefixFor"/> bytes and
/// the 4-byte first page of an overflow chain holding the rest. The length alone tells which, so cells written
/// before long keys existed read the same.
/// </remarks>
internal static class CellFormat
{
    /// <summary>
    /// The key bytes an overflowing key keeps in its cell: half the local maximum. Why half: a node then still
    /// holds at least eight long keys (fan-out), while the first few hundred bytes usually decide a comparison
    /// without reading the chain. SQLite's minLocal is about the same fraction of a page.
    /// </summary>
    public static int OverflowKeyPrefixFor(int maxLocalKey) => maxLocalKey / 2;

    /// <summary>The size of the key field of a <paramref name="keyLength"/>-byte key.</summary>
    public static int KeyFieldSize(int keyLength, int maxLocalKey) =>
        keyLength <= maxLocalKey ? keyLength : OverflowKeyFieldSize(maxLocalKey);

    /// <summary>The size of the key field of every overflowing key: the local prefix and the chain pointer.</summary>
    public static int OverflowKeyFieldSize(int maxLocalKey) => OverflowKeyPrefixFor(maxLocalKey) + NodeLayout.PagePointerSize;

    /// <summary>
    /// The size of a leaf cell whose key field is <paramref name="keyFieldSize"/> bytes, keeping
    /// <paramref name="localValueLength"/> of its <paramref name="valueLength"/> value bytes in the page and, when
    /// <paramref name="spills"/>, a pointer to the chain holding the rest (see <see cref="ValueSpill"/>).
    /// </summary>
    public static int LeafCellSize(int keyLength, int keyFieldSize, int valueLength, int localValueLength, bool spills) =>
        Varint.Size((uint)keyLength) + keyFieldSize + Varint.Size((uint)valueLength << 1) + localValueLength
        + (spills ? NodeLayout.PagePointerSize : 0);

    /// <summary>
    /// Writes a leaf cell; returns its size. <paramref name="keyChain"/> is the chain holding the key past its local
    /// prefix (0 for a local key). <paramref name="localValue"/> is the value's local part: the whole value when
    /// <paramref name="valueChain"/> is 0, else its prefix, and the chain holds the other
    /// <paramref name="valueLength"/> − local bytes.
    /// </summary>
    public static int WriteLeafCell(Span<byte> destination, ReadOnlySpan<byte> key, uint keyChain, int maxLocalKey, ReadOnlySpan<byte> localValue, int valueLength, uint valueChain)
    {
        int n = WriteKey(destination, key, keyChain, maxLocalKey);
        n += Varint.Write(destination.Slice(n), ((uint)valueLength << 1) | (valueChain == 0 ? 0u : 1u));
        localValue.CopyTo(destination.Slice(n));
        n += localValue.Length;
        if (valueChain == 0)
        {
            return n;
        }

        BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(n), valueChain);
        return n + NodeLayout.PagePointerSize;
    }

    /// <summary>Writes an interior cell; returns its size. <paramref name="keyChain"/> as for <see cref="WriteLeafCell"/>.</summary>
    public static int WriteInteriorCell(Span<byte> destination, uint leftChild, ReadOnlySpan<byte> key, uint keyChain, int maxLocalKey)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(destination, leftChild);
        return NodeLayout.PagePointerSize + WriteKey(destination.Slice(NodeLayout.PagePointerSize), key, keyChain, maxLocalKey);
    }

    /// <summary>
    /// The key of a leaf cell whose size was already validated: the local bytes (the whole key when
    /// <paramref name="chain"/> is 0), the full length and the chain holding the rest.
    /// </summary>
    public static ReadOnlySpan<byte> LeafKey(ReadOnlySpan<byte> cell, int maxLocalKey, out int keyLength, out uint chain) =>
        KeyAt(cell, 0, maxLocalKey, out keyLength, out chain);

    /// <summary>The key of an interior cell whose size was already validated; as <see cref="LeafKey"/>.</summary>
    public static ReadOnlySpan<byte> InteriorKey(ReadOnlySpan<byte> cell, int maxLocalKey, out int keyLength, out uint chain) =>
        KeyAt(cell, NodeLayout.PagePointerSize, maxLocalKey, out keyLength, out chain);

    /// <summary>The left child of an interior cell whose size was already validated.</summary>
    public static uint InteriorChild(ReadOnlySpan<byte> cell) => BinaryPrimitives.ReadUInt32LittleEndian(cell);

    /// <summary>Points an interior cell at another left child.</summary>
    public static void SetInteriorChild(Span<byte> cell, uint leftChild) => BinaryPrimitives.WriteUInt32LittleEndian(cell, leftChild);

    /// <summary>
    /// The shortest key S with <paramref name="left"/> &lt; S ≤ <paramref name="right"/> (a prefix of the right key),
    /// so interior nodes hold short separators and fan out wider.
    /// </summary>
    public static ReadOnlySpan<byte> ShortestSeparator(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        // left < right: either they differ at the first index past the common prefix, or left is a proper prefix
        // of right. Either way right has a byte at that index, and the prefix through it is above left.
        int common = left.CommonPrefixLength(right);
        return right.Slice(0, common + 1);
    }

    private static ReadOnlySpan<byte> KeyAt(ReadOnlySpan<byte> cell, int start, int maxLocalKey, out int keyLength, out uint chain)
    {
        int n = Varint.Read(cell.Slice(start), out uint length);
        keyLength = (int)length;
        start += n;
        if (keyLength <= maxLocalKey)
        {
            chain = 0;
            return cell.Slice(start, keyLength);
        }

        int prefix = OverflowKeyPrefixFor(maxLocalKey);
        chain = BinaryPrimitives.ReadUInt32LittleEndian(cell.Slice(start + prefix));
        return cell.Slice(start, prefix);
    }

    /// <summary>Writes the key length and the key field; returns the bytes written.</summary>
    private static int WriteKey(Span<byte> destination, ReadOnlySpan<byte> key, uint keyChain, int maxLocalKey)
    {
        int n = Varint.Write(destination, (uint)key.Length);
        if (keyChain == 0)
        {
            key.CopyTo(destination.Slice(n));
            return n + key.Length;
        }

        int prefix = OverflowKeyPrefixFor(maxLocalKey);
        key.Slice(0, prefix).CopyTo(destination.Slice(n));
        BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(n + prefix), keyChain);
        return n + prefix + NodeLayout.PagePointerSize;
    }
}
