using System.Buffers;
using SharpCoreDB.Catalog;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution;

/// <summary>
/// The key of an index entry, in one place for every reader and writer:
/// <code>
/// KeyEncoder(key columns…, each ASC or DESC) | row locator | type suffix (one byte per key column)
/// </code>
/// The row locator is the row id (8 bytes), or for a WITHOUT ROWID table the row's key in the table tree (its
/// PRIMARY KEY columns encoded as <see cref="TableSchema.PrimaryKey"/> orders them, self-delimiting).
/// The encoded columns order the entries; the locator makes every key unique and finds the row; the type suffix
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
        Span<byte> locator = stackalloc byte[KeyEncoder.RowIdSize];
        KeyEncoder.WriteRowId(rowId, locator);
        WriteEntry(index, row, locator, writer, scratch);
    }

    /// <summary>Writes the whole entry key of a decoded row of <paramref name="table"/>, locating it as the table does.</summary>
    /// <param name="index">The index.</param>
    /// <param name="table">The indexed table.</param>
    /// <param name="row">The row in slot layout (the row id, or for a WITHOUT ROWID table the key columns, decoded).</param>
    /// <param name="writer">The destination.</param>
    /// <param name="scratch">At least as many values as the index has columns.</param>
    /// <param name="locator">Scratch for the encoded PRIMARY KEY of a WITHOUT ROWID row.</param>
    public static void WriteEntry(IndexSchema index, TableSchema table, SqlValue[] row, IBufferWriter<byte> writer, SqlValue[] scratch, ArrayBufferWriter<byte> locator)
    {
        if (table.PrimaryKey is not { } primaryKey)
        {
            WriteEntry(index, row, row[table.RowIdSlot].AsInt64(), writer, scratch);
            return;
        }

        locator.ResetWrittenCount();
        WritePrefix(primaryKey, row, locator);
        WriteEntry(index, row, locator.WrittenSpan, writer, scratch);
    }

    /// <summary>Writes the whole entry key of <paramref name="row"/> with any row locator.</summary>
    /// <param name="index">The index.</param>
    /// <param name="row">The row in slot layout.</param>
    /// <param name="locator">The encoded row id, or the row's key in a WITHOUT ROWID table tree.</param>
    /// <param name="writer">The destination.</param>
    /// <param name="scratch">At least as many values as the index has columns.</param>
    public static void WriteEntry(IndexSchema index, SqlValue[] row, ReadOnlySpan<byte> locator, IBufferWriter<byte> writer, SqlValue[] scratch)
    {
        WritePrefix(index, row, writer);
        writer.Write(locator);
        for (int i = 0; i < index.Columns.Length; i++)
        {
            scratch[i] = row[index.Columns[i].Ordinal];
        }

        KeyEncoder.WriteTypeSuffix(scratch.AsSpan(0, index.Columns.Length), writer);
    }

    /// <summary>
    /// The key order of an index tree: null (byte order) unless a key column has a user collation, which the tree then
    /// compares through (see <see cref="CollatedKeyComparer"/>), each resolved by name on <paramref name="collations"/>.
    /// </summary>
    /// <param name="index">The index (for a WITHOUT ROWID table's PRIMARY KEY, the table tree's order).</param>
    /// <param name="collations">The database's collations; null resolves nothing (comparing then fails as unregistered).</param>
    /// <returns>The order, or null for byte order.</returns>
    public static CollatedKeyComparer? KeyOrder(IndexSchema index, CollationRegistry? collations)
    {
        if (!index.HasUserCollation)
        {
            return null;
        }

        var columns = new Collation?[index.Columns.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            if (index.Columns[i].Collation is { Kind: CollationKind.User } named)
            {
                columns[i] = collations?.ForStoredName(named.Name) ?? named;
            }
        }

        return new CollatedKeyComparer(columns);
    }

    /// <summary>
    /// Compares the first <paramref name="count"/> key columns of two entry keys (or prefixes) in the index's order:
    /// by bytes, or through <paramref name="order"/>. Zero means the columns are equal (a duplicate for UNIQUE).
    /// </summary>
    /// <param name="order">The tree's order (<see cref="KeyOrder"/>), or null for byte order.</param>
    /// <param name="left">A key or prefix.</param>
    /// <param name="right">Another.</param>
    /// <param name="count">How many key columns.</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int CompareColumns(Storage.BTree.BTreeKeyComparer? order, ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, int count)
    {
        if (order is CollatedKeyComparer collated)
        {
            return collated.CompareColumns(left, right, count);
        }

        int leftLength = KeyEncoder.GetPrefixLength(left, count);
        int rightLength = KeyEncoder.GetPrefixLength(right, count);
        return left[..leftLength].SequenceCompareTo(right[..rightLength]);
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

    /// <summary>
    /// The row locator of an entry key: the encoded row id, or for an index of a WITHOUT ROWID table the row's key
    /// in the table tree.
    /// </summary>
    /// <param name="index">The index.</param>
    /// <param name="key">The entry key.</param>
    /// <param name="withoutRowId">True when the index belongs to a WITHOUT ROWID table.</param>
    /// <returns>A slice of <paramref name="key"/>.</returns>
    public static ReadOnlySpan<byte> LocatorOf(IndexSchema index, ReadOnlySpan<byte> key, bool withoutRowId)
    {
        int end = key.Length - KeyEncoder.GetTypeSuffixSize(index.Columns.Length);
        int start = withoutRowId ? KeyEncoder.GetPrefixLength(key, index.Columns.Length) : end - KeyEncoder.RowIdSize;
        return key[start..end];
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
