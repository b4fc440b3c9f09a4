using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Planning.Rules;

/// <summary>
/// Puts the column on the left of a comparison: <c>5 &lt; col</c> becomes <c>col &gt; 5</c>, so access-path
/// selection only has to recognize one shape. Comparison affinity does not depend on the side, so the result
/// is the same.
/// </summary>
internal sealed class CommuteComparisonRule : IRewriteRule
{
    /// <inheritdoc />
    public string Name => "commute-comparison";

    /// <inheritdoc />
    public Expr Apply(Expr node) =>
        node is ComparisonExpr { Right: ColumnExpr, Left: not ColumnExpr } comparison
            ? new ComparisonExpr(ComparisonExpr.Mirror(comparison.Operator), comparison.Right, comparison.Left, comparison.ComparisonCollation)
            : node;
}
