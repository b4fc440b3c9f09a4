using SharpCoreDB.Execution;

namespace SharpCoreDB.Binding;

/// <summary>
/// A subquery inside an expression (scalar, EXISTS, IN) of a statement whose planning is left to the plan pass: the
/// expression's <see cref="SubqueryPlan"/> gets its operator tree when the planner plans <paramref name="Relation"/>.
/// </summary>
/// <param name="Plan">The subquery plan the expression holds, without its operator tree yet.</param>
/// <param name="Relation">The subquery's bound relation.</param>
internal sealed record BoundSubquery(SubqueryPlan Plan, IBoundRelation Relation);
