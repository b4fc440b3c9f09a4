using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>
/// The planner as the binder still sees it, for the statement kinds it plans itself. Binding sits below Planning, so
/// the binder never names the planner's types: the statement's preparation (Engine) passes Planning's <c>Planner</c>
/// in. A SELECT (and EXPLAIN of one) never reaches it: the binder returns its bound tree (<see cref="BoundStatement"/>)
/// and the planner plans it after binding. Data and schema changes, pragmas and triggers still hand it their bound
/// relations (<see cref="IBoundRelation"/>), single-table accesses and expressions to normalize while they are bound;
/// the binder never chooses an access path, a join order or a rewrite, nor creates an operator, itself.
/// </summary>
internal interface IQueryPlanner
{
    /// <summary>Plans a bound statement (the plan pass), as DROP TABLE's foreign-key actions are when they first run.</summary>
    /// <param name="statement">The bound statement.</param>
    /// <returns>Its executable plan.</returns>
    ExecutablePlan Plan(BoundStatement statement);

    /// <summary>Plans a bound relation (a SELECT block, VALUES, a compound, …) and every relation under it into its operator tree.</summary>
    /// <param name="relation">The bound relation.</param>
    /// <returns>The operator tree.</returns>
    Operator Plan(IBoundRelation relation);

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
