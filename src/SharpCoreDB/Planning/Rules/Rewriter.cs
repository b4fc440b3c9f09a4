using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Planning.Rules;

/// <summary>Applies the rewrite rules, in order, each over the whole expression bottom-up.</summary>
internal static class Rewriter
{
    /// <summary>The rules in the order they run.</summary>
    public static IReadOnlyList<IRewriteRule> Rules { get; } =
    [
        new ConstantFoldingRule(),
        new CommuteComparisonRule(),
        new BetweenToRangeRule(),
        new OrToInRule(),
    ];

    /// <summary>Rewrites a predicate or value expression.</summary>
    /// <param name="expression">The expression.</param>
    /// <returns>The rewritten expression.</returns>
    public static Expr Apply(Expr expression)
    {
        Expr result = expression;
        foreach (IRewriteRule rule in Rules)
        {
            result = result.RewriteBottomUp(rule.Apply);
        }

        return result;
    }
}
