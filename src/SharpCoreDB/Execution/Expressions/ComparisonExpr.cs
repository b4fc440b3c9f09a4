using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// A comparison: = &lt;&gt; &lt; &lt;= &gt; &gt;= (NULL when either side is NULL) or IS / IS NOT (NULL-safe), with
/// SQLite's comparison affinity taken from the operands.
/// </summary>
/// <param name="op">The operator.</param>
/// <param name="left">The left operand.</param>
/// <param name="right">The right operand.</param>
internal sealed class ComparisonExpr(BinaryOperator op, Expr left, Expr right) : Expr
{
    private readonly ComparisonOperator _operator = op switch
    {
        BinaryOperator.Equal => ComparisonOperator.Equal,
        BinaryOperator.NotEqual => ComparisonOperator.NotEqual,
        BinaryOperator.Less => ComparisonOperator.Less,
        BinaryOperator.LessOrEqual => ComparisonOperator.LessOrEqual,
        BinaryOperator.Greater => ComparisonOperator.Greater,
        BinaryOperator.GreaterOrEqual => ComparisonOperator.GreaterOrEqual,
        BinaryOperator.Is => ComparisonOperator.Is,
        BinaryOperator.IsNot => ComparisonOperator.IsNot,
        _ => throw new ArgumentOutOfRangeException(nameof(op), op, "Not a comparison operator."),
    };

    private readonly Affinity _affinity = AffinityRules.ForComparison(left.Affinity, right.Affinity);

    /// <summary>The operator.</summary>
    public BinaryOperator Operator { get; } = op;

    /// <summary>The left operand.</summary>
    public Expr Left { get; } = left;

    /// <summary>The right operand.</summary>
    public Expr Right { get; } = right;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Left, Right];

    /// <summary>The operator that gives the same result with the operands swapped (a &lt; b ⇔ b &gt; a).</summary>
    /// <param name="op">The operator.</param>
    /// <returns>The mirrored operator.</returns>
    public static BinaryOperator Mirror(BinaryOperator op) => op switch
    {
        BinaryOperator.Less => BinaryOperator.Greater,
        BinaryOperator.LessOrEqual => BinaryOperator.GreaterOrEqual,
        BinaryOperator.Greater => BinaryOperator.Less,
        BinaryOperator.GreaterOrEqual => BinaryOperator.LessOrEqual,
        _ => op,
    };

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context) =>
        Comparison.Evaluate(_operator, Left.Evaluate(context), Right.Evaluate(context), _affinity);

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new ComparisonExpr(Operator, children[0], children[1]);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Left.Format(builder);
        builder.Append(' ').Append(Symbols.Of(Operator)).Append(' ');
        Right.Format(builder);
    }
}
