using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>
/// The planner as the binder sees it. Binding sits below Planning, so the binder never names the planner's types:
/// the statement's preparation (Engine) passes Planning's <c>Planner</c> in, and the binder hands it what it has bound
/// — each SELECT block, each single-table access of a data or schema change, each expression to normalize, each
/// VALUES list, compound, common table expression and pragma's rows as a bound record — and never chooses an access
/// path, a join order or a rewrite, nor creates an operator, itself.
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

    /// <summary>Plans bound VALUES rows.</summary>
    /// <param name="values">The rows.</param>
    /// <returns>The operator producing them.</returns>
    Operator PlanValues(BoundValues values);

    /// <summary>Plans a compound SELECT's arms and set operators (not its ORDER BY and LIMIT: <see cref="PlanSetQuery"/>).</summary>
    /// <param name="compound">The bound compound.</param>
    /// <returns>The operator combining the arms.</returns>
    Operator PlanCompound(BoundCompound compound);

    /// <summary>Places the sort and the limit of a compound SELECT or VALUES clause over its rows.</summary>
    /// <param name="query">The bound ORDER BY and LIMIT over the rows.</param>
    /// <returns>The operator producing the ordered, limited rows (the input's own when there is neither).</returns>
    Operator PlanSetQuery(BoundSetQuery query);

    /// <summary>Plans a derived table whose REAL columns read integers as reals.</summary>
    /// <param name="derived">The derived table and its REAL columns.</param>
    /// <returns>The operator converting them.</returns>
    Operator PlanRealAffinity(BoundRealAffinity derived);

    /// <summary>Plans the reference to the recursive table in a recursive SELECT.</summary>
    /// <param name="scan">The bound reference.</param>
    /// <returns>The operator reading the row being recursed on.</returns>
    Operator PlanRecursiveScan(BoundRecursiveScan scan);

    /// <summary>Plans a recursive common table expression over its planned SELECTs.</summary>
    /// <param name="cte">The bound expression.</param>
    /// <returns>The operator running the queue.</returns>
    Operator PlanRecursiveCte(BoundRecursiveCte cte);

    /// <summary>Plans one reference to a materialized common table expression.</summary>
    /// <param name="scan">The bound reference.</param>
    /// <returns>The operator reading the shared rows.</returns>
    Operator PlanCteScan(BoundCteScan scan);

    /// <summary>Plans a pragma whose rows are computed when the statement runs.</summary>
    /// <param name="pragma">The bound pragma.</param>
    /// <returns>The operator producing its rows.</returns>
    Operator PlanPragmaRows(BoundPragmaRows pragma);

    /// <summary>Plans PRAGMA foreign_key_check.</summary>
    /// <param name="check">The bound check.</param>
    /// <returns>The operator producing the rows whose parent is missing.</returns>
    Operator PlanForeignKeyCheck(BoundForeignKeyCheck check);
}
