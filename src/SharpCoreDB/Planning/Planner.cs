using SharpCoreDB.Binding;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Rules;

namespace SharpCoreDB.Planning;

/// <summary>
/// The planner the binder is handed (<see cref="IQueryPlanner"/>): it turns bound SELECT blocks and single-table
/// accesses into operators, choosing access paths (<see cref="AccessPathSelector"/>), join orders and join methods
/// (<see cref="SelectPlanner"/>), and applies the rewrite rules (<see cref="Rewriter"/>). Stateless: one instance
/// serves every statement.
/// </summary>
internal sealed class Planner : IQueryPlanner
{
    private Planner()
    {
    }

    /// <summary>The one instance.</summary>
    public static Planner Instance { get; } = new();

    /// <inheritdoc/>
    public Operator Plan(SelectBlock block) => SelectPlanner.Plan(block);

    /// <inheritdoc/>
    public Operator PlanTableAccess(SourceBinding source, List<Expr> conjuncts)
    {
        Operator access = AccessPathSelector.Choose(source, conjuncts, null, out _);
        if (conjuncts.Count == 0)
        {
            return access;
        }

        // The access path may use only some conjuncts (a seek on one, a range on another); all of them still filter
        // its rows, as the statement's WHERE says.
        return new FilterOperator(access, SelectPlanner.Combine(conjuncts));
    }

    /// <inheritdoc/>
    public Expr Rewrite(Expr expression) => Rewriter.Apply(expression);

    /// <inheritdoc/>
    public List<Expr> Conjuncts(Expr predicate) => SelectPlanner.Split(Rewriter.Apply(predicate));

    /// <inheritdoc/>
    public bool Implies(Expr predicate, IReadOnlyList<Expr> conjuncts) => PartialIndexImplication.Implies(predicate, conjuncts);
}
