using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;

namespace SharpCoreDB.Records;

/// <content>Decoding keys back to values (index-only scans) and the storage-class suffix.</content>
internal static partial class KeyEncoder
{
    // Type-suffix codes, two bits per column.
    private const int CanonicalCode = 0;
    private const int IntegralRealCode = 1;
    private const int NegativeZeroCode = 2;

    /// <summary>
    /// Decodes the first <c>values.Length</c> components of <paramref name="key"/>. The direction of each
    /// component is read from its prefix. Numbers come back canonical: whole numbers in long range as INTEGER,
    /// others as REAL (see <see cref="ApplyTypeSuffix"/>).
    /// </summary>
    /// <param name="key">The key bytes.</param>
    /// <param name="values">Receives the values; its length is the number of components to decode.</param>
    /// <returns>The number of bytes the decoded components take.</returns>
    /// <exception cref="SharpCoreDBException">The key is truncated or malformed (Corrupt).</exception>
    public static int Decode(ReadOnlySpan<byte> key, Span<SqlValue> values)
    {
        int offset = 0;
        for (int i = 0; i < values.Length; i++)
        {
            offset += DecodeValue(key[offset..], i, out values[i]);
        }

        return offset;
    }

    /// <summary>The number of bytes the first <paramref name="count"/> components of <paramref name="key"/> take.</summary>
    /// <param name="key">The key bytes.</param>
    /// <param name="count">The number of components.</param>
    /// <returns>The length in bytes.</returns>
    /// <exception cref="SharpCoreDBException">The key is truncated or malformed (Corrupt).</exception>
    public static int GetPrefixLength(ReadOnlySpan<byte> key, int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        int offset = 0;
        for (int i = 0; i < count; i++)
        {
            if (offset >= key.Length)
            {
                ThrowCorrupt($"component {i} starts past the end of the key ({key.Length} bytes).");
            }

            byte prefix = key[offset];
            bool descending = prefix > 0x7F;
            switch (descending ? (byte)~prefix : prefix)
            {
                case NullPrefix:
                    offset++;
                    break;
                case NumberPrefix:
                    offset += NumberLength(key[offset..], descending, i);
                    break;
                case TextPrefix or BlobPrefix:
                    offset += 1 + FindTerminator(key[(offset + 1)..], descending, i, out _) + 2;
                    break;
                default:
                    ThrowCorrupt($"component {i} has the unknown prefix 0x{prefix:X2}.");
                    break;
            }
        }

        return offset;
    }

    /// <summary>
    /// Appends, after a key's last component (and row id), two bits per value that record what canonical
    /// decoding loses: a REAL holding a whole number, and −0.0. Order never depends on it when it follows a
    /// unique row id.
    /// </summary>
    /// <param name="values">The values the key was built from.</param>
    /// <param name="writer">The destination.</param>
    public static void WriteTypeSuffix(ReadOnlySpan<SqlValue> values, IBufferWriter<byte> writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        int size = GetTypeSuffixSize(values.Length);
        Span<byte> destination = writer.GetSpan(size)[..size];
        destination.Clear();
        for (int i = 0; i < values.Length; i++)
        {
            int code = CanonicalCode;
            if (values[i].StorageClass == SqlStorageClass.Real)
            {
                double real = BitConverter.Int64BitsToDouble(values[i].RawBits);
                if (real == 0 && double.IsNegative(real))
                {
                    code = NegativeZeroCode;
                }
                else if (IsWholeInLongRange(real))
                {
                    code = IntegralRealCode;
                }
            }

            destination[i / 4] |= (byte)(code << (2 * (i % 4)));
        }

        writer.Advance(size);
    }

    /// <summary>The size of the type suffix for <paramref name="columnCount"/> values.</summary>
    /// <param name="columnCount">The number of values.</param>
    /// <returns>The size in bytes.</returns>
    public static int GetTypeSuffixSize(int columnCount) => (columnCount + 3) / 4;

    /// <summary>Restores the storage classes recorded by <see cref="WriteTypeSuffix"/> on decoded values.</summary>
    /// <param name="suffix">The suffix bytes.</param>
    /// <param name="values">The decoded values, changed in place.</param>
    /// <exception cref="SharpCoreDBException">The suffix is too short or inconsistent with the values (Corrupt).</exception>
    public static void ApplyTypeSuffix(ReadOnlySpan<byte> suffix, Span<SqlValue> values)
    {
        if (suffix.Length < GetTypeSuffixSize(values.Length))
        {
            ThrowCorrupt($"the type suffix has {suffix.Length} bytes, {GetTypeSuffixSize(values.Length)} needed.");
        }

        for (int i = 0; i < values.Length; i++)
        {
            int code = (suffix[i / 4] >> (2 * (i % 4))) & 3;
            if (code == CanonicalCode)
            {
                continue;
            }

            if (values[i].StorageClass != SqlStorageClass.Integer || code > NegativeZeroCode
                || (code == NegativeZeroCode && values[i].RawBits != 0))
            {
                ThrowCorrupt($"the type suffix code {code} does not fit component {i} ({values[i]}).");
            }

            values[i] = SqlValue.FromDouble(code == NegativeZeroCode ? -0.0 : values[i].RawBits);
        }
    }

