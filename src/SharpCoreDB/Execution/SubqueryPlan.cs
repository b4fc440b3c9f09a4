using SharpCoreDB.Records;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;

namespace SharpCoreDB.Execution;

/// <summary>
/// A subquery used inside an expression: its operator tree, the slot its rows appear in, and which outer slots
/// it reads. A subquery that reads no outer slot is uncorrelated and is evaluated once per execution. The binder
/// creates it when it binds the expression; the planner gives it its operator tree (<see cref="Root"/>) when it plans
/// the subquery's bound relation, before the statement runs.
/// </summary>
/// <param name="slot">The slot holding each result row.</param>
/// <param name="width">The number of result columns.</param>
/// <param name="outerSlots">The slots of enclosing queries the subquery reads.</param>
/// <param name="firstAffinity">The affinity of the first result column (for IN comparisons).</param>
internal sealed class SubqueryPlan(int slot, int width, IReadOnlySet<int> outerSlots, Affinity firstAffinity)
{
    /// <summary>The operator tree: set once, by the planner, when it plans the subquery.</summary>
    public Operator Root { get; set; } = null!;

    /// <summary>The slot of each result row.</summary>
    public int Slot { get; } = slot;

    /// <summary>The number of result columns.</summary>
    public int Width { get; } = width;

    /// <summary>The outer slots read.</summary>
    public IReadOnlySet<int> OuterSlots { get; } = outerSlots;

    /// <summary>True when the subquery reads an outer row and must run again for each.</summary>
    public bool IsCorrelated => OuterSlots.Count > 0;

    /// <summary>The affinity of the first result column.</summary>
    public Affinity FirstAffinity { get; } = firstAffinity;

    /// <summary>The collation of the first result column's expression, or null (for IN comparisons).</summary>
    public Collation? FirstCollation { get; init; }

    /// <summary>True when the first result column's expression holds a COLLATE.</summary>
    public bool FirstHasExplicitCollation { get; init; }
}
