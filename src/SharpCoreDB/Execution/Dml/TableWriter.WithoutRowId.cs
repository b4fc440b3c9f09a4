using SharpCoreDB.Catalog;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Dml;

/// <content>
/// WITHOUT ROWID tables: the row's key is its encoded PRIMARY KEY (<see cref="TableSchema.PrimaryKey"/>), the
/// row-id slot stays NULL, and an index entry ends with that key instead of a row id.
/// </content>
internal sealed partial class TableWriter
{
    /// <summary>The locator of a row of this table: its row id, or its encoded PRIMARY KEY (a new array).</summary>
    /// <param name="row">The row in slot layout (for a WITHOUT ROWID table, the key columns decoded).</param>
    /// <returns>The locator.</returns>
    public RowLocator LocatorOf(SqlValue[] row)
    {
        if (_table.PrimaryKey is not { } primaryKey)
        {
            return new RowLocator(row[_table.RowIdSlot].AsInt64(), null);
        }

        _locator.ResetWrittenCount();
        IndexKeys.WritePrefix(primaryKey, row, _locator);
        return new RowLocator(0, _locator.WrittenSpan.ToArray());
    }

    // The row's key in the table tree: the row id in _rowKey, or the encoded PRIMARY KEY in _tableKey (where
    // WriteRecord and the unique checks find it). Valid until the next call.
    private ReadOnlySpan<byte> OwnKey(SqlValue[] row, long rowId)
    {
        if (_table.PrimaryKey is not { } primaryKey)
        {
            KeyEncoder.WriteRowId(rowId, _rowKey);
            return _rowKey;
        }

        row[_table.RowIdSlot] = SqlValue.Null;
        _tableKey.ResetWrittenCount();
        IndexKeys.WritePrefix(primaryKey, row, _tableKey);
        return _tableKey.WrittenSpan;
    }

    // The columns a PRIMARY KEY conflict names: the key's, or the row-id alias (none: "t.rowid").
    private int[] PrimaryKeyOrdinals()
    {
        if (_table.PrimaryKey is not { } primaryKey)
        {
            return _table.RowIdAlias >= 0 ? [_table.RowIdAlias] : [];
        }

        var ordinals = new int[primaryKey.Columns.Length];
        for (int i = 0; i < ordinals.Length; i++)
        {
            ordinals[i] = primaryKey.Columns[i].Ordinal;
        }

        return ordinals;
    }

    // UPDATE of a WITHOUT ROWID row: the old row and its entries go, the new row and its entries come, after the
    // same checks as a row-id table's (a changed key that collides is a PRIMARY KEY conflict under the statement's
    // conflict resolution).
    private bool UpdateKeyed(ExecutionContext context, SqlValue[] oldRow, SqlValue[] row, ConflictResolution conflict, bool[]? assigned)
    {
        TransactionContext transaction = context.Transaction;
        ApplyAffinity(row);
        ComputeGenerated(context, row);
        if (!CheckRow(context, row, conflict))
        {
            return false;
        }

        _oldTableKey.ResetWrittenCount();
        IndexKeys.WritePrefix(_table.PrimaryKey!, oldRow, _oldTableKey);
        ReadOnlySpan<byte> newKey = OwnKey(row, 0);
        // The row keeps its place when the new key equals the old: byte for byte, or under a user collation of the
        // key (the tree's order), where a key spelled otherwise is still this row's.
        Storage.BTree.BTree tree = transaction.Tree(_table.RootPage);
        bool sameKey = tree.Comparer is null ? newKey.SequenceEqual(_oldTableKey.WrittenSpan) : tree.Comparer.Compare(newKey, _oldTableKey.WrittenSpan) == 0;
        if (!sameKey && tree.ContainsKey(newKey))
        {
            if (conflict == ConflictResolution.Ignore)
            {
                return false;
            }

            if (conflict != ConflictResolution.Replace)
            {
                throw Conflict(SharpCoreDBErrorCode.PrimaryKeyViolation, PrimaryKeyOrdinals(), conflict);
            }

            DeleteAt(context, new RowLocator(0, newKey.ToArray()));
        }

        if (!CheckUnique(context, row, 0, long.MinValue, conflict))
        {
            return false;
        }

        bool foreignKeys = _foreignKeys is not null && _foreignKeys.IsActive(context);
        if (foreignKeys)
        {
            _foreignKeys!.BeforeUpdateRemoval(context, oldRow, assigned);
        }

        RemoveRow(context, oldRow, 0);
        if (foreignKeys)
        {
            _foreignKeys!.BeforeUpdateInsertion(context, row, assigned);
        }

        // RemoveRow and the foreign-key checks use other buffers, but a cascade may write this table again.
        OwnKey(row, 0);
        WriteRecord(transaction, row, 0, insert: true);
        InsertIndexEntries(context, row, 0);
        if (foreignKeys)
        {
            _foreignKeys!.AfterUpdate(context, oldRow, row, assigned);
        }

        return true;
    }
}
