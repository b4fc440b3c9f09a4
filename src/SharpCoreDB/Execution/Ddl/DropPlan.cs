using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>DROP TABLE / INDEX / VIEW / TRIGGER [IF EXISTS]: removes the catalog entries (a table's with its indexes
/// and triggers), then frees the trees as the very last step (freeing pages is not undoable, and nothing can fail
/// after it).</summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="statement">The statement.</param>
/// <param name="rows">For a table in a foreign key: the writer the implicit DELETE goes through, or null.</param>
/// <param name="rowSlot">The slot the writer's rows are read into.</param>
internal sealed class DropPlan(Schema schema, int[] slotWidths, DropStatement statement, TableWriter? rows = null, int rowSlot = -1) : WritePlan(schema, slotWidths)
{
    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;
        Schema current = transaction.Schema;
        string name = statement.Name.Name;
        switch (statement.Kind)
        {
            case SchemaObjectKind.Table:
                {
                    TableSchema? table = current.FindTable(name);
                    if (table is null)
                    {
                        return Missing(current.FindView(name) is not null
                            ? ExecutionErrors.UseDropView(name)
                            : ExecutionErrors.NoSuchTable(name));
                    }

                    DeleteRowsForForeignKeys(transaction);
                    CatalogStore.RemoveTable(transaction, table);
                    foreach (TriggerSchema trigger in current.TriggersOf(table.Name))
                    {
                        CatalogStore.RemoveTrigger(transaction, trigger);
                    }

                    SchemaChange.Apply(transaction, current.WithoutTable(table));
                    foreach (IndexSchema index in table.Indexes)
                    {
                        transaction.DropTree(index.RootPage);
                    }

                    transaction.DropTree(table.RootPage);
                    return 0;
                }

            case SchemaObjectKind.Index:
                {
                    IndexSchema? index = current.FindIndex(name);
                    if (index is null)
                    {
                        return Missing(ExecutionErrors.NoSuchIndex(name));
                    }

                    if (index.Origin != IndexOrigin.CreateIndex)
                    {
                        throw ExecutionErrors.IndexEnforcesConstraint(name);
                    }

                    CatalogStore.RemoveIndex(transaction, index);
                    SchemaChange.Apply(transaction, current.WithoutIndex(index));
                    transaction.DropTree(index.RootPage);
                    return 0;
                }

            case SchemaObjectKind.View:
                {
                    ViewSchema? view = current.FindView(name);
                    if (view is null)
                    {
                        return Missing(current.FindTable(name) is not null
                            ? ExecutionErrors.UseDropTable(name)
                            : ExecutionErrors.NoSuchView(name));
                    }

                    // Its INSTEAD OF triggers go with it, as in SQLite.
                    Schema after = current.WithoutView(view);
                    foreach (TriggerSchema trigger in current.TriggersOf(view.Name))
                    {
                        CatalogStore.RemoveTrigger(transaction, trigger);
                        after = after.WithoutTrigger(trigger);
                    }

                    CatalogStore.RemoveView(transaction, view);
                    SchemaChange.Apply(transaction, after);
                    return 0;
                }

            default:
                {
                    TriggerSchema? trigger = current.FindTrigger(name);
                    if (trigger is null)
                    {
                        return Missing(ExecutionErrors.NoSuchTrigger(name));
                    }

                    CatalogStore.RemoveTrigger(transaction, trigger);
                    SchemaChange.Apply(transaction, current.WithoutTrigger(trigger));
                    return 0;
                }
        }
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => ["Drop " + statement.Kind + " " + statement.Name.Name];

    private int Missing(SharpCoreDBException error) => statement.IfExists ? 0 : throw error;

    // With foreign keys on, a parent table is emptied first by an implicit DELETE that runs the actions but no trigger;
    // immediate violations it leaves fail the DROP before anything is dropped (tree drops cannot be undone). A table that is
    // only a child is emptied only to repair deferred violations its rows were counted for. As SQLite does.
    private void DeleteRowsForForeignKeys(TransactionContext transaction)
    {
        if (rows is null || !rows.NeedsWholeRow(Context))
        {
            return;
        }

        TableSchema table = rows.Table;
        bool parent = transaction.Schema.ForeignKeysReferencing(table.Name).Length > 0;
        if (!parent && transaction.ForeignKeys.DeferredTotal == 0)
        {
            return;
        }

        var rowIds = new List<long>();
        using (BTreeCursor cursor = transaction.Tree(table.RootPage).OpenCursor())
        {
            for (bool positioned = cursor.First(); positioned; positioned = cursor.MoveNext())
            {
                Context.CheckCancellation();
                rowIds.Add(KeyEncoder.ReadRowId(cursor.Key));
            }
        }

        SqlValue[] row = Context.Slots[rowSlot];
        foreach (long rowId in rowIds)
        {
            Context.CheckCancellation();
            if (rows.Read(transaction, rowId, row))
            {
                rows.Delete(Context, row);
            }
        }

        if (transaction.ForeignKeys.Statement > 0)
        {
            throw ForeignKeys.ForeignKeyErrors.Violation();
        }
    }
}
