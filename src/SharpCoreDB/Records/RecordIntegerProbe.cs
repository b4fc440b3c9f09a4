using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Records;

/// <summary>
/// Reads one column of a record straight from its bytes when it is an INTEGER, without a <see cref="RecordReader"/>
/// or a value: a table scan under a filter tests each row with it before decoding anything (see
/// <c>ScanPrefilter</c>). It never reports damage; it only says "not an INTEGER here", and the caller decodes such a
/// row as usual, whose reader throws for a damaged record.
/// </summary>
internal static class RecordIntegerProbe
{
    /// <summary>
    /// True, with its value, when <paramref name="record"/> holds column <paramref name="column"/> as an INTEGER;
    /// false when the column holds another storage class, lies past the stored columns or past the bytes given (a
    /// record's leaf part), follows a DECIMAL, or when the header up to it is malformed.
    /// </summary>
    /// <param name="record">The record's bytes (or its first bytes).</param>
    /// <param name="column">The zero-based column.</param>
    /// <param name="value">The integer.</param>
    /// <returns>Whether the column was read as an INTEGER.</returns>
    public static bool TryRead(ReadOnlySpan<byte> record, int column, out long value)
    {
        // The common shape, read with no varint call and no address-taken local: a header under 128 bytes whose
        // serial types up to the column are one byte each (every number, texts and blobs under 58 bytes). Any other
        // shape is read from the start by the general loop, so both paths answer alike for every record.
        if (record.IsEmpty || record[0] >= 0x80 || record[0] == 0 || record[0] > record.Length)
        {
            return TryReadAnyHeader(record, column, out value);
        }

        int header = record[0];
        int position = 1;
        long payload = header;
        ReadOnlySpan<sbyte> sizes = SmallTypeSizes;
        for (int i = 0; ; i++)
        {
            if (position >= header)
            {
                value = 0;
                return false;
            }

            uint serialType = record[position];
            if (serialType >= (uint)sizes.Length)
            {
                return TryReadAnyHeader(record, column, out value);
            }

            position++;
            if (i == column)
            {
                return TryReadInteger(record, serialType, payload, out value);
            }

            int size = sizes[(int)serialType];
            if (size < 0)
            {
                // A DECIMAL's size is in its payload: left to the full decode, as the general loop does.
                value = 0;
                return false;
            }

            payload += size;
        }
    }

    // Payload sizes of the one-byte serial types 0..127 (RecordFormat.GetPayloadSize), -1 for DECIMAL and the reserved
    // type: a table, so a column before the wanted one costs a load instead of a chain of compares.
    private static ReadOnlySpan<sbyte> SmallTypeSizes =>
    [
        0, 1, 2, 3, 4, 6, 8, 8, 0, 0, -1, -1,
        0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15,
        16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29,
        30, 30, 31, 31, 32, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37, 38, 38, 39, 39, 40, 40, 41, 41, 42, 42, 43, 43,
        44, 44, 45, 45, 46, 46, 47, 47, 48, 48, 49, 49, 50, 50, 51, 51, 52, 52, 53, 53, 54, 54, 55, 55, 56, 56, 57, 57,
    ];

    // Any header: varint header size and serial types of any length.
    private static bool TryReadAnyHeader(ReadOnlySpan<byte> record, int column, out long value)
    {
        value = 0;
        int position = Varint.Read(record, out ulong headerSize);
        if (position == 0 || headerSize < (ulong)position || headerSize > (ulong)record.Length)
        {
            return false;
        }

        int header = (int)headerSize;
        long payload = header;
        for (int i = 0; ; i++)
        {
            if (position >= header)
            {
                return false;
            }

            int length = Varint.Read(record[position..header], out ulong serialType);
            if (length == 0)
            {
                return false;
            }

            position += length;
            if (i == column)
            {
                return TryReadInteger(record, serialType, payload, out value);
            }

            // A DECIMAL's size is in its payload (-1 here): rare enough to leave to the full decode.
            int size = RecordFormat.GetPayloadSize(serialType);
            if (size < 0)
            {
                return false;
            }

            payload += size;
        }
    }

    // Inlined into both readers (and so into a filtered scan's per-row probe): one range check for the integer types,
    // then the big-endian bytes shifted in, sign-extended from the first.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryReadInteger(ReadOnlySpan<byte> record, ulong serialType, long offset, out long value)
    {
        if (serialType - 1 < 6)
        {
            int size = RecordFormat.GetIntegerSize(serialType);
            if ((ulong)offset + (uint)size > (uint)record.Length)
            {
                value = 0;
                return false;
            }

            ReadOnlySpan<byte> bytes = record.Slice((int)offset, size);
            long result = (sbyte)bytes[0];
            for (int i = 1; i < bytes.Length; i++)
            {
                result = (result << 8) | bytes[i];
            }

            value = result;
            return true;
        }

        // ZeroType and OneType hold 0 and 1 with no payload.
        bool constant = serialType is RecordFormat.ZeroType or RecordFormat.OneType;
        value = constant ? (long)(serialType - RecordFormat.ZeroType) : 0;
        return constant;
    }
}
