using System.Buffers;
using System.Collections.Immutable;
using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// Writes rows of one table and keeps its indexes consistent: applies column affinity, assigns row ids
/// (INTEGER PRIMARY KEY, AUTOINCREMENT), enforces NOT NULL, CHECK, PRIMARY KEY and UNIQUE (with OR REPLACE /
/// OR IGNORE), and encodes records and index keys into reused buffers.
/// </summary>
/// <remarks>
/// Rows are arrays in slot layout: one value per column, then the row id. Constraint checks run before the
/// first change to the trees, so a row either goes in whole or not at all; a failure in the middle of a
/// multi-row statement is undone by the statement's undo log or the transaction's rollback.
/// </remarks>
internal sealed partial class TableWriter
{
    // The head of a record a read of its leading columns copies first: enough for the header and the leading
    // columns of most rows, so a large trailing value's overflow pages are never touched.
    private const int PrefixProbeBytes = 4096;

    private readonly TableSchema _table;
    private readonly int _slot;
    private readonly IReadOnlyList<Expr> _checks;
    private readonly ForeignKeys.ForeignKeyEnforcer? _foreignKeys;
    private readonly ArrayBufferWriter<byte> _key = new(64);
    private readonly ArrayBufferWriter<byte> _oldKey = new(64);
    private readonly byte[] _rowKey = new byte[KeyEncoder.RowIdSize];

    // WITHOUT ROWID: the key of the row being written, of the row it replaces (UPDATE), and scratch for the key an
    // index entry or a removal derives from a row.
    private readonly ArrayBufferWriter<byte> _tableKey = new(32);
    private readonly ArrayBufferWriter<byte> _oldTableKey = new(32);
    private readonly ArrayBufferWriter<byte> _locator = new(32);
    private readonly SqlValue[] _record;
    private readonly SqlValue[] _keyScratch;
    private readonly ArrayBufferWriter<byte> _recordBuffer = new(256);
    private byte[] _readBuffer = new byte[256];
    private SqlValue[]? _keyRow;

    // The columns a delete decodes without and with the foreign-key hooks (empty: every column), once worked out.
    private bool[]? _deleteColumns;
    private bool[]? _deleteColumnsWithForeignKeys;
    private long? _largestRowId;
    private long _sequence;
    private bool _sequenceDirty;

    /// <summary>Creates a writer.</summary>
    /// <param name="table">The table.</param>
    /// <param name="slot">The slot CHECK constraints read the new row from.</param>
    /// <param name="checks">The bound CHECK conditions.</param>
    /// <param name="foreignKeys">Enforces the foreign keys the table takes part in, or null when it has none (or the writer serves DDL).</param>
    public TableWriter(TableSchema table, int slot, IReadOnlyList<Expr> checks, ForeignKeys.ForeignKeyEnforcer? foreignKeys = null)
    {
        _table = table;
        _foreignKeys = foreignKeys;
        _slot = slot;
        _checks = checks;
        _record = new SqlValue[table.Columns.Length];
        int widest = table.Columns.Length;
        foreach (IndexSchema index in table.Indexes)
        {
            widest = Math.Max(widest, index.Columns.Length);
        }

        _keyScratch = new SqlValue[widest];
    }

    /// <summary>The table.</summary>
    public TableSchema Table => _table;

    /// <summary>
    /// Resolves the foreign keys when a statement starts (with foreign keys on), raising SQLite's prepare-time errors:
    /// a missing parent table, a parent key without a unique index.
    /// </summary>
    /// <param name="context">The execution context.</param>
    /// <param name="changesParentKeys">True for UPDATE and DELETE.</param>
    public void PrepareForeignKeys(ExecutionContext context, bool changesParentKeys) => _foreignKeys?.Prepare(context, changesParentKeys);

    /// <summary>True when a deleted row must be read whole first: foreign keys are on and the table takes part in one.</summary>
    /// <param name="context">The execution context.</param>
    /// <returns>True when <see cref="Delete"/> needs every column.</returns>
    public bool NeedsWholeRow(ExecutionContext context) => _foreignKeys is not null && _foreignKeys.IsActive(context);

    /// <summary>True while a one-row INSERT runs at the top level (see <see cref="ForeignKeys.ForeignKeyEnforcer.BeforeInsert"/>).</summary>
    public bool SingleRowInsert { get; set; }

    /// <summary>
    /// Per column, its bound DEFAULT or null: OR REPLACE stores it in place of a NULL in a NOT NULL column, as in
    /// SQLite. Null when the statement has none bound (then such a NULL always fails).
    /// </summary>
    public Expr?[]? Defaults { get; init; }

    /// <summary>
    /// Per index of the table (in <see cref="TableSchema.Indexes"/> order), the WHERE of a partial index bound against
    /// the writer's slot, or null for a full index; null when the table has no partial index. A row has an entry
    /// in a partial index only while the WHERE is true for it.
    /// </summary>
    public Expr?[]? IndexPredicates { get; init; }

