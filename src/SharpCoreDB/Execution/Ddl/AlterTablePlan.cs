using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>
/// ALTER TABLE … ADD COLUMN: replaces the table's definition in the catalog. No row is rewritten: records stored
/// before hold fewer columns and read the new one as its constant default (<see cref="ColumnSchema.Missing"/>).
/// When that default could break the new column's NOT NULL or CHECK, the stored rows are read once first. A generated
/// column is the exception: its value is computed for every stored row and written into its record.
/// </summary>
internal sealed class AlterTablePlan : WritePlan
{
    private readonly TableSchema _altered;
    private readonly Operator? _rows;
    private readonly int _slot;
    private readonly TableWriter _constraints;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="altered">The table with the column added.</param>
    /// <param name="rows">A scan of the stored rows as the altered table, or null when nothing needs verifying.</param>
    /// <param name="slot">The slot the scan fills.</param>
    /// <param name="constraints">Checks a stored row against the altered table's constraints (CHECKs bound to the slot).</param>
    public AlterTablePlan(Schema schema, int[] slotWidths, TableSchema altered, Operator? rows, int slot, TableWriter constraints)
        : base(schema, slotWidths)
    {
        _altered = altered;
        _rows = rows;
        _slot = slot;
        _constraints = constraints;
    }

    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        ColumnSchema added = _altered.Columns[^1];
        if (Context.Transaction.Settings is { ForeignKeys: true } && !added.Missing.IsNull && ReferencesSomething(added) && HasRows())
        {
            // SQLite's rule with foreign keys on: the rows stored before would all reference the default at once.
            throw ExecutionErrors.ReferencesColumnWithDefault();
        }

        if (added.Generated is not null)
        {
            ComputeForStoredRows(added);
        }
        else if (_rows is not null)
        {
            Verify();
        }

        TransactionContext transaction = Context.Transaction;
        CatalogStore.PutTable(transaction, _altered);
        SchemaChange.Apply(transaction, transaction.Schema.WithTable(_altered));
        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => ["AlterTable " + _altered.Name + " ADD COLUMN " + _altered.Columns[^1].Name];

    private bool HasRows()
    {
        using Storage.BTree.BTreeCursor cursor = Context.Transaction.Tree(_altered.RootPage).OpenCursor();
        return cursor.First();
    }

    private bool ReferencesSomething(ColumnSchema column)
    {
        foreach (ForeignKeySchema foreignKey in _altered.ForeignKeys)
        {
            if (foreignKey.ChildColumns.Contains(column.Ordinal))
            {
                return true;
            }
        }

        return false;
    }

    // SQLite adds a VIRTUAL column to a table with rows, never a STORED one. Here both keep their value in the record,
    // so the rows stored before get it now (read first, written after: the scan must not see the tree change).
    private void ComputeForStoredRows(ColumnSchema added)
    {
        List<SqlValue[]> rows = RowCollector.CollectRows(Context, _rows!, _slot);
        if (rows.Count > 0 && added.GeneratedStored)
        {
            throw ExecutionErrors.StoredColumn();
        }

        SqlValue[] row = Context.Slots[_slot];
        foreach (SqlValue[] stored in rows)
        {
            Context.CheckCancellation();
            Array.Copy(stored, row, stored.Length);
            _constraints.ComputeGenerated(Context, row);
            _constraints.CheckRow(Context, row, ConflictResolution.Abort);
            _constraints.Rewrite(Context.Transaction, row);
        }
    }

    private void Verify()
    {
        ColumnSchema added = _altered.Columns[^1];
        _rows!.Open(Context);
        try
        {
            SqlValue[] row = Context.Slots[_slot];
            while (_rows.Next(Context))
            {
                Context.CheckCancellation();
                // SQLite's own message for this case; every other constraint fails as it would on an INSERT.
                if (added.NotNull && row[added.Ordinal].IsNull)
                {
                    throw ExecutionErrors.NotNullColumnWithNullDefault();
                }

                _constraints.CheckRow(Context, row, ConflictResolution.Abort, checkTypes: false);
            }
        }
        finally
        {
            _rows.Close(Context);
        }
    }
}
