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
        ReadOnlySpan<sbyte> sizes = s_smallTypeSizes;
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

    // Payload sizes of the one-byte serial types 0..127 (RecordFormat.GetPayloadSize: -1 for DECIMAL and the reserved
    // type), taken once into a table, so a column before the wanted one costs a load instead of a chain of compares.
    private static readonly sbyte[] s_smallTypeSizes = SmallTypeSizes();

    private static sbyte[] SmallTypeSizes()
    {
        var sizes = new sbyte[0x80];
        for (int type = 0; type < sizes.Length; type++)
        {
            sizes[type] = (sbyte)RecordFormat.GetPayloadSize((ulong)type);
        }

        return sizes;
    }

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

    // Inlined into both readers (and so into a filtered scan's per-row probe): one range check for the integer types.
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

            value = RecordFormat.ReadInteger(record.Slice((int)offset, size));
            return true;
        }

        // ZeroType and OneType hold 0 and 1 with no payload.
        bool constant = serialType is RecordFormat.ZeroType or RecordFormat.OneType;
        value = constant ? (long)(serialType - RecordFormat.ZeroType) : 0;
        return constant;
    }
}
