using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;

namespace SharpCoreDB.Binding;

/// <summary>A bound recursive common table expression: the initial SELECT, the recursive SELECTs and how the queue runs.</summary>
/// <param name="Initial">The initial SELECT (possibly compound).</param>
/// <param name="Arms">The planned recursive SELECTs, each reading <paramref name="Table"/> and giving the expression's columns.</param>
/// <param name="Table">The recursive table.</param>
/// <param name="Distinct">True for UNION (a row is queued at most once), false for UNION ALL.</param>
/// <param name="OrderBy">The ORDER BY that orders the queue; empty for first in, first out.</param>
/// <param name="Limit">The bound LIMIT, or null.</param>
/// <param name="Offset">The bound OFFSET, or null.</param>
/// <param name="Slot">The slot the expression's rows are produced in.</param>
/// <param name="Width">The number of columns.</param>
/// <param name="QueueCollations">Per column the non-BINARY collation that tells queued rows apart under UNION; null when all are BINARY.</param>
internal sealed record BoundRecursiveCte(
    BoundQuery Initial,
    IReadOnlyList<BoundQuery> Arms,
    BoundRecursiveTable Table,
    bool Distinct,
    IReadOnlyList<SortKey> OrderBy,
    Expr? Limit,
    Expr? Offset,
    int Slot,
    int Width,
    Collation?[]? QueueCollations) : IBoundRelation;
