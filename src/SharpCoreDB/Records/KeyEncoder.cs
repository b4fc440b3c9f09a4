using System.Buffers;
using System.Buffers.Binary;

namespace SharpCoreDB.Records;

/// <summary>
/// Order-preserving key encoding: a tuple of values (each ascending or descending) becomes bytes whose
/// <c>memcmp</c> order (<see cref="MemoryExtensions.SequenceCompareTo{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>)
/// is the order of <see cref="SqlValueComparer"/> applied column by column, so the B+tree compares keys as bytes.
/// </summary>
/// <remarks>
/// Each column is one self-delimiting component (part of the file format):
/// <code>
/// NULL    05
/// number  10 | 8-byte sortable double D | tie
///            D: the value (−0.0 as +0.0) or, for a long or DECIMAL no double holds exactly, the nearest double
///            toward zero; sortable: big-endian bits with the sign bit flipped for D ≥ 0, all bits flipped for D &lt; 0.
///            tie: 80 when the value is exactly D;
///                 81 | digits(|value|)  for a positive value above D,
///                 7F | ~digits(|value|) for a negative value below D (every byte inverted);
///            digits: [count of integer digits] [ASCII digits of the integer part, no leading zero, then of the
///            fraction, no trailing zero] 00.
/// TEXT    20 | UTF-8 bytes, 00 escaped as 00 FF | 00 01
/// BLOB    30 | bytes, 00 escaped as 00 FF | 00 01
/// </code>
/// INTEGER, REAL and DECIMAL share one component type, so 3, 3.0 and 3.00 encode identically and 2^53 + 1 (long)
/// sorts above 2^53 (double). Values that share D are on the same side of it and within one unit in its last
/// place, so their exact digits order them: a longer integer part is larger, and equal lengths compare digit by
/// digit (the 00 ends a shorter fraction first). A descending column is
/// the same component with every byte inverted; the inverted prefixes (FA, EF, DF, CF) differ from the plain
/// ones, so decoding needs no direction flags. Row ids are 8 bytes big-endian with the sign bit flipped
/// (<see cref="WriteRowId"/>). Decoding returns a whole number in long range as INTEGER and anything else as
/// REAL; to get back the exact storage class of REAL columns, append <see cref="WriteTypeSuffix"/> after the
/// row id (where it never affects order) and apply it with <see cref="ApplyTypeSuffix"/>; it also restores a
/// DECIMAL and its scale.
/// </remarks>
internal static partial class KeyEncoder
{
    /// <summary>Size of an encoded row id.</summary>
    public const int RowIdSize = 8;

    internal const byte NullPrefix = 0x05;
    internal const byte NumberPrefix = 0x10;
    internal const byte TextPrefix = 0x20;
    internal const byte BlobPrefix = 0x30;
    internal const byte ExactTie = 0x80;
    internal const byte AboveTie = 0x81;
    internal const byte BelowTie = 0x7F;
    internal const byte Escape = 0x00;
    internal const byte EscapedZero = 0xFF;
    internal const byte Terminator = 0x01;

    // The most digits a tie holds: a decimal has at most 29 significant digits, or 28 fractional ones.
    internal const int MaxTieDigits = 29;

    private const int NumberSize = 1 + 8 + 1;
    private const int MaxNumberSize = NumberSize + 1 + MaxTieDigits + 1;
    private const double TwoPow63 = 9223372036854775808.0;

    /// <summary>Appends the key of <paramref name="values"/>.</summary>
    /// <param name="values">The tuple.</param>
    /// <param name="descending">Per column: true for descending order. Empty means all ascending.</param>
    /// <param name="writer">The destination.</param>
    /// <exception cref="ArgumentException"><paramref name="descending"/> is neither empty nor one flag per value.</exception>
    public static void Encode(ReadOnlySpan<SqlValue> values, ReadOnlySpan<bool> descending, IBufferWriter<byte> writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        if (!descending.IsEmpty && descending.Length != values.Length)
        {
            throw new ArgumentException($"Expected {values.Length} direction flags or none, got {descending.Length}.", nameof(descending));
        }

        for (int i = 0; i < values.Length; i++)
        {
            EncodeValue(values[i], !descending.IsEmpty && descending[i], writer);
        }
    }

