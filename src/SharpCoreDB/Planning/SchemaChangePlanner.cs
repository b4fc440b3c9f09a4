using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Rules;

namespace SharpCoreDB.Planning;

/// <summary>
/// The plan pass for schema changes (<see cref="BoundSchemaChange"/>): plans the rows a change reads (CREATE TABLE …
/// AS SELECT's query, the stored rows ALTER TABLE verifies or rewrites), applies the rewrite rules to the expressions it
/// evaluates, and builds its writers, with the foreign-key enforcer DROP TABLE deletes through.
/// </summary>
internal static class SchemaChangePlanner
{
    /// <summary>Plans a bound schema change.</summary>
    /// <param name="change">The bound change.</param>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The widths of its slots.</param>
    /// <returns>The change's plan.</returns>
    public static ExecutablePlan Plan(BoundSchemaChange change, Schema schema, int[] slotWidths) => change switch
    {
        BoundCreateTableAs create => new CreateTablePlan(
            schema, slotWidths, create.Statement, Planner.Instance.Plan(create.Source.Relation), create.Source.Slot, create.RowSlot),
        BoundAddColumn add => new AlterTablePlan(
            schema, slotWidths, add.Altered, add.Rows is null ? null : Planner.PlanTableAccess(add.Rows, []), add.Constraints.Slot, DmlPlanner.PlanWriter(add.Constraints, null)),
        BoundDropColumn drop => new DropColumnPlan(
            schema, slotWidths, drop.Altered, drop.Dropped, Planner.PlanTableAccess(drop.OldRows, []), drop.OldRows.Slot, drop.Writer.Slot, DmlPlanner.PlanWriter(drop.Writer, null)),
        BoundDropTable drop => PlanDropTable(drop, schema, slotWidths),
        BoundCreateIndex create => new CreateIndexPlan(
            schema, slotWidths, create.Statement, create.Predicate is null ? null : Rewriter.Apply(create.Predicate), create.Keys, create.RowSlot),
        _ => PlanReindex((BoundReindex)change, schema, slotWidths),
    };

    // The implicit DELETE goes through a writer only when the table still takes part in a foreign key the enforcer
    // acts on; otherwise the table is dropped as any other.
    private static DropPlan PlanDropTable(BoundDropTable drop, Schema schema, int[] slotWidths)
    {
        ForeignKeyEnforcer? foreignKeys = DmlPlanner.ForeignKeysOf(drop.Rows);
        return foreignKeys is null
            ? new DropPlan(schema, slotWidths, drop.Statement)
            : new DropPlan(schema, slotWidths, drop.Statement, DmlPlanner.PlanWriter(drop.Rows, foreignKeys), drop.Rows.Slot);
    }

    private static ReindexPlan PlanReindex(BoundReindex reindex, Schema schema, int[] slotWidths)
    {
        List<(IndexSchema Index, Expr? Predicate, Expr?[]? Keys, int RowSlot)> indexes = reindex.Indexes;
        for (int i = 0; i < indexes.Count; i++)
        {
            if (indexes[i].Predicate is { } predicate)
            {
                indexes[i] = indexes[i] with { Predicate = Rewriter.Apply(predicate) };
            }
        }

        return new ReindexPlan(schema, slotWidths, indexes);
    }
}
