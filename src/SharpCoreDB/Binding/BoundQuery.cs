using SharpCoreDB.Execution;

namespace SharpCoreDB.Binding;

/// <summary>A bound SELECT: its bound relation (not yet planned), the slot holding each result row, and the result columns.</summary>
/// <param name="Relation">The bound relation the planner turns into the operator tree.</param>
/// <param name="Slot">The result row's slot.</param>
/// <param name="Columns">The result columns.</param>
/// <param name="OuterSlots">The slots of enclosing queries it reads (empty when uncorrelated).</param>
internal sealed record BoundQuery(IBoundRelation Relation, int Slot, IReadOnlyList<ResultColumnInfo> Columns, IReadOnlySet<int> OuterSlots);
