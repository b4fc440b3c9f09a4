using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;

namespace SharpCoreDB.Binding;

/// <summary>
/// A bound compound SELECT (UNION [ALL], INTERSECT, EXCEPT) without its ORDER BY and LIMIT (those are a
/// <see cref="BoundSetQuery"/> over it).
/// </summary>
/// <param name="Arms">The bound arms, left to right.</param>
/// <param name="Operators">The operator joining each arm after the first to the result so far.</param>
/// <param name="Slot">The slot the compound's rows are produced in.</param>
/// <param name="Width">The number of result columns.</param>
/// <param name="Collations">Per column the non-BINARY collation rows are told apart by; null when all are BINARY.</param>
internal sealed record BoundCompound(
    IReadOnlyList<BoundQuery> Arms,
    IReadOnlyList<SetOperation> Operators,
    int Slot,
    int Width,
    Collation?[]? Collations) : IBoundRelation;
