using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Dml;

/// <content>Constraints: NOT NULL, CHECK, UNIQUE and PRIMARY KEY, with OR IGNORE and OR REPLACE.</content>
internal sealed partial class TableWriter
{
    /// <summary>NOT NULL, STRICT types and CHECK constraints of a row; false when it fails and <paramref name="conflict"/> is IGNORE.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The row (slot layout).</param>
    /// <param name="conflict">The conflict resolution.</param>
    /// <param name="checkTypes">False when ALTER TABLE … ADD COLUMN proves stored rows: SQLite does not check a STRICT type there.</param>
    /// <exception cref="SharpCoreDBException">NotNullViolation, TypeMismatch or CheckViolation.</exception>
    internal bool CheckRow(ExecutionContext context, SqlValue[] row, ConflictResolution conflict, bool checkTypes = true)
    {
        foreach (ColumnSchema column in _table.Columns)
        {
            if (column.NotNull && row[column.Ordinal].IsNull)
            {
                // OR REPLACE puts the column's default in place of the NULL; a NULL default still fails.
                if (conflict == ConflictResolution.Replace && Defaults?[column.Ordinal] is { } fallback)
                {
                    row[column.Ordinal] = Stored(fallback.Evaluate(context), column);
                    if (!row[column.Ordinal].IsNull)
                    {
                        continue;
                    }
                }

                if (conflict == ConflictResolution.Ignore)
                {
                    return false;
                }

                throw Violation(SharpCoreDBErrorCode.NotNullViolation, $"NOT NULL constraint failed: {_table.Name}.{column.Name}", conflict);
            }
        }

        if (_table.Strict && checkTypes)
        {
            CheckStrictTypes(row);
        }

        if (_checks.Count == 0)
        {
            return true;
        }

        SqlValue[] slot = context.Slots[_slot];
        if (!ReferenceEquals(slot, row))
        {
            Array.Copy(row, slot, row.Length);
        }

        for (int i = 0; i < _checks.Count; i++)
        {
            if (_checks[i].EvaluateTruth(context) == false)
            {
                if (conflict == ConflictResolution.Ignore)
                {
                    return false;
                }

                CheckConstraint check = _table.Checks[i];
                throw Violation(SharpCoreDBErrorCode.CheckViolation, $"CHECK constraint failed: {check.Name ?? check.Condition.ToString()}", conflict);
            }
        }

        return true;
    }

    // A STRICT table stores in each typed column only its own storage class (after the column's affinity). As in
    // SQLite the failure ends the statement whatever its conflict resolution: OR IGNORE, OR REPLACE and OR FAIL do
    // not apply to it and the statement's earlier rows are taken back.
    private void CheckStrictTypes(SqlValue[] row)
    {
        foreach (ColumnSchema column in _table.Columns)
        {
            SqlValue value = row[column.Ordinal];
            if (!StrictTypes.Fits(value, column.StrictClass))
            {
                throw ExecutionErrors.StrictTypeMismatch(StrictTypes.ValueTypeName(value), StrictTypes.CanonicalName(column.DeclaredTypeName), _table.Name, column.Name);
            }
        }
    }

    // Unique indexes: a second entry with equal, all non-NULL key columns is a conflict (NULLs are distinct).
    // oldRow (an UPDATE that keeps the row id): the row before the change; an index whose key it leaves as it was is
    // not probed, as SQLite skips the indexes an UPDATE does not change. The row's own entry already holds that key in
    // a unique index, so no other entry can, and the probe would only find the row itself (a descent of the index on
    // every update of a column outside it: a read of an index page the update does not otherwise touch).
    private bool CheckUnique(ExecutionContext context, SqlValue[] row, long rowId, long selfRowId, ConflictResolution conflict, SqlValue[]? oldRow = null)
    {
        for (int i = 0; i < _table.Indexes.Length; i++)
        {
            IndexSchema index = _table.Indexes[i];
            if (!index.IsUnique || !InIndex(context, i, row) || HasNullKey(index, KeyRow(context, i, row))
                || (oldRow is not null && rowId == selfRowId && KeepsIndexKey(context, i, oldRow, row)))
            {
                continue;
            }

            while (true)
            {
                EncodeIndexPrefix(index, KeyRow(context, i, row), _key);
                if (FindOtherEntry(context.Transaction, index, _key.WrittenSpan, rowId, selfRowId) is not { } existing)
                {
                    break;
                }

                if (conflict == ConflictResolution.Ignore)
                {
                    return false;
                }

                if (conflict != ConflictResolution.Replace && index.HasExpression)
                {
                    // SQLite names the index: its key is not a list of columns.
                    throw Violation(SharpCoreDBErrorCode.UniqueViolation, $"UNIQUE constraint failed: index '{index.Name}'", conflict);
                }

                if (conflict != ConflictResolution.Replace)
                {
                    var ordinals = new int[index.Columns.Length];
                    for (int k = 0; k < ordinals.Length; k++)
                    {
                        ordinals[k] = index.Columns[k].Ordinal;
                    }

                    throw Conflict(index.Origin == IndexOrigin.PrimaryKey ? SharpCoreDBErrorCode.PrimaryKeyViolation : SharpCoreDBErrorCode.UniqueViolation, ordinals, conflict);
                }

                DeleteAt(context, existing);
            }
        }

        return true;
    }

    // True when the index's key columns encode to the same bytes for both rows, and the index has no WHERE clause (a
    // partial index may hold no entry for the old row). Uses _key and _oldKey as scratch.
    private bool KeepsIndexKey(ExecutionContext context, int i, SqlValue[] oldRow, SqlValue[] row)
    {
        IndexSchema index = _table.Indexes[i];
        if (IndexPredicates?[i] is not null)
        {
            return false;
        }

        EncodeIndexPrefix(index, KeyRow(context, i, oldRow), _oldKey);
        EncodeIndexPrefix(index, KeyRow(context, i, row), _key);
        return _oldKey.WrittenSpan.SequenceEqual(_key.WrittenSpan);
    }

