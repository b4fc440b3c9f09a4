using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <summary>
/// Bound VALUES rows (a VALUES clause, the rows of INSERT … VALUES, a pragma's fixed rows): the planner turns them
/// into the operator that evaluates one row after another into <paramref name="Slot"/>.
/// </summary>
/// <param name="Rows">The bound rows, all of the same width.</param>
/// <param name="Slot">The slot each row is produced in.</param>
internal sealed record BoundValues(IReadOnlyList<IReadOnlyList<Expr>> Rows, int Slot) : IBoundRelation;
