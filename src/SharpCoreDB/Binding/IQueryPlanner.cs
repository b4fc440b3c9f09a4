using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>
/// The planner as the binder sees it. Binding sits below Planning, so the binder never names the planner's types:
/// the statement's preparation (Engine) passes Planning's <c>Planner</c> in, and the binder hands it what it has bound
/// — each SELECT block, each single-table access of a data or schema change, each expression to normalize — and
/// never chooses an access path, a join order or a rewrite itself.
/// </summary>
internal interface IQueryPlanner
{
    /// <summary>Plans one bound SELECT block (or join unit) into its operator tree.</summary>
    /// <param name="block">The bound block.</param>
    /// <returns>The operator tree.</returns>
    Operator Plan(SelectBlock block);

    /// <summary>
    /// Plans the rows of one table that an UPDATE, DELETE or schema change visits: the access path the conjuncts allow,
    /// filtered by all of them.
    /// </summary>
    /// <param name="source">The table's source.</param>
    /// <param name="conjuncts">The bound and rewritten WHERE conjuncts (<see cref="Conjuncts"/>); empty for every row.</param>
    /// <returns>The operator producing the matching rows.</returns>
    Operator PlanTableAccess(SourceBinding source, List<Expr> conjuncts);

    /// <summary>Applies the rewrite rules to a bound value or predicate expression.</summary>
    /// <param name="expression">The bound expression.</param>
    /// <returns>The rewritten expression.</returns>
    Expr Rewrite(Expr expression);

    /// <summary>Rewrites a bound predicate and splits it into its AND-ed conjuncts.</summary>
    /// <param name="predicate">The bound predicate.</param>
    /// <returns>The conjuncts.</returns>
    List<Expr> Conjuncts(Expr predicate);

    /// <summary>True when the conjuncts imply a partial index's predicate, so the index covers every row they select.</summary>
    /// <param name="predicate">The index's WHERE, bound against the same slot as the conjuncts.</param>
    /// <param name="conjuncts">The conjuncts (<see cref="Conjuncts"/>).</param>
    /// <returns>Whether the index's predicate is implied.</returns>
    bool Implies(Expr predicate, IReadOnlyList<Expr> conjuncts);
}
