using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>The ORDER BY and LIMIT of a compound SELECT or a VALUES clause, bound against its result columns.</summary>
/// <param name="Input">The compound or VALUES rows.</param>
/// <param name="OrderBy">The sort keys (result columns); empty when there is no ORDER BY.</param>
/// <param name="Limit">The bound LIMIT, or null.</param>
/// <param name="Offset">The bound OFFSET, or null.</param>
internal sealed record BoundSetQuery(BoundQuery Input, IReadOnlyList<SortKey> OrderBy, Expr? Limit, Expr? Offset) : IBoundRelation;
