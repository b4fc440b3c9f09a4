using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>
/// ALTER TABLE … RENAME TO and RENAME COLUMN: replaces the table's catalog entries (definition, indexes,
/// AUTOINCREMENT sequence) under its (new) name and stores the triggers on it and the tables whose foreign keys
/// reference it with their text rewritten. No row or page moves. Everything goes through the transaction, so it
/// commits or rolls back as one change.
/// </summary>
internal sealed class RenamePlan : WritePlan
{
    private readonly TableSchema _table;
    private readonly TableSchema _renamed;
    private readonly List<TriggerSchema> _triggers;
    private readonly List<TableSchema> _referencing;
    private readonly Schema _after;
    private readonly string _explain;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="table">The table as it is.</param>
    /// <param name="renamed">The table as renamed (or with the column renamed), with its indexes.</param>
    /// <param name="triggers">The triggers on it whose text changed.</param>
    /// <param name="referencing">Other tables whose foreign keys were rewritten.</param>
    /// <param name="after">The schema after the change.</param>
    /// <param name="explain">The plan's EXPLAIN line.</param>
    public RenamePlan(Schema schema, int[] slotWidths, TableSchema table, TableSchema renamed, List<TriggerSchema> triggers, List<TableSchema> referencing, Schema after, string explain)
        : base(schema, slotWidths)
    {
        _table = table;
        _renamed = renamed;
        _triggers = triggers;
        _referencing = referencing;
        _after = after;
        _explain = explain;
    }

    /// <summary>Views whose text was rewritten to name the renamed table.</summary>
    public List<ViewSchema> Views { get; init; } = [];

    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;
        long sequence = _table.AutoIncrement ? CatalogStore.ReadSequence(transaction, _table.Name) : 0;
        CatalogStore.RemoveTable(transaction, _table);
        CatalogStore.PutTable(transaction, _renamed);
        foreach (IndexSchema index in _renamed.Indexes)
        {
            if (index.Origin == IndexOrigin.CreateIndex)
            {
                CatalogStore.PutIndex(transaction, index);
            }
        }

        if (sequence != 0)
        {
            CatalogStore.WriteSequence(transaction, _renamed.Name, sequence);
        }

        foreach (TriggerSchema trigger in _triggers)
        {
            CatalogStore.PutTrigger(transaction, trigger);
        }

        foreach (TableSchema table in _referencing)
        {
            CatalogStore.PutTable(transaction, table);
        }

        foreach (ViewSchema view in Views)
        {
            CatalogStore.PutView(transaction, view);
        }

        SchemaChange.Apply(transaction, _after);
        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => [_explain];
}
