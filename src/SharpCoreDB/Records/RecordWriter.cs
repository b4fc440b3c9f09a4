using System.Buffers.Binary;
using System.Buffers;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Records;

/// <summary>Writes a row of <see cref="SqlValue"/>s in the record format described by <see cref="RecordFormat"/>.</summary>
internal static class RecordWriter
{
    /// <summary>The size of the record for <paramref name="values"/>.</summary>
    /// <param name="values">The row.</param>
    /// <returns>The record size in bytes.</returns>
    /// <exception cref="SharpCoreDBException">The record would exceed <see cref="RecordFormat.MaxRecordSize"/> (TooBig).</exception>
    public static int GetSize(ReadOnlySpan<SqlValue> values)
    {
        Measure(values, out int headerSize, out int payloadSize);
        return headerSize + payloadSize;
    }

    /// <summary>Writes the record for <paramref name="values"/> into <paramref name="writer"/>.</summary>
    /// <param name="values">The row.</param>
    /// <param name="writer">The destination, for example a <see cref="PooledBufferWriter"/>.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="SharpCoreDBException">The record would exceed <see cref="RecordFormat.MaxRecordSize"/> (TooBig).</exception>
    public static int Write(ReadOnlySpan<SqlValue> values, IBufferWriter<byte> writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        Measure(values, out int headerSize, out int payloadSize);
        int size = headerSize + payloadSize;
        WriteCore(values, headerSize, writer.GetSpan(size)[..size]);
        writer.Advance(size);
        return size;
    }

    /// <summary>Writes the record for <paramref name="values"/> at the start of <paramref name="destination"/>.</summary>
    /// <param name="values">The row.</param>
    /// <param name="destination">The destination; must hold <see cref="GetSize"/> bytes.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
    /// <exception cref="SharpCoreDBException">The record would exceed <see cref="RecordFormat.MaxRecordSize"/> (TooBig).</exception>
    public static int Write(ReadOnlySpan<SqlValue> values, Span<byte> destination)
    {
        Measure(values, out int headerSize, out int payloadSize);
        int size = headerSize + payloadSize;
        if (destination.Length < size)
        {
            throw new ArgumentException($"The record needs {size} bytes; the destination has {destination.Length}.", nameof(destination));
        }

        WriteCore(values, headerSize, destination[..size]);
        return size;
    }

    private static void Measure(ReadOnlySpan<SqlValue> values, out int headerSize, out int payloadSize)
    {
        long typesLength = 0;
        long payload = 0;
        foreach (ref readonly SqlValue value in values)
        {
            ulong serialType = GetSerialType(value, out long size);
            typesLength += Varint.Size(serialType);
            payload += size;
        }

        // The header size counts its own varint: grow the guess until it is stable (at most twice).
        long header = typesLength + 1;
        while (Varint.Size((ulong)header) + typesLength > header)
        {
            header = Varint.Size((ulong)header) + typesLength;
        }

        if (header + payload > RecordFormat.MaxRecordSize)
        {
            RecordFormat.ThrowTooBig(header + payload);
        }

        headerSize = (int)header;
        payloadSize = (int)payload;
    }

    private static ulong GetSerialType(in SqlValue value, out long size)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Null:
                size = 0;
                return RecordFormat.NullType;
            case SqlStorageClass.Integer:
                ulong integerType = RecordFormat.GetIntegerType(value.RawBits);
                size = integerType >= RecordFormat.ZeroType ? 0 : RecordFormat.GetIntegerSize(integerType);
                return integerType;
            case SqlStorageClass.Real:
                size = 8;
                return RecordFormat.RealType;
            case SqlStorageClass.Decimal:
                size = 2 + DecimalMantissaSize(value.RawDecimal);
                return RecordFormat.DecimalType;
            case SqlStorageClass.Text:
                size = value.IsPackedText ? value.GetPackedTextLength() : Utf8Text.GetByteCount((string)value.RawReference!);
                return CheckedLengthType(RecordFormat.FirstTextType, size);
            default:
                size = value.BlobLength;
                return CheckedLengthType(RecordFormat.FirstBlobType, size);
        }
    }

    private static ulong CheckedLengthType(ulong first, long size)
    {
        if (size > RecordFormat.MaxRecordSize)
        {
            RecordFormat.ThrowTooBig(size);
        }

        return first + (2 * (ulong)size);
    }

    private static void WriteCore(ReadOnlySpan<SqlValue> values, int headerSize, Span<byte> destination)
    {
        int header = Varint.Write(destination, (ulong)headerSize);
        int payload = headerSize;

        // Room for a BLOB held inline (a GUID), taken once rather than per column.
        Span<byte> inline = stackalloc byte[PackedBlob.Size];
        foreach (ref readonly SqlValue value in values)
        {
            switch (value.StorageClass)
            {
                case SqlStorageClass.Null:
                    destination[header++] = (byte)RecordFormat.NullType;
                    break;
                case SqlStorageClass.Integer:
                    ulong integerType = RecordFormat.GetIntegerType(value.RawBits);
                    destination[header++] = (byte)integerType;
                    if (integerType < RecordFormat.ZeroType)
                    {
                        int size = RecordFormat.GetIntegerSize(integerType);
                        WriteBigEndian(value.RawBits, destination.Slice(payload, size));
                        payload += size;
                    }

                    break;
                case SqlStorageClass.Real:
                    destination[header++] = (byte)RecordFormat.RealType;
                    BinaryPrimitives.WriteInt64BigEndian(destination[payload..], value.RawBits);
                    payload += 8;
                    break;
                case SqlStorageClass.Decimal:
                    destination[header++] = (byte)RecordFormat.DecimalType;
                    payload += WriteDecimal(value.RawDecimal, destination[payload..]);
                    break;
                case SqlStorageClass.Text:
                    int textSize = value.IsPackedText
                        ? value.WritePackedUtf8(destination[payload..])
                        : Utf8Text.Encode((string)value.RawReference!, destination[payload..]);
                    header += Varint.Write(destination[header..], RecordFormat.FirstTextType + (2 * (ulong)textSize));
                    payload += textSize;
                    break;
                default:
                    ReadOnlySpan<byte> blob = value.GetBlobBytes(inline);
                    blob.CopyTo(destination[payload..]);
                    header += Varint.Write(destination[header..], RecordFormat.FirstBlobType + (2 * (ulong)blob.Length));
                    payload += blob.Length;
                    break;
            }
        }
    }

    // The mantissa bytes of a DECIMAL payload: the fewest that hold it, at least one.
    private static int DecimalMantissaSize(decimal value)
    {
        UInt128 mantissa = ExactDecimal.Mantissa(value);
        int bits = 128 - (int)UInt128.LeadingZeroCount(mantissa);
        return Math.Max(1, (bits + 7) / 8);
    }

    private static int WriteDecimal(decimal value, Span<byte> destination)
    {
        int size = DecimalMantissaSize(value);
        UInt128 mantissa = ExactDecimal.Mantissa(value);
        destination[0] = (byte)size;
        destination[1] = (byte)(value.Scale | (value < 0 ? 0x80 : 0));
        for (int i = size + 1; i >= 2; i--)
        {
            destination[i] = (byte)mantissa;
            mantissa >>= 8;
        }

        return 2 + size;
    }

    // Writes the low destination.Length bytes of value, most significant first.
    private static void WriteBigEndian(long value, Span<byte> destination)
    {
        for (int i = destination.Length - 1; i >= 0; i--)
        {
            destination[i] = (byte)value;
            value >>= 8;
        }
    }
}
