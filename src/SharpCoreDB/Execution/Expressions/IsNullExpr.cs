using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>x IS NULL / x IS NOT NULL.</summary>
/// <param name="operand">The operand.</param>
/// <param name="negated">True for IS NOT NULL.</param>
internal sealed class IsNullExpr(Expr operand, bool negated) : Expr
{
    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    /// <summary>True for IS NOT NULL.</summary>
    public bool Negated { get; } = negated;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context) => Operand.Evaluate(context).IsNull != Negated;

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new IsNullExpr(children[0], Negated);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Operand.Format(builder);
        builder.Append(Negated ? " IS NOT NULL" : " IS NULL");
    }
}
