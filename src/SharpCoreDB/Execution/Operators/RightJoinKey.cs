using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>An equality of a RIGHT or FULL join's ON that ties a right-side column to an expression of the left rows.</summary>
/// <param name="Column">The right side's column, by position in its slot.</param>
/// <param name="Probe">The other side of the equality, evaluated once per left row.</param>
/// <param name="Affinity">The comparison affinity of the equality, which the hash keys are normalized with.</param>
/// <param name="Collation">
/// The equality's collation (SQLite's rules for which operand's wins), null for BINARY: the right rows are keyed
/// under it, so a left row finds every row the ON calls equal.
/// </param>
internal sealed record RightJoinKey(int Column, Expr Probe, Affinity Affinity, Collation? Collation);