    /// <summary>
    /// Per index of the table, the key expressions of an index on expressions (null for a plain column), bound against
    /// <see cref="KeySlot"/>; null for an index of columns only, and null when the table has none.
    /// </summary>
    public Expr?[]?[]? IndexExpressions { get; init; }

    /// <summary>
    /// The slot <see cref="IndexExpressions"/> read their row from: the writer's own, so that computing the key of the
    /// row being replaced never overwrites the new row in the statement's slot.
    /// </summary>
    public int KeySlot { get; init; } = -1;

    /// <summary>
    /// Per column, the expression of a generated column bound against <see cref="GeneratedSlot"/> (null for an
    /// ordinary column); null when the table has none. Computed on every insert and update, in
    /// <see cref="TableSchema.GeneratedOrder"/>, after the other columns got their affinity and the row its id.
    /// </summary>
    public Expr?[]? Generated { get; init; }

    /// <summary>
    /// The slot <see cref="Generated"/> read their row from: the writer's own, since an upsert's row is not in the
    /// writer's slot and the statement's slot may hold the row being replaced.
    /// </summary>
    public int GeneratedSlot { get; init; } = -1;

    /// <summary>Forgets per-execution state (the cached largest row id).</summary>
    public void Begin()
    {
        _largestRowId = null;
        _sequenceDirty = false;
    }

    /// <summary>Stores the AUTOINCREMENT sequence if the statement raised it.</summary>
    /// <param name="context">The execution context.</param>
    public void Finish(ExecutionContext context)
    {
        if (_sequenceDirty)
        {
            CatalogStore.WriteSequence(context.Transaction, _table.Name, _sequence);
            _sequenceDirty = false;
        }
    }

    /// <summary>
    /// After <see cref="Insert"/> returned false: the upsert clause whose constraint the row collided with and the row
    /// id of the existing row, or null when the insert was skipped for another reason.
    /// </summary>
    public (UpsertAction Action, RowLocator Row)? Collision { get; private set; }

    /// <summary>Inserts a row.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The row in slot layout (the row-id position is filled in); normally the writer's slot.</param>
    /// <param name="conflict">OR REPLACE / OR IGNORE / default (abort).</param>
    /// <param name="upserts">The statement's ON CONFLICT clauses, or null.</param>
    /// <returns>True when inserted; false when OR IGNORE skipped it or it collided under an upsert clause (<see cref="Collision"/>).</returns>
    public bool Insert(ExecutionContext context, SqlValue[] row, ConflictResolution conflict, IReadOnlyList<UpsertAction>? upserts = null)
    {
        Collision = null;
        TransactionContext transaction = context.Transaction;
        ApplyAffinity(row);
        bool keyed = _table.WithoutRowId;
        long rowId = keyed ? 0 : AssignRowId(transaction, row, conflict);
        _oldTableKey.ResetWrittenCount();
        if (_table.AutoIncrement)
        {
            // As in SQLite, the sequence takes the id as soon as it is chosen: a row that OR IGNORE then skips
            // has still used it (a failing statement takes the whole change back).
            RaiseSequence(transaction, rowId);
        }

        ComputeGenerated(context, row);
        if (!CheckRow(context, row, conflict))
        {
            return false;
        }

        ReadOnlySpan<byte> ownKey = OwnKey(row, rowId);

        // Uniqueness conflicts an upsert clause takes over are found before anything is written; the rest are
        // handled below as the statement's conflict resolution says.
        if (upserts is not null && FindCollision(context, row, rowId, upserts) is { } collision)
        {
            Collision = collision;
            return false;
        }

        bool replace = conflict is ConflictResolution.Replace or ConflictResolution.Ignore;
        if (replace && transaction.Tree(_table.RootPage).ContainsKey(ownKey))
        {
            if (conflict == ConflictResolution.Ignore)
            {
                return false;
            }

            DeleteAt(context, keyed ? new RowLocator(0, ownKey.ToArray()) : new RowLocator(rowId, null));
        }

        if (!CheckUnique(context, row, rowId, long.MinValue, conflict))
        {
            return false;
        }

        if (_foreignKeys is not null && _foreignKeys.IsActive(context))
        {
            _foreignKeys.BeforeInsert(context, row, SingleRowInsert);
        }

        // The row goes in before its index entries: a duplicate row id leaves every tree untouched.
        if (!WriteRecord(transaction, row, rowId, insert: true))
        {
            throw Conflict(SharpCoreDBErrorCode.PrimaryKeyViolation, PrimaryKeyOrdinals(), conflict);
        }

        InsertIndexEntries(context, row, rowId);

        // SQLite's last_insert_rowid() is not changed by a WITHOUT ROWID insert.
        NoteRowId(rowId);
        if (!keyed && transaction.Counters is { } counters)
        {
            counters.LastInsertRowId = rowId;
        }

        return true;
    }