    /// <summary>Appends the key component of one value.</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">True to invert the component for descending order.</param>
    /// <param name="writer">The destination.</param>
    /// <param name="collation">
    /// The key's collation, null for BINARY: TEXT is written folded (<see cref="Collation.FoldKey"/>), so byte order
    /// is the collation's order; the original text is then not recoverable from the key.
    /// </param>
    public static void EncodeValue(in SqlValue value, bool descending, IBufferWriter<byte> writer, Collation? collation = null)
    {
        ArgumentNullException.ThrowIfNull(writer);
        Span<byte> written;
        switch (value.StorageClass)
        {
            case SqlStorageClass.Null:
                written = writer.GetSpan(1)[..1];
                written[0] = NullPrefix;
                break;
            case SqlStorageClass.Integer:
                written = WriteInteger(value.RawBits, writer.GetSpan(MaxNumberSize));
                break;
            case SqlStorageClass.Real:
                written = WriteReal(BitConverter.Int64BitsToDouble(value.RawBits), writer.GetSpan(NumberSize));
                break;
            case SqlStorageClass.Decimal:
                written = WriteDecimal(value.RawDecimal, writer.GetSpan(MaxNumberSize));
                break;
            case SqlStorageClass.Text:
                Span<char> packed = value.IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
                written = WriteText(value.GetTextChars(packed), writer, collation);
                break;
            default:
                Span<byte> inline = value.IsPackedBlob ? stackalloc byte[PackedBlob.Size] : default;
                written = WriteBlob(value.GetBlobBytes(inline), writer);
                break;
        }

        if (descending)
        {
            Invert(written);
        }

        writer.Advance(written.Length);
    }

    /// <summary>Writes a row id as 8 big-endian bytes with the sign bit flipped, so negative ids sort first.</summary>
    /// <param name="rowId">The row id.</param>
    /// <param name="destination">At least <see cref="RowIdSize"/> bytes.</param>
    public static void WriteRowId(long rowId, Span<byte> destination) =>
        BinaryPrimitives.WriteUInt64BigEndian(destination, (ulong)rowId ^ 0x8000_0000_0000_0000UL);

    /// <summary>Appends a row id (see <see cref="WriteRowId"/>).</summary>
    /// <param name="rowId">The row id.</param>
    /// <param name="writer">The destination.</param>
    public static void EncodeRowId(long rowId, IBufferWriter<byte> writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        WriteRowId(rowId, writer.GetSpan(RowIdSize));
        writer.Advance(RowIdSize);
    }

    /// <summary>Reads a row id written by <see cref="WriteRowId"/>.</summary>
    /// <param name="source">The bytes.</param>
    /// <returns>The row id.</returns>
    /// <exception cref="SharpCoreDBException"><paramref name="source"/> is shorter than 8 bytes (Corrupt).</exception>
    public static long ReadRowId(ReadOnlySpan<byte> source)
    {
        if (source.Length < RowIdSize)
        {
            ThrowCorrupt($"a row id needs {RowIdSize} bytes, {source.Length} remain.");
        }

        return (long)(BinaryPrimitives.ReadUInt64BigEndian(source) ^ 0x8000_0000_0000_0000UL);
    }

    /// <summary>The sortable form of a double: unsigned order of the result is numeric order.</summary>
    /// <param name="value">A double, not NaN; −0.0 is treated as +0.0.</param>
    /// <returns>The sortable bits.</returns>
    internal static ulong ToSortable(double value)
    {
        ulong bits = (ulong)BitConverter.DoubleToInt64Bits(value == 0 ? 0.0 : value);
        return (bits & 0x8000_0000_0000_0000UL) == 0 ? bits | 0x8000_0000_0000_0000UL : ~bits;
    }

    /// <summary>Inverse of <see cref="ToSortable"/>.</summary>
    /// <param name="sortable">The sortable bits.</param>
    /// <returns>The double.</returns>
    internal static double FromSortable(ulong sortable)
    {
        ulong bits = (sortable & 0x8000_0000_0000_0000UL) != 0 ? sortable & 0x7FFF_FFFF_FFFF_FFFFUL : ~sortable;
        return BitConverter.Int64BitsToDouble((long)bits);
    }

    private static Span<byte> WriteReal(double value, Span<byte> destination)
    {
        destination[0] = NumberPrefix;
        BinaryPrimitives.WriteUInt64BigEndian(destination[1..], ToSortable(value));
        destination[9] = ExactTie;
        return destination[..NumberSize];
    }

