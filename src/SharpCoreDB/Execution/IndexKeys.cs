using System.Buffers;
using SharpCoreDB.Catalog;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution;

/// <summary>
/// The key of an index entry, in one place for every reader and writer:
/// <code>
/// KeyEncoder(key columns…, each ASC or DESC) | row id (8 bytes) | type suffix (2 bits per key column)
/// </code>
/// The encoded columns order the entries; the row id makes every key unique and finds the row; the type suffix
/// (<see cref="KeyEncoder.WriteTypeSuffix"/>) lets an index-only scan give back REAL values that hold whole
/// numbers as REAL. Unique checks search by the column prefix alone.
/// </summary>
internal static class IndexKeys
{
    /// <summary>Writes the encoded key columns of <paramref name="row"/>: the prefix unique checks search by.</summary>
    /// <param name="index">The index.</param>
    /// <param name="row">The row in slot layout.</param>
    /// <param name="writer">The destination.</param>
    public static void WritePrefix(IndexSchema index, SqlValue[] row, IBufferWriter<byte> writer)
    {
        foreach (IndexColumn column in index.Columns)
        {
            KeyEncoder.EncodeValue(row[column.Ordinal], column.Descending, writer, column.Collation);
        }
    }

    /// <summary>Writes the whole entry key of <paramref name="row"/>.</summary>
    /// <param name="index">The index.</param>
    /// <param name="row">The row in slot layout.</param>
    /// <param name="rowId">The row id.</param>
    /// <param name="writer">The destination.</param>
    /// <param name="scratch">At least as many values as the index has columns.</param>
    public static void WriteEntry(IndexSchema index, SqlValue[] row, long rowId, IBufferWriter<byte> writer, SqlValue[] scratch)
    {
        WritePrefix(index, row, writer);
        KeyEncoder.EncodeRowId(rowId, writer);
        for (int i = 0; i < index.Columns.Length; i++)
        {
            scratch[i] = row[index.Columns[i].Ordinal];
        }

        KeyEncoder.WriteTypeSuffix(scratch.AsSpan(0, index.Columns.Length), writer);
    }

    /// <summary>The row id of an entry key.</summary>
    /// <param name="index">The index.</param>
    /// <param name="key">The entry key.</param>
    /// <returns>The row id.</returns>
    public static long RowIdOf(IndexSchema index, ReadOnlySpan<byte> key)
    {
        int suffix = KeyEncoder.GetTypeSuffixSize(index.Columns.Length);
        return KeyEncoder.ReadRowId(key.Slice(key.Length - suffix - KeyEncoder.RowIdSize, KeyEncoder.RowIdSize));
    }

    /// <summary>Decodes the key columns of an entry key, with their storage classes restored.</summary>
    /// <param name="index">The index.</param>
    /// <param name="key">The entry key.</param>
    /// <param name="values">Receives one value per key column, in index order.</param>
    public static void Decode(IndexSchema index, ReadOnlySpan<byte> key, Span<SqlValue> values)
    {
        int count = index.Columns.Length;
        KeyEncoder.Decode(key, values[..count]);
        KeyEncoder.ApplyTypeSuffix(key[^KeyEncoder.GetTypeSuffixSize(count)..], values[..count]);
    }
}
