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
/// <param name="collation">
/// The comparison's collation (<see cref="CollationRules.ForComparison(Expr, Expr)"/>); null to take it from the operands. A
/// rewrite that swaps the operands passes the original one, since the rule prefers the left operand.
/// </param>
internal sealed class ComparisonExpr(BinaryOperator op, Expr left, Expr right, Collation? collation = null) : Expr
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

    // Null for BINARY, so the common case compares without a collation.
    private readonly Collation? _collation = CollationRules.NonBinary(collation ?? CollationRules.ForComparison(left, right));

    /// <summary>The collation the comparison uses (BINARY when none other applies).</summary>
    public Collation ComparisonCollation => _collation ?? Collation.Binary;

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
        Comparison.Evaluate(_operator, Left.Evaluate(context), Right.Evaluate(context), _affinity, _collation);

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new ComparisonExpr(Operator, children[0], children[1], ComparisonCollation);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Left.Format(builder);
        builder.Append(' ').Append(Symbols.Of(Operator)).Append(' ');
        Right.Format(builder);
    }
}
