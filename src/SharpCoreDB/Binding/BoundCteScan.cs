namespace SharpCoreDB.Binding;

/// <summary>One reference to a materialized common table expression: it reads the shared rows into a slot of its own.</summary>
/// <param name="Cte">The expression.</param>
/// <param name="Slot">The reference's slot.</param>
/// <param name="Owner">True for the first reference, which EXPLAIN shows computing the rows.</param>
internal sealed record BoundCteScan(BoundMaterializedCte Cte, int Slot, bool Owner) : IBoundRelation;