    [DoesNotReturn]
    private static void ThrowCorrupt(string detail) =>
        throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, "Corrupt index key: " + detail);

    private static bool IsWholeInLongRange(double real) =>
        real >= -TwoPow63 && real < TwoPow63 && Math.Truncate(real) == real;

    private static int DecodeValue(ReadOnlySpan<byte> key, int index, out SqlValue value)
    {
        if (key.IsEmpty)
        {
            ThrowCorrupt($"component {index} starts past the end of the key.");
        }

        byte prefix = key[0];
        bool descending = prefix > 0x7F;
        switch (descending ? (byte)~prefix : prefix)
        {
            case NullPrefix:
                value = SqlValue.Null;
                return 1;
            case NumberPrefix:
                return DecodeNumber(key, descending, index, out value);
            case TextPrefix:
            {
                int length = DecodeEscaped(key[1..], descending, index, out byte[]? rented, out ReadOnlySpan<byte> bytes);
                value = SqlValue.FromText(Utf8Text.Decode(bytes));
                Return(rented);
                return 1 + length;
            }

            case BlobPrefix:
            {
                int length = DecodeEscaped(key[1..], descending, index, out byte[]? rented, out ReadOnlySpan<byte> bytes);
                value = SqlValue.FromBlob(bytes.ToArray());
                Return(rented);
                return 1 + length;
            }

            default:
                ThrowCorrupt($"component {index} has the unknown prefix 0x{prefix:X2}.");
                value = default;
                return 0;
        }
    }

    private static int NumberLength(ReadOnlySpan<byte> key, bool descending, int index)
    {
        if (key.Length < NumberSize)
        {
            ThrowCorrupt($"number component {index} needs {NumberSize} bytes, {key.Length} remain.");
        }

        byte tie = descending ? (byte)~key[9] : key[9];
        int length = tie == ExactTie ? NumberSize : tie is AboveTie or BelowTie ? InexactNumberSize : -1;
        if (length < 0)
        {
            ThrowCorrupt($"number component {index} has the unknown tie byte 0x{tie:X2}.");
        }

        if (key.Length < length)
        {
            ThrowCorrupt($"number component {index} needs {length} bytes, {key.Length} remain.");
        }

        return length;
    }

    private static int DecodeNumber(ReadOnlySpan<byte> key, bool descending, int index, out SqlValue value)
    {
        int length = NumberLength(key, descending, index);
        ulong sortable = BinaryPrimitives.ReadUInt64BigEndian(key[1..]);
        byte tie = key[9];
        ushort distance = length == InexactNumberSize ? BinaryPrimitives.ReadUInt16BigEndian(key[10..]) : (ushort)0;
        if (descending)
        {
            sortable = ~sortable;
            tie = (byte)~tie;
            distance = (ushort)~distance;
        }

        double d = FromSortable(sortable);
        if (tie == ExactTie)
        {
            value = IsWholeInLongRange(d) ? SqlValue.FromInt64((long)d) : SqlValue.FromDouble(d);
            return length;
        }

        // Only longs no double holds carry a tie: D is then a whole number beyond ±2^53, and the long lies
        // strictly between D and the next double away from zero.
        int offset = tie == AboveTie ? distance : TieRange - distance;
        double magnitude = Math.Abs(d);
        bool valid = IsWholeInLongRange(d) && magnitude >= 9007199254740992.0 && distance is > 0 and < TieRange
            && offset < Math.BitIncrement(magnitude) - magnitude
            && (tie == AboveTie
                ? d > 0 && (long)d <= long.MaxValue - offset
                : d < 0 && (long)d >= long.MinValue + offset);
        if (!valid)
        {
            ThrowCorrupt($"number component {index} has an impossible tie (D = {d}, tie 0x{tie:X2}, distance {distance}).");
        }

        long whole = (long)d;
        value = SqlValue.FromInt64(tie == AboveTie ? whole + offset : whole - offset);
        return length;
    }

    // Finds the terminator of an escaped payload; returns the payload length in bytes (escapes included,
    // terminator excluded) and how many escaped zeros it holds.
    private static int FindTerminator(ReadOnlySpan<byte> payload, bool descending, int index, out int zeros)
    {
        byte escape = descending ? (byte)(Escape ^ 0xFF) : Escape;
        byte escapedZero = descending ? (byte)(EscapedZero ^ 0xFF) : EscapedZero;
        byte terminator = descending ? (byte)(Terminator ^ 0xFF) : Terminator;
        zeros = 0;
        int offset = 0;
        while (true)
        {
            int found = payload[offset..].IndexOf(escape);
            if (found < 0 || offset + found + 1 >= payload.Length)
            {
                ThrowCorrupt($"text/blob component {index} has no terminator.");
            }

            offset += found;
            byte next = payload[offset + 1];
            if (next == terminator)
            {
                return offset;
            }

            if (next != escapedZero)
            {
                ThrowCorrupt($"text/blob component {index} has the invalid escape 0x{next:X2} at byte {offset + 1}.");
            }

            zeros++;
            offset += 2;
        }
    }

    // Returns the component length after its prefix (payload + terminator) and the unescaped bytes, which live
    // in the key itself when no work was needed, otherwise in a rented array the caller returns.
    private static int DecodeEscaped(ReadOnlySpan<byte> payload, bool descending, int index, out byte[]? rented, out ReadOnlySpan<byte> bytes)
    {
        int length = FindTerminator(payload, descending, index, out int zeros);
        if (!descending && zeros == 0)
        {
            rented = null;
            bytes = payload[..length];
            return length + 2;
        }

        rented = ArrayPool<byte>.Shared.Rent(Math.Max(length, 1));
        int written = 0;
        for (int i = 0; i < length; i++)
        {
            byte b = descending ? (byte)~payload[i] : payload[i];
            rented[written++] = b;
            if (b == Escape)
            {
                // Skip the FF that follows an escaped zero.
                i++;
            }
        }

        bytes = rented.AsSpan(0, written);
        return length + 2;
    }

    private static void Return(byte[]? rented)
    {
        if (rented is not null)
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }
}