    /// <summary>Replaces a row's values (and row id, when the alias column changed).</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="oldRow">The row before the change (slot layout).</param>
    /// <param name="row">The new values (slot layout; the writer's slot, so CHECKs see them).</param>
    /// <param name="conflict">The conflict resolution.</param>
    /// <param name="assigned">Per slot, true for the columns the statement assigns (foreign keys look at these, as SQLite does); null for all.</param>
    /// <returns>True when updated; false when OR IGNORE skipped it.</returns>
    public bool Update(ExecutionContext context, SqlValue[] oldRow, SqlValue[] row, ConflictResolution conflict, bool[]? assigned = null)
    {
        if (_table.WithoutRowId)
        {
            return UpdateKeyed(context, oldRow, row, conflict, assigned);
        }

        TransactionContext transaction = context.Transaction;
        long oldRowId = oldRow[_table.RowIdSlot].AsInt64();
        ApplyAffinity(row);
        SqlValue idValue = _table.RowIdAlias >= 0 ? row[_table.RowIdAlias] : row[_table.RowIdSlot];
        if (idValue.IsNull)
        {
            string column = _table.RowIdAlias >= 0 ? _table.Columns[_table.RowIdAlias].Name : "rowid";
            throw Violation(SharpCoreDBErrorCode.NotNullViolation, $"NOT NULL constraint failed: {_table.Name}.{column}", conflict);
        }

        long rowId = RowIdOf(idValue, conflict);
        if (_table.RowIdAlias >= 0)
        {
            row[_table.RowIdAlias] = SqlValue.FromInt64(rowId);
        }

        row[_table.RowIdSlot] = SqlValue.FromInt64(rowId);
        ComputeGenerated(context, row);
        if (!CheckRow(context, row, conflict))
        {
            return false;
        }

        if (rowId != oldRowId)
        {
            KeyEncoder.WriteRowId(rowId, _rowKey);
            if (transaction.Tree(_table.RootPage).ContainsKey(_rowKey))
            {
                if (conflict == ConflictResolution.Ignore)
                {
                    return false;
                }

                if (conflict != ConflictResolution.Replace)
                {
                    throw Conflict(SharpCoreDBErrorCode.PrimaryKeyViolation, _table.RowIdAlias >= 0 ? [_table.RowIdAlias] : [], conflict);
                }

                DeleteAt(context, new RowLocator(rowId, null));
            }
        }

        if (!CheckUnique(context, row, rowId, oldRowId, conflict, oldRow))
        {
            return false;
        }

        if (_foreignKeys is not null && _foreignKeys.IsActive(context))
        {
            // SQLite's order: the old row's checks while it is stored, then the new row's once the old one is gone,
            // then the ON UPDATE actions after the new row is in.
            _foreignKeys.BeforeUpdateRemoval(context, oldRow, assigned);
            RemoveRow(context, oldRow, oldRowId);
            _foreignKeys.BeforeUpdateInsertion(context, row, assigned);
            WriteRecord(transaction, row, rowId, insert: true);
            InsertIndexEntries(context, row, rowId);

            NoteRowId(rowId);
            _foreignKeys.AfterUpdate(context, oldRow, row, assigned);
            return true;
        }

        for (int i = 0; i < _table.Indexes.Length; i++)
        {
            IndexSchema index = _table.Indexes[i];
            EncodeIndexKey(index, KeyRow(context, i, oldRow), oldRowId, _oldKey);
            EncodeIndexKey(index, KeyRow(context, i, row), rowId, _key);
            if (IndexPredicates?[i] is not null)
            {
                // The old row may or may not have had an entry, the new one may or may not need one: deleting an
                // absent key does nothing, so the old entry goes and the new one comes when the WHERE holds.
                transaction.Delete(index.RootPage, _oldKey.WrittenSpan);
                if (InIndex(context, i, row))
                {
                    InsertIndexEntry(transaction, index);
                }
            }
            else if (!_oldKey.WrittenSpan.SequenceEqual(_key.WrittenSpan))
            {
                transaction.Delete(index.RootPage, _oldKey.WrittenSpan);
                InsertIndexEntry(transaction, index);
            }
        }

        if (rowId != oldRowId)
        {
            KeyEncoder.WriteRowId(oldRowId, _rowKey);
            transaction.Delete(_table.RootPage, _rowKey);
            WriteRecord(transaction, row, rowId, insert: true);
            NoteRowId(rowId);
        }
        else
        {
            WriteRecord(transaction, row, rowId, insert: false);
        }

        return true;
    }

    /// <summary>Stores a row again in this table's layout, under its row id (last slot), leaving the index entries alone.</summary>
    /// <param name="transaction">The transaction.</param>
    /// <param name="row">The row (slot layout of this table).</param>
    public void Rewrite(TransactionContext transaction, SqlValue[] row)
    {
        long rowId = _table.WithoutRowId ? 0 : row[_table.RowIdSlot].AsInt64();
        OwnKey(row, rowId);
        WriteRecord(transaction, row, rowId, insert: false);
    }

