using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <summary>
/// What the binder returns for one statement, for the planner to plan: a SELECT or a pragma's rows as its bound tree
/// (<see cref="Query"/>, with the subqueries inside its expressions), an INSERT, UPDATE or DELETE as its bound change
/// (<see cref="Dml"/>), a schema change that reads rows or rewrites definitions as its bound change
/// (<see cref="SchemaChange"/>), an EXPLAIN as the bound statement it explains, or, for the statement kinds that
/// need no planning (transaction control, CREATE VIEW, CREATE TRIGGER, renames, …), their plan. A struct: preparing
/// a statement allocates nothing for it.
/// </summary>
internal readonly struct BoundStatement
{
    private BoundStatement(
        ExecutablePlan? planned,
        BoundQuery? query,
        BoundExplain? explain,
        Schema? schema,
        int[]? slotWidths,
        IReadOnlyList<BoundSubquery>? subqueries,
        BoundDml? dml = null,
        BoundSchemaChange? schemaChange = null,
        IReadOnlyList<Expr?[]>? definitions = null)
    {
        Planned = planned;
        Query = query;
        Dml = dml;
        SchemaChange = schemaChange;
        Definitions = definitions;
        Explain = explain;
        Schema = schema;
        SlotWidths = slotWidths;
        Subqueries = subqueries;
    }

    /// <summary>The plan of a statement kind that needs no planning, or null.</summary>
    public ExecutablePlan? Planned { get; }

    /// <summary>The bound tree of a SELECT, or null.</summary>
    public BoundQuery? Query { get; }

    /// <summary>The bound INSERT, UPDATE or DELETE, or null.</summary>
    public BoundDml? Dml { get; }

    /// <summary>The bound schema change, or null.</summary>
    public BoundSchemaChange? SchemaChange { get; }

    /// <summary>
    /// The bound definitions of partial indexes, indexes on expressions and generated columns the statement reads or
    /// writes, not yet rewritten: the plan pass applies the rewrite rules to each in place before it plans anything,
    /// so they compare with the statement's rewritten expressions (null when there are none).
    /// </summary>
    public IReadOnlyList<Expr?[]>? Definitions { get; }

    /// <summary>The bound EXPLAIN, or null.</summary>
    public BoundExplain? Explain { get; }

    /// <summary>The schema a SELECT, a data change or a schema change was bound against (null for the other kinds).</summary>
    public Schema? Schema { get; }

    /// <summary>The widths of a SELECT's, a data change's or a schema change's slots (null for the other kinds).</summary>
    public int[]? SlotWidths { get; }

    /// <summary>The subqueries inside a SELECT's or a data change's expressions, in the order bound (null when there are none).</summary>
    public IReadOnlyList<BoundSubquery>? Subqueries { get; }

    /// <summary>A statement that needs no planning: its plan, complete.</summary>
    /// <param name="plan">Its plan.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfPlan(ExecutablePlan plan) => new(plan, null, null, null, null, null);

    /// <summary>A bound SELECT, or a pragma's rows.</summary>
    /// <param name="query">Its bound tree.</param>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The widths of its slots.</param>
    /// <param name="subqueries">The subqueries inside its expressions, or null.</param>
    /// <param name="definitions">The index and generated-column definitions it bound (<see cref="Definitions"/>), or null.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfQuery(BoundQuery query, Schema schema, int[] slotWidths, IReadOnlyList<BoundSubquery>? subqueries, IReadOnlyList<Expr?[]>? definitions = null) =>
        new(null, query, null, schema, slotWidths, subqueries, definitions: definitions);

    /// <summary>A bound INSERT, UPDATE or DELETE.</summary>
    /// <param name="dml">The bound change.</param>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The widths of its slots.</param>
    /// <param name="subqueries">The subqueries inside its expressions (its trigger programs' included), or null.</param>
    /// <param name="definitions">The index and generated-column definitions it bound (<see cref="Definitions"/>), or null.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfDml(BoundDml dml, Schema schema, int[] slotWidths, IReadOnlyList<BoundSubquery>? subqueries, IReadOnlyList<Expr?[]>? definitions = null) =>
        new(null, null, null, schema, slotWidths, subqueries, dml, definitions: definitions);

    /// <summary>A bound schema change.</summary>
    /// <param name="change">The bound change.</param>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The widths of its slots.</param>
    /// <param name="subqueries">The subqueries inside its expressions (CREATE TABLE … AS SELECT's), or null.</param>
    /// <param name="definitions">The index and generated-column definitions it bound (<see cref="Definitions"/>), or null.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfSchemaChange(BoundSchemaChange change, Schema schema, int[] slotWidths, IReadOnlyList<BoundSubquery>? subqueries, IReadOnlyList<Expr?[]>? definitions) =>
        new(null, null, null, schema, slotWidths, subqueries, schemaChange: change, definitions: definitions);

    /// <summary>A bound EXPLAIN.</summary>
    /// <param name="explain">The bound EXPLAIN.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfExplain(BoundExplain explain) => new(null, null, explain, null, null, null);
}
