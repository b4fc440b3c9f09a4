using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// <c>x IS [NOT] TRUE</c> and <c>x IS [NOT] FALSE</c> with the keyword on the right: SQLite's truth test, which asks
/// for the truth value of <c>x</c> (2 and 0.5 are true, 'abc' is false) rather than comparing it with 1 or 0. NULL is
/// neither true nor false, so the result is never NULL.
/// </summary>
/// <param name="operand">The value tested.</param>
/// <param name="wanted">True for IS TRUE, false for IS FALSE.</param>
/// <param name="negated">True for IS NOT.</param>
internal sealed class TruthTestExpr(Expr operand, bool wanted, bool negated) : Expr
{
    /// <summary>The value tested.</summary>
    public Expr Operand { get; } = operand;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context) => (Operand.EvaluateTruth(context) == wanted) != negated;

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) =>
        ReferenceEquals(children[0], Operand) ? this : new TruthTestExpr(children[0], wanted, negated);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Operand.Format(builder);
        builder.Append(negated ? " IS NOT " : " IS ").Append(wanted ? "TRUE" : "FALSE");
    }
}
