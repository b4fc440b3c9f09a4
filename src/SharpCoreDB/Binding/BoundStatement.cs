using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;

namespace SharpCoreDB.Binding;

/// <summary>
/// What the binder returns for one statement, for the planner to plan: a SELECT as its bound tree
/// (<see cref="Query"/>, with the subqueries inside its expressions), an INSERT, UPDATE or DELETE as its bound change
/// (<see cref="Dml"/>), an EXPLAIN as the bound statement it explains, or, for the statement kinds the binder still
/// plans itself through <see cref="IQueryPlanner"/> (schema changes, pragmas, transaction control), their finished plan. A struct: preparing a statement allocates nothing
/// for it.
/// </summary>
internal readonly struct BoundStatement
{
    private BoundStatement(ExecutablePlan? planned, BoundQuery? query, BoundExplain? explain, Schema? schema, int[]? slotWidths, IReadOnlyList<BoundSubquery>? subqueries, BoundDml? dml = null)
    {
        Planned = planned;
        Query = query;
        Dml = dml;
        Explain = explain;
        Schema = schema;
        SlotWidths = slotWidths;
        Subqueries = subqueries;
    }

    /// <summary>The plan of a statement kind the binder plans itself, or null.</summary>
    public ExecutablePlan? Planned { get; }

    /// <summary>The bound tree of a SELECT, or null.</summary>
    public BoundQuery? Query { get; }

    /// <summary>The bound INSERT, UPDATE or DELETE, or null.</summary>
    public BoundDml? Dml { get; }

    /// <summary>The bound EXPLAIN, or null.</summary>
    public BoundExplain? Explain { get; }

    /// <summary>The schema a SELECT or a data change was bound against (null for the other kinds).</summary>
    public Schema? Schema { get; }

    /// <summary>The widths of a SELECT's or a data change's slots (null for the other kinds).</summary>
    public int[]? SlotWidths { get; }

    /// <summary>The subqueries inside a SELECT's or a data change's expressions, in the order bound (null when there are none).</summary>
    public IReadOnlyList<BoundSubquery>? Subqueries { get; }

    /// <summary>A statement the binder planned itself.</summary>
    /// <param name="plan">Its plan.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfPlan(ExecutablePlan plan) => new(plan, null, null, null, null, null);

    /// <summary>A bound SELECT.</summary>
    /// <param name="query">Its bound tree.</param>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The widths of its slots.</param>
    /// <param name="subqueries">The subqueries inside its expressions, or null.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfQuery(BoundQuery query, Schema schema, int[] slotWidths, IReadOnlyList<BoundSubquery>? subqueries) =>
        new(null, query, null, schema, slotWidths, subqueries);

    /// <summary>A bound INSERT, UPDATE or DELETE.</summary>
    /// <param name="dml">The bound change.</param>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The widths of its slots.</param>
    /// <param name="subqueries">The subqueries inside its expressions (its trigger programs' included), or null.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfDml(BoundDml dml, Schema schema, int[] slotWidths, IReadOnlyList<BoundSubquery>? subqueries) =>
        new(null, null, null, schema, slotWidths, subqueries, dml);

    /// <summary>A bound EXPLAIN.</summary>
    /// <param name="explain">The bound EXPLAIN.</param>
    /// <returns>The bound statement.</returns>
    public static BoundStatement OfExplain(BoundExplain explain) => new(null, null, explain, null, null, null);
}
