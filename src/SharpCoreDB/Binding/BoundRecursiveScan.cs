namespace SharpCoreDB.Binding;

/// <summary>The reference to the recursive table in a recursive SELECT's FROM: it reads the one row being recursed on.</summary>
/// <param name="Table">The recursive table.</param>
/// <param name="Slot">The slot the row is read into.</param>
/// <param name="Name">The name as the reference spells it (EXPLAIN shows it).</param>
internal sealed record BoundRecursiveScan(BoundRecursiveTable Table, int Slot, string Name) : IBoundRelation;