    // The row of the first entry whose key starts with the prefix, unless (with excludeSelf) it is the row being
    // written (the row id, or the WITHOUT ROWID key in _tableKey) or the one it replaces (selfRowId, or the key in
    // _oldTableKey); else null.
    private RowLocator? FindOtherEntry(TransactionContext transaction, IndexSchema index, ReadOnlySpan<byte> prefix, long rowId, long selfRowId, bool excludeSelf = true)
    {
        BTree tree = transaction.Tree(index.RootPage);
        using BTreeCursor cursor = tree.OpenCursor();

        // Under a user collation the first entry at or past the prefix may differ in bytes and still be equal.
        if (!cursor.Seek(prefix, BTreeSeek.GreaterOrEqual)
            || (tree.Comparer is null ? !cursor.Key.StartsWith(prefix) : IndexKeys.CompareColumns(tree.Comparer, cursor.Key, prefix, index.Columns.Length) != 0))
        {
            return null;
        }

        if (!_table.WithoutRowId)
        {
            long existing = IndexKeys.RowIdOf(index, cursor.Key);
            return existing == rowId || existing == selfRowId ? null : new RowLocator(existing, null);
        }

        ReadOnlySpan<byte> locator = IndexKeys.LocatorOf(index, cursor.Key, withoutRowId: true);
        return excludeSelf && (locator.SequenceEqual(_tableKey.WrittenSpan) || locator.SequenceEqual(_oldTableKey.WrittenSpan))
            ? null
            : new RowLocator(0, locator.ToArray());
    }

    // The first upsert clause whose constraint the row would break, and the existing row it collides with. The
    // clauses' own targets are checked first, in clause order (SQLite checks an upsert's target before the other
    // constraints); a clause without a target then takes a conflict on the row id or any unique index.
    private (UpsertAction Action, RowLocator Row)? FindCollision(ExecutionContext context, SqlValue[] row, long rowId, IReadOnlyList<UpsertAction> upserts)
    {
        TransactionContext transaction = context.Transaction;
        foreach (UpsertAction action in upserts)
        {
            RowLocator? existing = action.RowIdTarget ? ExistingRowId(transaction, rowId)
                : action.Index is { } index && InIndex(context, _table.Indexes.IndexOf(index), row) ? ExistingEntry(transaction, index, KeyRow(context, _table.Indexes.IndexOf(index), row))
                : null;
            if (existing is { } found)
            {
                return (action, found);
            }
        }

        UpsertAction last = upserts[^1];
        if (!last.AnyConstraint)
        {
            return null;
        }

        if (ExistingRowId(transaction, rowId) is { } id)
        {
            return (last, id);
        }

        for (int i = 0; i < _table.Indexes.Length; i++)
        {
            IndexSchema index = _table.Indexes[i];
            RowLocator? existing = index.IsUnique && InIndex(context, i, row) ? ExistingEntry(transaction, index, KeyRow(context, i, row)) : null;
            if (existing is { } found)
            {
                return (last, found);
            }
        }

        return null;
    }

    // The stored row with the new row's row id, or for a WITHOUT ROWID table its key (in _tableKey); else null.
    private RowLocator? ExistingRowId(TransactionContext transaction, long rowId)
    {
        if (_table.WithoutRowId)
        {
            return transaction.Tree(_table.RootPage).ContainsKey(_tableKey.WrittenSpan) ? new RowLocator(0, _tableKey.WrittenSpan.ToArray()) : null;
        }

        KeyEncoder.WriteRowId(rowId, _rowKey);
        return transaction.Tree(_table.RootPage).ContainsKey(_rowKey) ? new RowLocator(rowId, null) : null;
    }

    // The row whose key in a unique index equals the row's (NULLs never collide), or null.
    private RowLocator? ExistingEntry(TransactionContext transaction, IndexSchema index, SqlValue[] row)
    {
        if (HasNullKey(index, row))
        {
            return null;
        }

        EncodeIndexPrefix(index, row, _key);
        return FindOtherEntry(transaction, index, _key.WrittenSpan, long.MinValue, long.MinValue, excludeSelf: false);
    }

    private static bool HasNullKey(IndexSchema index, SqlValue[] row)
    {
        foreach (IndexColumn column in index.Columns)
        {
            if (row[column.Ordinal].IsNull)
            {
                return true;
            }
        }

        return false;
    }

    // A constraint failure under the statement's conflict resolution: FAIL stops the statement but keeps the rows it
    // changed before, ROLLBACK ends the whole transaction, ABORT (the default) takes back the statement.
    private static SharpCoreDBException Violation(SharpCoreDBErrorCode code, string message, ConflictResolution conflict) =>
        new(code, message)
        {
            KeepsStatementChanges = conflict == ConflictResolution.Fail,
            RollsBackTransaction = conflict == ConflictResolution.Rollback,
        };

    private SharpCoreDBException Conflict(SharpCoreDBErrorCode code, int[] ordinals, ConflictResolution conflict)
    {
        var columns = new StringBuilder();
        if (ordinals.Length == 0 && !_table.WithoutRowId)
        {
            columns.Append(_table.Name).Append(".rowid");
        }

        foreach (int ordinal in ordinals)
        {
            if (columns.Length > 0)
            {
                columns.Append(", ");
            }

            columns.Append(_table.Name).Append('.').Append(_table.Columns[ordinal].Name);
        }

        return Violation(code, $"UNIQUE constraint failed: {columns}", conflict);
    }
}
