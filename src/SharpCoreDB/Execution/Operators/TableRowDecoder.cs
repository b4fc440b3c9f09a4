using SharpCoreDB.Catalog;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Decodes a table record into a slot row: only the columns the statement uses (lazily, through
/// <see cref="RecordReader"/>), the row-id alias from the key, and the row id after the last column. Values get
/// their column's declared CLR type tag. A record that spills into overflow pages is read only as far as the last
/// column asked for, into one reused buffer (or not at all when the leaf holds those columns).
/// </summary>
internal sealed class TableRowDecoder
{
    private readonly TableSchema _table;
    private readonly int[] _columns;

    // How many leading record columns the decode reads: past the last one it asks for, the record is not needed.
    private readonly int _leadingColumns;
    private byte[] _buffer = [];

    // Whether BLOBs longer than an inline one borrow their bytes from the record buffer (see BlobLending).
    private bool _lendsBlobs;

    /// <summary>Creates a decoder.</summary>
    /// <param name="table">The table.</param>
    /// <param name="columns">The ordinals of the columns to decode.</param>
    public TableRowDecoder(TableSchema table, int[] columns)
    {
        _table = table;
        _columns = table.PrimaryKey is { } primaryKey ? WithKeyColumns(columns, primaryKey) : columns;
        foreach (int column in _columns)
        {
            if (column != table.RowIdAlias)
            {
                _leadingColumns = Math.Max(_leadingColumns, column + 1);
            }
        }
    }

    /// <summary>The table.</summary>
    public TableSchema Table => _table;

    /// <summary>
    /// Makes the decode of a record held in a reused buffer (one spilling into overflow pages, or a seek's copy)
    /// leave BLOBs in that buffer (<see cref="BorrowedBlob"/>) instead of copying each into an array: for plans
    /// whose values do not outlive their row (see <see cref="BlobLending"/>).
    /// </summary>
    public void LendBlobs() => _lendsBlobs = true;

    /// <summary>The ordinals of the columns decoded (those asked for, and a WITHOUT ROWID table's key columns).</summary>
    public IReadOnlyList<int> Columns => _columns;

    /// <summary>
    /// The bytes of a record, starting with <paramref name="head"/>, that this decoder reads (see
    /// <see cref="RecordPrefix.NeededLength"/>); -1 when <paramref name="head"/> is too short to tell.
    /// </summary>
    /// <param name="head">The record's first bytes.</param>
    /// <returns>The byte count, or -1.</returns>
    public long NeededLength(ReadOnlySpan<byte> head) => RecordPrefix.NeededLength(head, _leadingColumns);

    /// <summary>Decodes the cursor's current entry into <paramref name="row"/>.</summary>
    /// <param name="cursor">A table cursor positioned on a row.</param>
    /// <param name="row">The slot row (columns, then the row id).</param>
    public void Decode(BTreeCursor cursor, SqlValue[] row)
    {
        long rowId = _table.WithoutRowId ? 0 : KeyEncoder.ReadRowId(cursor.Key);
        if (cursor.IsValueInline)
        {
            Decode(cursor.InlineValue, rowId, row);
            return;
        }

        // The record starts in the leaf and goes on in overflow pages. Only the bytes up to the last column asked
        // for are read: from the leaf alone when they are there, else from just the overflow pages holding them.
        ReadOnlySpan<byte> local = cursor.LocalValue;
        int length = cursor.ValueLength;
        long needed = NeededLength(local);
        if (needed >= 0 && needed <= local.Length)
        {
            Decode(local.Slice(0, (int)needed), rowId, row);
            return;
        }

        int copy = needed >= 0 && needed < length ? (int)needed : length;
        if (_buffer.Length < copy)
        {
            _buffer = new byte[Math.Max(copy, _buffer.Length * 2)];
        }

        cursor.CopyValuePrefixTo(_buffer.AsSpan(0, copy));
        Decode(_buffer, copy, rowId, row);
    }

    /// <summary>Decodes a record held at the start of a buffer that stays unchanged while the row is current.</summary>
    /// <param name="buffer">The buffer.</param>
    /// <param name="length">The record's length (or the prefix of it the decoder needs).</param>
    /// <param name="rowId">The row id.</param>
    /// <param name="row">The slot row.</param>
    public void Decode(byte[] buffer, int length, long rowId, SqlValue[] row) =>
        Decode(buffer.AsSpan(0, length), rowId, row, _lendsBlobs ? buffer : null);

    /// <summary>Decodes a record.</summary>
    /// <param name="record">The record bytes.</param>
    /// <param name="rowId">The row id.</param>
    /// <param name="row">The slot row.</param>
    public void Decode(ReadOnlySpan<byte> record, long rowId, SqlValue[] row) => Decode(record, rowId, row, lender: null);

    // lender: the array record starts at, when its BLOBs may be borrowed. A record elsewhere (in a leaf page the
    // cursor will leave) is copied into the reused buffer at its first lent BLOB: one copy into a buffer, where a
    // decoded array per BLOB would be a second allocation and copy besides the caller's.
    private void Decode(ReadOnlySpan<byte> record, long rowId, SqlValue[] row, byte[]? lender)
    {
        var reader = new RecordReader(record);
        int alias = _table.RowIdAlias;
        foreach (int column in _columns)
        {
            ColumnSchema schema = _table.Columns[column];
            SqlValue value = column == alias ? SqlValue.FromInt64(rowId)
                : _lendsBlobs && reader.TryLocateBlob(column, out int offset, out int length) && length > PackedBlob.Size
                    ? SqlValue.FromBorrowedBlob(new BorrowedBlob(lender ??= Stash(record), offset, length))
                    : reader.GetValue(column, schema.Missing);
            SqlDeclaredType declared = schema.DeclaredType;
            row[column] = declared == SqlDeclaredType.None || value.IsNull ? value : value.WithDeclaredType(declared);
        }

        row[_table.RowIdSlot] = _table.WithoutRowId ? SqlValue.Null : SqlValue.FromInt64(rowId);
    }

    private byte[] Stash(ReadOnlySpan<byte> record)
    {
        if (_buffer.Length < record.Length)
        {
            _buffer = new byte[Math.Max(record.Length, _buffer.Length * 2)];
        }

        record.CopyTo(_buffer);
        return _buffer;
    }

    // A WITHOUT ROWID row is found again by its key columns (UPDATE, DELETE, an index entry's locator): they are
    // always decoded, as a row id always is.
    private static int[] WithKeyColumns(int[] columns, IndexSchema primaryKey)
    {
        var merged = new List<int>(columns);
        foreach (IndexColumn key in primaryKey.Columns)
        {
            if (!merged.Contains(key.Ordinal))
            {
                merged.Add(key.Ordinal);
            }
        }

        return [.. merged];
    }
}
