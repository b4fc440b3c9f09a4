using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>
/// CREATE TRIGGER [IF NOT EXISTS]: checks the name and the table, and stores the definition. The program is bound
/// into each statement that fires it, not here, as in SQLite.
/// </summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="statement">The statement.</param>
internal sealed class CreateTriggerPlan(Schema schema, int[] slotWidths, CreateTriggerStatement statement) : WritePlan(schema, slotWidths)
{
    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;
        Schema current = transaction.Schema;
        string name = statement.Name.Name;
        if (current.FindTrigger(name) is not null)
        {
            return statement.IfNotExists
                ? 0
                : throw ExecutionErrors.TriggerExists(name);
        }

        string tableName = statement.Table.Name;
        TableSchema? table = current.FindTable(tableName);
        string target;
        if (table is null)
        {
            if (current.FindView(tableName) is not { } view)
            {
                throw ExecutionErrors.NoSuchTable(tableName);
            }

            if (statement.Timing != TriggerTiming.InsteadOf)
            {
                throw ExecutionErrors.TriggerOnView(statement.Timing == TriggerTiming.After ? "AFTER" : "BEFORE", tableName);
            }

            target = view.Name;
        }
        else if (statement.Timing == TriggerTiming.InsteadOf)
        {
            throw ExecutionErrors.InsteadOfTriggerOnTable(tableName);
        }
        else
        {
            target = table.Name;
        }

        // The version this change creates orders the trigger among the others on its table (or view).
        var trigger = new TriggerSchema { Name = name, TableName = target, Statement = statement, Order = current.Version + 1 };
        CatalogStore.PutTrigger(transaction, trigger);
        SchemaChange.Apply(transaction, current.WithTrigger(trigger));
        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => ["CreateTrigger " + statement.Name.Name];
}