    /// <summary>Deletes a row and its index entries.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The row (slot layout, every indexed column decoded).</param>
    /// <param name="cascadedFrom">
    /// For a row an ON DELETE CASCADE deletes in place, the constraint whose parent row went (its check is skipped, see
    /// <see cref="ForeignKeys.ForeignKeyEnforcer.BeforeDelete"/>); otherwise null.
    /// </param>
    public void Delete(ExecutionContext context, SqlValue[] row, ForeignKeySchema? cascadedFrom = null)
    {
        bool foreignKeys = _foreignKeys is not null && _foreignKeys.IsActive(context);
        if (foreignKeys)
        {
            _foreignKeys!.BeforeDelete(context, row, cascadedFrom);
        }

        RemoveRow(context, row, _table.WithoutRowId ? 0 : row[_table.RowIdSlot].AsInt64());
        if (foreignKeys)
        {
            _foreignKeys!.AfterDelete(context, row);
        }
    }

    // A partial index's entry may be absent: deleting an absent key does nothing, so no WHERE is evaluated here.
    private void RemoveRow(ExecutionContext context, SqlValue[] row, long rowId)
    {
        TransactionContext transaction = context.Transaction;
        for (int i = 0; i < _table.Indexes.Length; i++)
        {
            IndexSchema index = _table.Indexes[i];
            EncodeIndexKey(index, KeyRow(context, i, row), rowId, _key);
            transaction.Delete(index.RootPage, _key.WrittenSpan);
        }

        if (_table.PrimaryKey is { } primaryKey)
        {
            _locator.ResetWrittenCount();
            IndexKeys.WritePrefix(primaryKey, row, _locator);
            transaction.Delete(_table.RootPage, _locator.WrittenSpan);
            return;
        }

        KeyEncoder.WriteRowId(rowId, _rowKey);
        transaction.Delete(_table.RootPage, _rowKey);
    }

    /// <summary>
    /// Reads the columns <see cref="Delete"/> needs of a row into <paramref name="row"/>: the row id, the key columns of
    /// every index and of the foreign keys the table takes part in; the other columns are left NULL, so a delete
    /// does not decode (and allocate) text and blobs nobody reads. Use <see cref="Read(TransactionContext, RowLocator, SqlValue[])"/>
    /// when triggers or RETURNING see the row.
    /// </summary>
    /// <param name="context">The execution context (whether foreign keys are on decides the columns).</param>
    /// <param name="locator">The row id, or the key of a WITHOUT ROWID row.</param>
    /// <param name="row">The destination (slot layout).</param>
    /// <returns>False when the row does not exist.</returns>
    public bool ReadForDelete(ExecutionContext context, RowLocator locator, SqlValue[] row)
    {
        bool[]? needed = DeleteColumns(NeedsWholeRow(context));
        if (locator.Key is { } key)
        {
            return ReadAt(context.Transaction, key, 0, row, needed);
        }

        KeyEncoder.WriteRowId(locator.RowId, _rowKey);
        return ReadAt(context.Transaction, _rowKey, locator.RowId, row, needed);
    }

    /// <summary>
    /// True when <see cref="Delete"/> needs of a row of this (row-id) table no more than its row id and what an entry of
    /// <paramref name="index"/> holds exactly (its plain columns under BINARY): a caller that walked that index can fill
    /// the row from the entry instead of reading it.
    /// </summary>
    /// <param name="context">The execution context (whether foreign keys are on decides the columns).</param>
    /// <param name="index">An index of the table.</param>
    /// <returns>True when the entry holds all a delete needs.</returns>
    public bool DeletesFromIndexEntry(ExecutionContext context, IndexSchema index)
    {
        if (_table.WithoutRowId || DeleteColumns(NeedsWholeRow(context)) is not { } needed)
        {
            return false;
        }

        for (int i = 0; i < needed.Length; i++)
        {
            if (needed[i] && i != _table.RowIdAlias && !HoldsExactly(index, i))
            {
                return false;
            }
        }

        return true;
    }

    private static bool HoldsExactly(IndexSchema index, int ordinal)
    {
        foreach (IndexColumn column in index.Columns)
        {
            if (column.Expression is null && column.Ordinal == ordinal && column.Collation is null)
            {
                return true;
            }
        }

        return false;
    }

    // The columns a delete reads (with or without the foreign-key hooks), or null for all: an index on expressions
    // evaluates them over the whole row. Fixed for the writer's schema, so worked out once.
    private bool[]? DeleteColumns(bool foreignKeys)
    {
        ref bool[]? cached = ref foreignKeys ? ref _deleteColumnsWithForeignKeys : ref _deleteColumns;
        if (cached is not null)
        {
            return cached.Length == 0 ? null : cached;
        }

        var needed = new bool[_table.Columns.Length];
        bool all = false;
        for (int i = 0; i < _table.Indexes.Length; i++)
        {
            foreach (IndexColumn column in _table.Indexes[i].Columns)
            {
                if (column.Expression is not null || IndexExpressions?[i] is not null)
                {
                    all = true;
                    break;
                }

                needed[column.Ordinal] = true;
            }
        }

        if (_table.PrimaryKey is { } primaryKey)
        {
            foreach (IndexColumn column in primaryKey.Columns)
            {
                needed[column.Ordinal] = true;
            }
        }

        if (foreignKeys)
        {
            _foreignKeys!.MarkKeyColumns(needed);
        }

        cached = all ? [] : needed;
        return all ? null : needed;
    }

