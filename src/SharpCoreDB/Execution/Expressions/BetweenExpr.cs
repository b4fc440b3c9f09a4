using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>x [NOT] BETWEEN low AND high: x &gt;= low AND x &lt;= high, evaluating x once.</summary>
/// <param name="operand">The operand.</param>
/// <param name="low">The lower bound.</param>
/// <param name="high">The upper bound.</param>
/// <param name="negated">True for NOT BETWEEN.</param>
/// <param name="lowCollation">The collation of x &gt;= low, null to take it from the operands.</param>
/// <param name="highCollation">The collation of x &lt;= high, null to take it from the operands.</param>
internal sealed class BetweenExpr(Expr operand, Expr low, Expr high, bool negated, Collation? lowCollation = null, Collation? highCollation = null) : Expr
{
    private readonly Affinity _lowAffinity = AffinityRules.ForComparison(operand.Affinity, low.Affinity);
    private readonly Affinity _highAffinity = AffinityRules.ForComparison(operand.Affinity, high.Affinity);
    private readonly Collation? _lowCollation = CollationRules.NonBinary(lowCollation ?? CollationRules.ForComparison(operand, low));
    private readonly Collation? _highCollation = CollationRules.NonBinary(highCollation ?? CollationRules.ForComparison(operand, high));

    /// <summary>The collation of x &gt;= low.</summary>
    public Collation LowCollation => _lowCollation ?? Collation.Binary;

    /// <summary>The collation of x &lt;= high.</summary>
    public Collation HighCollation => _highCollation ?? Collation.Binary;

    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    /// <summary>The lower bound.</summary>
    public Expr Low { get; } = low;

    /// <summary>The upper bound.</summary>
    public Expr High { get; } = high;

    /// <summary>True for NOT BETWEEN.</summary>
    public bool Negated { get; } = negated;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand, Low, High];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context)
    {
        bool? inside = Comparison.Between(Operand.Evaluate(context), Low.Evaluate(context), High.Evaluate(context), _lowAffinity, _highAffinity, _lowCollation, _highCollation);
        return Negated ? Logic.Not(inside) : inside;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new BetweenExpr(children[0], children[1], children[2], Negated, LowCollation, HighCollation);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Operand.Format(builder);
        builder.Append(Negated ? " NOT BETWEEN " : " BETWEEN ");
        Low.Format(builder);
        builder.Append(" AND ");
        High.Format(builder);
    }
}
