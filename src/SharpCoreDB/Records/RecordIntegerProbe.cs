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

            // Serial types below 128 (every number, and texts and blobs under 58 bytes) take one byte.
            ulong serialType = record[position];
            int length = 1;
            if (serialType >= 0x80)
            {
                length = Varint.Read(record[position..header], out serialType);
                if (length == 0)
                {
                    return false;
                }
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

    // Inlined into TryRead (and so into a filtered scan's per-row probe): one range check for the integer types,
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
