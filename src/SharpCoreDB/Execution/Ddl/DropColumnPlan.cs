using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>
/// ALTER TABLE … DROP COLUMN: reads every stored row as the table was, writes it back without the column (so every
/// record holds the new layout), and replaces the table's definition in the catalog. Index entries stay: no index
/// may contain the column, and no constraint is evaluated again: the rows keep the values that satisfied them.
/// Changes go through the transaction, so a failure (I/O) takes the whole statement back.
/// </summary>
internal sealed class DropColumnPlan : WritePlan
{
    private readonly TableSchema _altered;
    private readonly int _dropped;
    private readonly Operator _rows;
    private readonly int _oldSlot;
    private readonly int _newSlot;
    private readonly TableWriter _writer;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="altered">The table without the column.</param>
    /// <param name="dropped">The dropped column's ordinal in the old table.</param>
    /// <param name="rows">A scan of the stored rows as the old table.</param>
    /// <param name="oldSlot">The slot the scan fills.</param>
    /// <param name="newSlot">The slot the rewritten row is built in (the writer's).</param>
    /// <param name="writer">Writes rows of the altered table.</param>
    public DropColumnPlan(Schema schema, int[] slotWidths, TableSchema altered, int dropped, Operator rows, int oldSlot, int newSlot, TableWriter writer)
        : base(schema, slotWidths)
    {
        _altered = altered;
        _dropped = dropped;
        _rows = rows;
        _oldSlot = oldSlot;
        _newSlot = newSlot;
        _writer = writer;
    }

    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;

        // Read first, write after: the scan's cursor must not see the tree change under it.
        List<SqlValue[]> rows = RowCollector.CollectRows(Context, _rows, _oldSlot);

        SqlValue[] row = Context.Slots[_newSlot];
        foreach (SqlValue[] old in rows)
        {
            for (int from = 0, to = 0; from < old.Length; from++)
            {
                if (from != _dropped)
                {
                    row[to++] = old[from];
                }
            }

            _writer.Rewrite(transaction, row);
        }

        CatalogStore.PutTable(transaction, _altered);
        SchemaChange.Apply(transaction, transaction.Schema.WithTable(_altered));
        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => ["AlterTable " + _altered.Name + " DROP COLUMN"];
}
