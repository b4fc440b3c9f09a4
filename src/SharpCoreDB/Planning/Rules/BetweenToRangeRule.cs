using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning.Rules;

/// <summary>
/// <c>col BETWEEN a AND b</c> becomes <c>col &gt;= a AND col &lt;= b</c>, which splits into two range conjuncts
/// an index or row-id range can use. Only for a plain column, which is cheap and safe to evaluate twice.
/// </summary>
internal sealed class BetweenToRangeRule : IRewriteRule
{
    /// <inheritdoc />
    public string Name => "between-to-range";

    /// <inheritdoc />
    public Expr Apply(Expr node) =>
        node is BetweenExpr { Negated: false, Operand: ColumnExpr column } between
            ? new LogicalExpr(
                true,
                new ComparisonExpr(BinaryOperator.GreaterOrEqual, column, between.Low, between.LowCollation),
                new ComparisonExpr(BinaryOperator.LessOrEqual, column, between.High, between.HighCollation))
            : node;
}