    private static Span<byte> WriteInteger(long value, Span<byte> destination)
    {
        double nearest = value;

        // (double)long rounds to nearest; 2^63 itself is no long, and any other double in range converts back
        // exactly, so the long is exact when the round trip holds.
        if (nearest < TwoPow63 && (long)nearest == value)
        {
            return WriteReal(nearest, destination);
        }

        // Step the double toward zero when rounding went away from zero, so D is truncation.
        double d = nearest;
        if (value > 0 && (nearest >= TwoPow63 || (long)nearest > value))
        {
            d = Math.BitDecrement(nearest);
        }
        else if (value < 0 && (long)nearest < value)
        {
            d = Math.BitIncrement(nearest);
        }

        ulong magnitude = value < 0 ? 0 - (ulong)value : (ulong)value;
        return WriteInexact(d, magnitude, 0, value < 0, destination);
    }

    private static Span<byte> WriteDecimal(decimal value, Span<byte> destination)
    {
        double d = ExactDecimal.TowardZero(value, out bool exact);
        return exact
            ? WriteReal(d, destination)
            : WriteInexact(d, ExactDecimal.Mantissa(value), value.Scale, value < 0, destination);
    }

    // A value strictly between D and the next double away from zero: D, then the tie with the value's digits
    // (mantissa / 10^scale).
    private static Span<byte> WriteInexact(double d, UInt128 mantissa, int scale, bool negative, Span<byte> destination)
    {
        destination[0] = NumberPrefix;
        BinaryPrimitives.WriteUInt64BigEndian(destination[1..], ToSortable(d));
        destination[9] = negative ? BelowTie : AboveTie;

        Span<byte> digits = stackalloc byte[40];
        int length = 0;
        do
        {
            digits[length++] = (byte)('0' + (int)(mantissa % 10));
            mantissa /= 10;
        }
        while (mantissa != 0);

        // digits holds the mantissa least significant first; drop fractional trailing zeros.
        int skip = 0;
        while (skip < scale && skip < length && digits[skip] == '0')
        {
            skip++;
        }

        int integerDigits = Math.Max(0, length - scale);
        int leadingZeros = Math.Max(0, scale - length);
        int end = 10;
        destination[end++] = (byte)integerDigits;
        for (int i = 0; i < leadingZeros; i++)
        {
            destination[end++] = (byte)'0';
        }

        for (int i = length - 1; i >= skip; i--)
        {
            destination[end++] = digits[i];
        }

        destination[end++] = Escape;
        if (negative)
        {
            Invert(destination[10..end]);
        }

        return destination[..end];
    }

    private static Span<byte> WriteText(scoped ReadOnlySpan<char> text, IBufferWriter<byte> writer, Collation? collation)
    {
        int byteCount = Utf8Text.GetByteCount(text);
        Span<byte> destination = writer.GetSpan(byteCount + 3);
        destination[0] = TextPrefix;
        Utf8Text.Encode(text, destination[1..]);
        if (collation is not null)
        {
            byteCount = collation.FoldKey(destination.Slice(1, byteCount));
        }

        int zeros = destination.Slice(1, byteCount).Count((byte)0);
        if (zeros == 0)
        {
            return Terminate(destination, 1 + byteCount);
        }

        // Rare: text with NUL characters. Encode again into a buffer big enough for the escapes.
        destination = writer.GetSpan(byteCount + zeros + 3);
        destination[0] = TextPrefix;
        int encoded = Utf8Text.Encode(text, destination[1..]);
        if (collation is not null)
        {
            collation.FoldKey(destination.Slice(1, encoded));
        }

        return Terminate(destination, EscapeZeros(destination, byteCount, zeros));
    }

    private static Span<byte> WriteBlob(scoped ReadOnlySpan<byte> blob, IBufferWriter<byte> writer)
    {
        int zeros = blob.Count((byte)0);
        Span<byte> destination = writer.GetSpan(blob.Length + zeros + 3);
        destination[0] = BlobPrefix;
        blob.CopyTo(destination[1..]);
        return Terminate(destination, zeros == 0 ? 1 + blob.Length : EscapeZeros(destination, blob.Length, zeros));
    }

    // The payload sits at destination[1 .. 1 + length]; spreads it so every 00 becomes 00 FF, working from the
    // end so nothing is overwritten before it moves. Returns the end of the escaped payload.
    private static int EscapeZeros(Span<byte> destination, int length, int zeros)
    {
        int read = length;
        int write = length + zeros;
        while (read > 0)
        {
            byte b = destination[read--];
            if (b == 0)
            {
                destination[write--] = EscapedZero;
            }

            destination[write--] = b;
        }

        return 1 + length + zeros;
    }

    private static Span<byte> Terminate(Span<byte> destination, int end)
    {
        destination[end] = Escape;
        destination[end + 1] = Terminator;
        return destination[..(end + 2)];
    }

    private static void Invert(Span<byte> bytes)
    {
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = (byte)~bytes[i];
        }
    }
}
