using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>CREATE TABLE [IF NOT EXISTS] (and CREATE TABLE … AS SELECT): creates the table and constraint-index
/// trees, stores the definition in the catalog, and fills the table from the SELECT.</summary>
internal sealed class CreateTablePlan : WritePlan
{
    private readonly CreateTableStatement _statement;
    private readonly Operator? _source;
    private readonly int _sourceSlot;
    private readonly int _rowSlot;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="statement">The CREATE TABLE (for AS SELECT: the equivalent column list).</param>
    /// <param name="source">The AS SELECT rows, or null.</param>
    /// <param name="sourceSlot">The slot of each source row.</param>
    /// <param name="rowSlot">The slot a new row is built in.</param>
    public CreateTablePlan(Schema schema, int[] slotWidths, CreateTableStatement statement, Operator? source, int sourceSlot, int rowSlot)
        : base(schema, slotWidths)
    {
        _statement = statement;
        _source = source;
        _sourceSlot = sourceSlot;
        _rowSlot = rowSlot;
    }

    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;
        string name = _statement.Name.Name;
        if (SchemaChange.NameTaken(transaction.Schema, name) is { } taken)
        {
            if (_statement.IfNotExists)
            {
                return 0;
            }

            throw taken;
        }

        List<SqlValue[]>? rows = _source is null ? null : RowCollector.CollectRows(Context, _source, _sourceSlot);

        uint root = transaction.CreateTree();
        TableSchema table = TableSchemaBuilder.Build(_statement, root, _ => transaction.CreateTree());
        CatalogStore.PutTable(transaction, table);
        SchemaChange.Apply(transaction, transaction.Schema.WithTable(table));
        if (rows is not null)
        {
            var writer = new TableWriter(table, _rowSlot, []);
            writer.Begin();
            SqlValue[] row = Context.Slots[_rowSlot];
            foreach (SqlValue[] source in rows)
            {
                Array.Copy(source, row, table.Columns.Length);
                row[^1] = SqlValue.Null;
                writer.Insert(Context, row, ConflictResolution.Unspecified);
            }
        }

        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => ["CreateTable " + _statement.Name.Name];
}