    /// <summary>
    /// The columns an UPDATE needs of the row it replaces: every column it does not assign (the record is written
    /// again whole), the columns its expressions read, and those <see cref="Delete"/> would read (the index keys and,
    /// with foreign keys on, their columns). The others, such as a large value the statement overwrites, need not be
    /// decoded or even read.
    /// </summary>
    /// <param name="context">The execution context (whether foreign keys are on decides the columns).</param>
    /// <param name="assigned">Per slot, true for the columns the statement assigns.</param>
    /// <param name="read">The columns the statement's expressions read from the old row; null when not known (then all).</param>
    /// <returns>Per column, true when needed; null when every column is.</returns>
    public bool[]? UpdateColumns(ExecutionContext context, bool[] assigned, HashSet<int>? read)
    {
        if (read is null || DeleteColumns(NeedsWholeRow(context)) is not { } keys)
        {
            return null;
        }

        var needed = new bool[_table.Columns.Length];
        bool all = true;
        for (int i = 0; i < needed.Length; i++)
        {
            needed[i] = keys[i] || !assigned[i] || read.Contains(i);
            all &= needed[i];
        }

        return all ? null : needed;
    }

    /// <summary>Reads a whole row, found by its locator, into <paramref name="row"/>.</summary>
    /// <param name="transaction">The transaction.</param>
    /// <param name="locator">The row id, or the key of a WITHOUT ROWID row.</param>
    /// <param name="row">The destination (slot layout).</param>
    /// <returns>False when the row does not exist.</returns>
    public bool Read(TransactionContext transaction, RowLocator locator, SqlValue[] row) =>
        locator.Key is { } key ? ReadAt(transaction, key, 0, row, null) : Read(transaction, locator.RowId, row);

    /// <summary>Reads a whole row by row id into <paramref name="row"/>.</summary>
    /// <param name="transaction">The transaction.</param>
    /// <param name="rowId">The row id.</param>
    /// <param name="row">The destination (slot layout).</param>
    /// <returns>False when the row does not exist.</returns>
    public bool Read(TransactionContext transaction, long rowId, SqlValue[] row)
    {
        KeyEncoder.WriteRowId(rowId, _rowKey);
        return ReadAt(transaction, _rowKey, rowId, row, null);
    }

    /// <summary>
    /// Reads the columns marked in <paramref name="columns"/> of a row, found by its locator (the others become NULL).
    /// A record that spills into overflow pages is read only as far as the last marked column.
    /// </summary>
    /// <param name="transaction">The transaction.</param>
    /// <param name="locator">The row id, or the key of a WITHOUT ROWID row.</param>
    /// <param name="row">The destination (slot layout).</param>
    /// <param name="columns">Per column, true to decode it; null for every column.</param>
    /// <returns>False when the row does not exist.</returns>
    public bool Read(TransactionContext transaction, RowLocator locator, SqlValue[] row, bool[]? columns)
    {
        if (locator.Key is { } key)
        {
            return ReadAt(transaction, key, 0, row, columns);
        }

        KeyEncoder.WriteRowId(locator.RowId, _rowKey);
        return ReadAt(transaction, _rowKey, locator.RowId, row, columns);
    }

    // Decodes the columns marked in `columns` (all when null); the others become NULL. With a column list only the
    // record's start up to the last marked column is copied, so an UPDATE that replaces a large trailing value (or a
    // DELETE) does not read the old value's overflow pages.
    private bool ReadAt(TransactionContext transaction, ReadOnlySpan<byte> key, long rowId, SqlValue[] row, bool[]? columns)
    {
        BTree tree = transaction.Tree(_table.RootPage);
        int leading = LeadingColumns(columns);
        int needed;
        if (leading < _table.Columns.Length)
        {
            if (!TryReadPrefix(tree, key, leading, out needed))
            {
                return false;
            }
        }
        else
        {
            if (!tree.TryGet(key, _readBuffer, out needed))
            {
                return false;
            }

            if (needed > _readBuffer.Length)
            {
                _readBuffer = new byte[Math.Max(needed, _readBuffer.Length * 2)];
                tree.TryGet(key, _readBuffer, out needed);
            }
        }

        var reader = new RecordReader(_readBuffer.AsSpan(0, needed));
        for (int i = 0; i < _table.Columns.Length; i++)
        {
            if (columns is not null && !columns[i])
            {
                row[i] = SqlValue.Null;
                continue;
            }

            ColumnSchema column = _table.Columns[i];
            SqlValue value = i == _table.RowIdAlias ? SqlValue.FromInt64(rowId) : reader.GetValue(i, column.Missing);
            SqlDeclaredType declared = column.DeclaredType;
            row[i] = declared == SqlDeclaredType.None || value.IsNull ? value : value.WithDeclaredType(declared);
        }

        row[_table.RowIdSlot] = _table.WithoutRowId ? SqlValue.Null : SqlValue.FromInt64(rowId);
        return true;
    }

