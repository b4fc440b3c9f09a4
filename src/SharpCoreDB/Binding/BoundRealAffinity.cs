namespace SharpCoreDB.Binding;

/// <summary>
/// A derived table (a compound or a recursive expression) whose REAL result columns must read integers as reals,
/// because another arm than the one that gave the column its affinity can produce them.
/// </summary>
/// <param name="Query">The derived table's query.</param>
/// <param name="RealColumns">The positions of its REAL columns.</param>
internal sealed record BoundRealAffinity(BoundQuery Query, int[] RealColumns) : IBoundRelation;
