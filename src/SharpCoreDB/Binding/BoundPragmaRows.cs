using SharpCoreDB.Records;

namespace SharpCoreDB.Binding;

/// <summary>A pragma whose rows are computed when the statement runs (they depend on the database at that moment).</summary>
/// <param name="Compute">Computes the rows.</param>
/// <param name="Slot">The slot each row is produced in.</param>
/// <param name="Name">The pragma's name (EXPLAIN shows it).</param>
internal sealed record BoundPragmaRows(Func<Execution.ExecutionContext, List<SqlValue[]>> Compute, int Slot, string Name) : IBoundRelation;