    // Copies into the read buffer the start of the record that holds its first `leading` columns. A short head comes
    // first (the reused buffer may have grown to a large record's size) and tells how much is needed; when the
    // header goes on past it, the whole record is read.
    private bool TryReadPrefix(BTree tree, ReadOnlySpan<byte> key, int leading, out int needed)
    {
        int first = Math.Min(_readBuffer.Length, PrefixProbeBytes);
        if (!tree.TryGetPrefix(key, _readBuffer.AsSpan(0, first), out int length))
        {
            needed = 0;
            return false;
        }

        int have = Math.Min(length, first);
        long prefix = RecordPrefix.NeededLength(_readBuffer.AsSpan(0, have), leading);
        needed = prefix >= 0 && prefix <= length ? (int)prefix : length;
        if (needed > have)
        {
            if (needed > _readBuffer.Length)
            {
                _readBuffer = new byte[Math.Max(needed, _readBuffer.Length * 2)];
            }

            tree.TryGetPrefix(key, _readBuffer.AsSpan(0, needed), out _);
        }

        return true;
    }

    // One past the last column of the record a read decodes (the row-id alias is not read from the record).
    private int LeadingColumns(bool[]? columns)
    {
        if (columns is null)
        {
            return _table.Columns.Length;
        }

        for (int i = columns.Length - 1; i >= 0; i--)
        {
            if (columns[i] && i != _table.RowIdAlias)
            {
                return i + 1;
            }
        }

        return 0;
    }

    private void DeleteAt(ExecutionContext context, RowLocator locator)
    {
        var existing = new SqlValue[_table.Columns.Length + 1];
        if (Read(context.Transaction, locator, existing))
        {
            Delete(context, existing);
        }
    }

    /// <summary>
    /// Gets the writer ready for trigger programs that may write this table: stores a raised AUTOINCREMENT
    /// sequence now (a program's own insert reads it) and forgets the cached largest row id (a program may have
    /// added a larger one by the time this writer inserts again).
    /// </summary>
    /// <param name="context">The execution context.</param>
    public void BeforeTriggers(ExecutionContext context)
    {
        Finish(context);
        _largestRowId = null;
    }

    /// <summary>
    /// NEW as a BEFORE INSERT trigger sees it (as in SQLite): the values with column affinity, the row id given by the
    /// statement (or -1 while the table has yet to choose one), and the generated columns computed from them.
    /// </summary>
    /// <param name="context">The execution context (generated columns are computed as the write will).</param>
    /// <param name="row">The row about to be inserted (slot layout; left as it is).</param>
    /// <param name="shown">Receives NEW.</param>
    public void ShowNewRow(ExecutionContext context, SqlValue[] row, SqlValue[] shown)
    {
        row.AsSpan().CopyTo(shown);
        ApplyAffinity(shown);
        SqlValue id = AffinityRules.ApplyAffinity(_table.RowIdAlias >= 0 ? shown[_table.RowIdAlias] : shown[_table.RowIdSlot], Affinity.Integer);
        SetShownRowId(shown, id.StorageClass == SqlStorageClass.Integer ? id : SqlValue.FromInt64(-1));
        ComputeGenerated(context, shown);
    }

    /// <summary>NEW as a BEFORE UPDATE trigger sees it: the new values with column affinity and the row id they give.</summary>
    /// <param name="context">The execution context (generated columns are computed as the write will).</param>
    /// <param name="row">The row about to be written (slot layout; left as it is).</param>
    /// <param name="shown">Receives NEW.</param>
    public void ShowUpdatedRow(ExecutionContext context, SqlValue[] row, SqlValue[] shown)
    {
        row.AsSpan().CopyTo(shown);
        ApplyAffinity(shown);
        SqlValue id = AffinityRules.ApplyAffinity(_table.RowIdAlias >= 0 ? shown[_table.RowIdAlias] : shown[_table.RowIdSlot], Affinity.Integer);
        if (id.StorageClass == SqlStorageClass.Integer)
        {
            SetShownRowId(shown, id);
        }

        ComputeGenerated(context, shown);
    }

    private void SetShownRowId(SqlValue[] shown, SqlValue id)
    {
        if (_table.WithoutRowId)
        {
            shown[_table.RowIdSlot] = SqlValue.Null;
            return;
        }

        shown[_table.RowIdSlot] = id;
        if (_table.RowIdAlias >= 0)
        {
            shown[_table.RowIdAlias] = id;
        }
    }

    /// <summary>
    /// Computes the generated columns' values from the row's other columns (and earlier generated ones), with their
    /// column's affinity; does nothing when the table has none.
    /// </summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The row in slot layout, row id filled in.</param>
    public void ComputeGenerated(ExecutionContext context, SqlValue[] row)
    {
        if (Generated is not { } generated)
        {
            return;
        }

        SqlValue[] slot = context.Slots[GeneratedSlot];
        Array.Copy(row, slot, _table.RowIdSlot + 1);
        foreach (int ordinal in _table.GeneratedOrder)
        {
            SqlValue value = Stored(generated[ordinal]!.Evaluate(context), _table.Columns[ordinal]);
            row[ordinal] = value;
            slot[ordinal] = value;
        }
    }

