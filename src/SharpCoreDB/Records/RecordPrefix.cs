using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Records;

/// <summary>
/// How much of a record a reader needs for its first columns, told from the record's first bytes. A large record is
/// stored partly in overflow pages; a reader that wants only the columns before a large one reads just this many
/// bytes instead of the whole record.
/// </summary>
internal static class RecordPrefix
{
    /// <summary>
    /// The bytes of the record starting with <paramref name="head"/> that hold its header and the payloads of columns
    /// [0, <paramref name="columns"/>): a <see cref="RecordReader"/> over that many bytes reads those columns as over
    /// the whole record.
    /// </summary>
    /// <param name="head">The record's first bytes (not necessarily all of it).</param>
    /// <param name="columns">How many leading columns the reader needs.</param>
    /// <returns>The byte count, or -1 when <paramref name="head"/> is too short to tell (the header, or a DECIMAL's
    /// size byte, lies past it) or the header is malformed; the caller then reads the whole record, whose reader
    /// reports any damage.</returns>
    public static long NeededLength(ReadOnlySpan<byte> head, int columns)
    {
        int offset = Varint.Read(head, out ulong headerSize);
        if (offset == 0 || headerSize < (ulong)offset || headerSize > RecordFormat.MaxRecordSize)
        {
            return -1;
        }

        int header = (int)headerSize;
        long payload = header;
        for (int column = 0; column < columns && offset < header; column++)
        {
            int length = Varint.Read(head[offset..Math.Min(header, head.Length)], out ulong serialType);
            if (length == 0)
            {
                return -1;
            }

            long size;
            if (serialType == RecordFormat.DecimalType)
            {
                if (payload >= head.Length)
                {
                    return -1;
                }

                size = 2 + head[(int)payload];
            }
            else
            {
                size = RecordFormat.GetPayloadSize(serialType);
                if (size < 0)
                {
                    return -1;
                }
            }

            offset += length;
            payload += size;
        }

        return payload;
    }
}
