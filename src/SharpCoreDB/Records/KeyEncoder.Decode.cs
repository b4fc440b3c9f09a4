using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;

namespace SharpCoreDB.Records;

/// <content>Decoding keys back to values (index-only scans) and the storage-class suffix.</content>
internal static partial class KeyEncoder
{
    // Type-suffix codes, one byte per column; a DECIMAL's code carries its scale in the low five bits.
    private const int CanonicalCode = 0;
    private const int IntegralRealCode = 1;
    private const int NegativeZeroCode = 2;
    private const int DecimalCode = 0x40;

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

    /// <summary>True when a component starting with <paramref name="prefix"/> holds TEXT (either direction).</summary>
    /// <param name="prefix">The component's first byte.</param>
    /// <returns>Whether it is a TEXT component.</returns>
    public static bool IsTextComponent(byte prefix) => prefix is TextPrefix or unchecked((byte)~TextPrefix);

    /// <summary>Decodes the TEXT component at the start of <paramref name="key"/>.</summary>
    /// <param name="key">Key bytes starting with a TEXT component (see <see cref="IsTextComponent"/>).</param>
    /// <param name="text">The text.</param>
    /// <returns>The component's length in bytes.</returns>
    /// <exception cref="SharpCoreDBException">The component is malformed (Corrupt).</exception>
    public static int DecodeText(ReadOnlySpan<byte> key, out string text)
    {
        int length = DecodeEscaped(key[1..], key[0] > 0x7F, 0, out byte[]? rented, out ReadOnlySpan<byte> bytes);
        text = Utf8Text.Decode(bytes);
        Return(rented);
        return 1 + length;
    }

    /// <summary>
    /// Appends, after a key's last component (and row id), one byte per value that records what canonical
    /// decoding loses: a REAL holding a whole number, −0.0, and a DECIMAL with its scale. Order never depends on it
    /// when it follows a unique row id.
    /// </summary>
    /// <param name="values">The values the key was built from.</param>
    /// <param name="writer">The destination.</param>
    public static void WriteTypeSuffix(ReadOnlySpan<SqlValue> values, IBufferWriter<byte> writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        int size = GetTypeSuffixSize(values.Length);
        Span<byte> destination = writer.GetSpan(size)[..size];
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
            else if (values[i].StorageClass == SqlStorageClass.Decimal)
            {
                code = DecimalCode | values[i].RawDecimal.Scale;
            }

            destination[i] = (byte)code;
        }

        writer.Advance(size);
    }

    /// <summary>The size of the type suffix for <paramref name="columnCount"/> values.</summary>
    /// <param name="columnCount">The number of values.</param>
    /// <returns>The size in bytes.</returns>
    public static int GetTypeSuffixSize(int columnCount) => columnCount;

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
            int code = suffix[i];
            if (code == CanonicalCode)
            {
                continue;
            }

            if ((code & ~0x1F) == DecimalCode && (code & 0x1F) <= ExactDecimal.MaxScale && TryGetKeyDecimal(values[i], out decimal exact))
            {
                values[i] = SqlValue.FromDecimal(ExactDecimal.WithScale(exact, code & 0x1F));
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

    // The decimal a decoded number came from: INTEGER and DECIMAL as they are, a REAL (exactly D) exactly.
    private static bool TryGetKeyDecimal(in SqlValue value, out decimal exact)
    {
        if (value.TryGetExactDecimal(out exact))
        {
            return true;
        }

        return value.StorageClass == SqlStorageClass.Real
            && ExactDecimal.TryFromDoubleExact(BitConverter.Int64BitsToDouble(value.RawBits), out exact);
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
                value = SqlValue.FromUtf8Text(bytes);
                Return(rented);
                return 1 + length;
            }

            case BlobPrefix:
            {
                int length = DecodeEscaped(key[1..], descending, index, out byte[]? rented, out ReadOnlySpan<byte> bytes);
                value = SqlValue.FromBlobBytes(bytes);
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
        if (tie == ExactTie)
        {
            return NumberSize;
        }

        if (tie is not (AboveTie or BelowTie))
        {
            ThrowCorrupt($"number component {index} has the unknown tie byte 0x{tie:X2}.");
        }

        // The digits end with 00, inverted for a negative value and again for a descending column.
        byte terminator = (tie == BelowTie) ^ descending ? (byte)0xFF : (byte)0x00;
        int found = key.Length > NumberSize + 1
            ? key[(NumberSize + 1)..Math.Min(key.Length, MaxNumberSize)].IndexOf(terminator)
            : -1;
        if (found < 0)
        {
            ThrowCorrupt($"number component {index} has tie digits without an end.");
        }

        return NumberSize + 1 + found + 1;
    }

    private static int DecodeNumber(ReadOnlySpan<byte> key, bool descending, int index, out SqlValue value)
    {
        int length = NumberLength(key, descending, index);
        ulong sortable = BinaryPrimitives.ReadUInt64BigEndian(key[1..]);
        byte tie = key[9];
        if (descending)
        {
            sortable = ~sortable;
            tie = (byte)~tie;
        }

        double d = FromSortable(sortable);
        if (tie == ExactTie)
        {
            value = IsWholeInLongRange(d) ? SqlValue.FromInt64((long)d) : SqlValue.FromDouble(d);
            return length;
        }

        // A long or DECIMAL no double holds: its digits follow, and re-encoding it must give the same D.
        bool inverted = (tie == BelowTie) ^ descending;
        ReadOnlySpan<byte> tail = key[NumberSize..length];
        int integerDigits = inverted ? (byte)~tail[0] : tail[0];
        int digitCount = tail.Length - 2;
        UInt128 mantissa = 0;
        bool valid = digitCount is > 0 and <= MaxTieDigits && integerDigits <= digitCount;
        for (int i = 0; valid && i < digitCount; i++)
        {
            int digit = (inverted ? (byte)~tail[1 + i] : tail[1 + i]) - '0';
            valid = digit is >= 0 and <= 9 && (i > 0 || integerDigits == 0 || digit != 0);
            mantissa = (mantissa * 10) + (uint)digit;
        }

        int scale = digitCount - integerDigits;
        valid &= scale <= ExactDecimal.MaxScale && mantissa >> 96 == 0;
        if (valid)
        {
            decimal exactValue = ExactDecimal.Create(mantissa, scale, tie == BelowTie);
            valid = ExactDecimal.TowardZero(exactValue, out bool exact) == d && !exact;
            value = SqlValue.FromDecimal(exactValue);
        }
        else
        {
            value = default;
        }

        if (!valid || (tie == AboveTie) != (d > 0))
        {
            ThrowCorrupt($"number component {index} has an impossible tie (D = {d}, tie 0x{tie:X2}).");
        }

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