    private void ApplyAffinity(SqlValue[] row)
    {
        ImmutableArray<ColumnSchema> columns = _table.Columns;
        for (int i = 0; i < columns.Length; i++)
        {
            // Most bound values (NULL, a BLOB, an INTEGER into an integer column) are stored as they are: no copy
            // through the conversion rules.
            ColumnSchema column = columns[i];
            if (!AffinityRules.Keeps(row[i], column.Affinity))
            {
                row[i] = Stored(row[i], column);
            }
        }
    }

    // The value as a column stores it. A declared-type tag fixes the storage form only for a column of that declared
    // type (a .NET decimal bound into a DECIMAL column, see ApplyAffinity). A value that carries another tag, such as
    // a NUMERIC column's 10 copied into a TEXT column or json('5') stored into an INTEGER column, gets the target
    // column's affinity as in SQLite.
    private static SqlValue Stored(SqlValue value, ColumnSchema column)
    {
        if (value.DeclaredType != SqlDeclaredType.None && value.DeclaredType != column.DeclaredType)
        {
            value = value.WithDeclaredType(SqlDeclaredType.None);
        }

        return AffinityRules.ApplyAffinity(value, column.Affinity);
    }

    private long AssignRowId(TransactionContext transaction, SqlValue[] row, ConflictResolution conflict)
    {
        long rowId;
        SqlValue explicitId = _table.RowIdAlias >= 0 ? row[_table.RowIdAlias] : row[_table.RowIdSlot];
        if (!explicitId.IsNull)
        {
            rowId = RowIdOf(explicitId, conflict);
        }
        else
        {
            long largest = LargestRowId(transaction);
            rowId = largest == long.MaxValue ? UnusedRandomRowId(transaction) : largest + 1;
        }

        if (_table.RowIdAlias >= 0)
        {
            row[_table.RowIdAlias] = SqlValue.FromInt64(rowId);
        }

        row[_table.RowIdSlot] = SqlValue.FromInt64(rowId);
        return rowId;
    }

    // Once the largest row id is taken, SQLite tries random ones (up to 100) and takes the first unused; AUTOINCREMENT
    // never reuses an id, so it fails at once.
    private long UnusedRandomRowId(TransactionContext transaction)
    {
        if (!_table.AutoIncrement)
        {
            for (int attempt = 0; attempt < 100; attempt++)
            {
                long candidate = Random.Shared.NextInt64(1, long.MaxValue);
                KeyEncoder.WriteRowId(candidate, _rowKey);
                if (!transaction.Tree(_table.RootPage).ContainsKey(_rowKey))
                {
                    return candidate;
                }
            }
        }

        throw ExecutionErrors.NoUnusedRowId(_table.Name);
    }

    // A row id that is not an integer is a datatype mismatch. Under OR FAIL and OR ROLLBACK SQLite keeps no statement
    // journal, so that error too leaves the rows the statement wrote before (and the transaction goes on).
    private long RowIdOf(in SqlValue value, ConflictResolution conflict)
    {
        SqlValue converted = AffinityRules.ApplyAffinity(value.WithDeclaredType(SqlDeclaredType.None), Affinity.Integer);
        if (converted.StorageClass != SqlStorageClass.Integer)
        {
            string column = _table.RowIdAlias >= 0 ? _table.Columns[_table.RowIdAlias].Name : "rowid";
            throw ExecutionErrors.RowIdNotInteger(_table.Name, column, value, keepsStatementChanges: conflict is ConflictResolution.Fail or ConflictResolution.Rollback);
        }

        return converted.RawBits;
    }

    private long LargestRowId(TransactionContext transaction)
    {
        if (_largestRowId is null)
        {
            // The tree remembers where this key is, so inserting the next row id does not descend again.
            Span<byte> lastKey = stackalloc byte[16];
            int length = transaction.Tree(_table.RootPage).CopyLastKey(lastKey);
            long largest = length < 0 ? 0 : KeyEncoder.ReadRowId(lastKey[..Math.Min(length, lastKey.Length)]);

            if (_table.AutoIncrement)
            {
                _sequence = CatalogStore.ReadSequence(transaction, _table.Name);
                largest = Math.Max(largest, _sequence);
            }

            _largestRowId = largest;
        }

        return _largestRowId.Value;
    }

    private void NoteRowId(long rowId)
    {
        if (_largestRowId is { } largest && rowId > largest)
        {
            _largestRowId = rowId;
        }
    }

    // Only INSERT moves the AUTOINCREMENT sequence, and only up (SQLite's rules).
    private void RaiseSequence(TransactionContext transaction, long rowId)
    {
        // Loads the stored sequence once per execution, also when every id so far was given explicitly. The next
        // id chosen comes after this one even if this row is then skipped.
        long largest = LargestRowId(transaction);
        if (rowId > _sequence)
        {
            _sequence = rowId;
            _sequenceDirty = true;
        }

        if (rowId > largest)
        {
            _largestRowId = rowId;
        }
    }

