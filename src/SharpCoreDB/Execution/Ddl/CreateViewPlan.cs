using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>CREATE VIEW [IF NOT EXISTS]: stores the definition; the query was validated when the statement was bound.</summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="statement">The statement.</param>
internal sealed class CreateViewPlan(Schema schema, int[] slotWidths, CreateViewStatement statement) : WritePlan(schema, slotWidths)
{
    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;
        if (SchemaChange.NameTaken(transaction.Schema, statement.Name.Name) is { } taken)
        {
            if (statement.IfNotExists)
            {
                return 0;
            }

            throw taken;
        }

        ViewSchema view = CatalogStore.ViewBuilder(statement);
        CatalogStore.PutView(transaction, view);
        SchemaChange.Apply(transaction, transaction.Schema.WithView(view));
        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => ["CreateView " + statement.Name.Name];
}
