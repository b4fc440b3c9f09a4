using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>A bound SELECT with its planned operator tree, the slot holding each result row, and the result columns.</summary>
/// <param name="Root">The operator tree.</param>
/// <param name="Slot">The result row's slot.</param>
/// <param name="Columns">The result columns.</param>
/// <param name="OuterSlots">The slots of enclosing queries it reads (empty when uncorrelated).</param>
internal sealed record BoundQuery(Operator Root, int Slot, IReadOnlyList<ResultColumnInfo> Columns, IReadOnlySet<int> OuterSlots);