    // The row's entries in the indexes that hold it (the row is in the writer's slot or copied there).
    private void InsertIndexEntries(ExecutionContext context, SqlValue[] row, long rowId)
    {
        for (int i = 0; i < _table.Indexes.Length; i++)
        {
            if (InIndex(context, i, row))
            {
                EncodeIndexKey(_table.Indexes[i], KeyRow(context, i, row), rowId, _key);
                InsertIndexEntry(context.Transaction, _table.Indexes[i]);
            }
        }
    }

    // The row as the i-th index's key reads it: the row itself, or for an index on expressions a copy with each
    // expression's value at its key column's ordinal (past the row id, see IndexColumn). Encode it before the next call.
    private SqlValue[] KeyRow(ExecutionContext context, int index, SqlValue[] row)
    {
        if (IndexExpressions?[index] is not { } keys)
        {
            return row;
        }

        int width = _table.RowIdSlot + 1;
        if (_keyRow is null || _keyRow.Length < width + keys.Length)
        {
            _keyRow = new SqlValue[width + _keyScratch.Length];
        }

        Array.Copy(row, _keyRow, width);
        Array.Copy(row, context.Slots[KeySlot], width);
        for (int j = 0; j < keys.Length; j++)
        {
            if (keys[j] is { } key)
            {
                _keyRow[width + j] = key.Evaluate(context);
            }
        }

        return _keyRow;
    }

    // Whether the row has an entry in the i-th index: always for a full index, for a partial one when its WHERE is
    // true (evaluated over the writer's slot, which receives the row).
    private bool InIndex(ExecutionContext context, int index, SqlValue[] row)
    {
        if (IndexPredicates?[index] is not { } predicate)
        {
            return true;
        }

        SqlValue[] slot = context.Slots[_slot];
        if (!ReferenceEquals(slot, row))
        {
            Array.Copy(row, slot, row.Length);
        }

        return predicate.EvaluateTruth(context) == true;
    }

    /// <summary>
    /// Encodes the row's entry in the <paramref name="index"/>-th index of the table as an insert would write it (keys
    /// computed from the index's expressions), or returns false when a partial index holds no entry for the row.
    /// </summary>
    /// <param name="context">The execution context (its slots receive the row for the bound WHERE and expressions).</param>
    /// <param name="index">The index's position in <see cref="TableSchema.Indexes"/>.</param>
    /// <param name="row">The row (columns, then the row id).</param>
    /// <returns>True with the entry in <see cref="EncodedEntry"/>; false when the index holds none for the row.</returns>
    public bool TryEncodeIndexEntry(ExecutionContext context, int index, SqlValue[] row)
    {
        if (!InIndex(context, index, row))
        {
            return false;
        }

        long rowId = _table.WithoutRowId ? 0 : row[_table.RowIdSlot].AsInt64();
        EncodeIndexKey(_table.Indexes[index], KeyRow(context, index, row), rowId, _key);
        return true;
    }

    /// <summary>The entry the last successful <see cref="TryEncodeIndexEntry"/> encoded.</summary>
    public ReadOnlySpan<byte> EncodedEntry => _key.WrittenSpan;

    private static void EncodeIndexPrefix(IndexSchema index, SqlValue[] row, ArrayBufferWriter<byte> writer)
    {
        writer.ResetWrittenCount();
        IndexKeys.WritePrefix(index, row, writer);
    }

    // A WITHOUT ROWID row's entries end with its key, derived from the row's PRIMARY KEY columns.
    private void EncodeIndexKey(IndexSchema index, SqlValue[] row, long rowId, ArrayBufferWriter<byte> writer)
    {
        writer.ResetWrittenCount();
        if (_table.WithoutRowId)
        {
            IndexKeys.WriteEntry(index, _table, row, writer, _keyScratch, _locator);
            return;
        }

        IndexKeys.WriteEntry(index, row, rowId, writer, _keyScratch);
    }

    // The entry encoded in _key. Keys of any length fit: the tree keeps the tail of a long one in overflow pages.
    private void InsertIndexEntry(TransactionContext transaction, IndexSchema index) =>
        transaction.TryInsert(index.RootPage, _key.WrittenSpan, default);

    // The key is the row id, or for a WITHOUT ROWID table the key OwnKey last encoded.
    private bool WriteRecord(TransactionContext transaction, SqlValue[] row, long rowId, bool insert)
    {
        // The row-id alias is stored as NULL: its value is the key.
        Array.Copy(row, _record, _record.Length);
        if (_table.RowIdAlias >= 0)
        {
            _record[_table.RowIdAlias] = SqlValue.Null;
        }

        // One pass: the writer measures and encodes the record into the reused buffer.
        _recordBuffer.ResetWrittenCount();
        RecordWriter.Write(_record, _recordBuffer);
        ReadOnlySpan<byte> record = _recordBuffer.WrittenSpan;
        ReadOnlySpan<byte> key = _rowKey;
        if (_table.WithoutRowId)
        {
            key = _tableKey.WrittenSpan;
        }
        else
        {
            KeyEncoder.WriteRowId(rowId, _rowKey);
        }

        if (insert)
        {
            return transaction.TryInsert(_table.RootPage, key, record);
        }

        transaction.Put(_table.RootPage, key, record);
        return true;
    }
}
