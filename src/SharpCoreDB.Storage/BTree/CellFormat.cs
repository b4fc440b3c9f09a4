using System.Buffers.Binary;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Encodes cells (see <see cref="NodeLayout"/>) and re-reads cells whose bounds were already checked.</summary>
internal static class CellFormat
{
    /// <summary>The size of a leaf cell holding its value inline, or in a chain when <paramref name="overflow"/>.</summary>
    public static long LeafCellSize(int keyLength, int valueLength, bool overflow) =>
        Varint.Size((uint)keyLength) + Varint.Size(((uint)valueLength << 1) | 1u) + (long)keyLength
        + (overflow ? NodeLayout.PagePointerSize : valueLength);

    /// <summary>The size of an interior cell with a key of <paramref name="keyLength"/> bytes.</summary>
    public static int InteriorCellSize(int keyLength) =>
        NodeLayout.PagePointerSize + Varint.Size((uint)keyLength) + keyLength;

    /// <summary>Writes a leaf cell with an inline value; returns its size.</summary>
    public static int WriteInlineLeafCell(Span<byte> destination, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        int n = WriteKey(destination, key);
        n += Varint.Write(destination.Slice(n), (uint)value.Length << 1);
        value.CopyTo(destination.Slice(n));
        return n + value.Length;
    }

    /// <summary>Writes a leaf cell whose value lives in the chain starting at <paramref name="firstPage"/>; returns its size.</summary>
    public static int WriteOverflowLeafCell(Span<byte> destination, ReadOnlySpan<byte> key, int valueLength, uint firstPage)
    {
        int n = WriteKey(destination, key);
        n += Varint.Write(destination.Slice(n), ((uint)valueLength << 1) | 1u);
        BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(n), firstPage);
        return n + NodeLayout.PagePointerSize;
    }

    /// <summary>Writes an interior cell; returns its size.</summary>
    public static int WriteInteriorCell(Span<byte> destination, uint leftChild, ReadOnlySpan<byte> key)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(destination, leftChild);
        return NodeLayout.PagePointerSize + WriteKey(destination.Slice(NodeLayout.PagePointerSize), key);
    }

    /// <summary>The key of a leaf cell whose size was already validated.</summary>
    public static ReadOnlySpan<byte> LeafKey(ReadOnlySpan<byte> cell)
    {
        int n = Varint.Read(cell, out uint keyLength);
        return cell.Slice(n, (int)keyLength);
    }

    /// <summary>The key of an interior cell whose size was already validated.</summary>
    public static ReadOnlySpan<byte> InteriorKey(ReadOnlySpan<byte> cell)
    {
        int n = Varint.Read(cell.Slice(NodeLayout.PagePointerSize), out uint keyLength);
        return cell.Slice(NodeLayout.PagePointerSize + n, (int)keyLength);
    }

    /// <summary>The left child of an interior cell whose size was already validated.</summary>
    public static uint InteriorChild(ReadOnlySpan<byte> cell) => BinaryPrimitives.ReadUInt32LittleEndian(cell);

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

    /// <summary>Writes the key length and the key; returns the bytes written.</summary>
    private static int WriteKey(Span<byte> destination, ReadOnlySpan<byte> key)
    {
        int n = Varint.Write(destination, (uint)key.Length);
        key.CopyTo(destination.Slice(n));
        return n + key.Length;
    }
}
