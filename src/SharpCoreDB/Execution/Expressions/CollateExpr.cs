using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// <c>x COLLATE name</c>: the value of x, with an explicit collation that wins in comparisons, sorts and groupings
/// (SQLite's TK_COLLATE). Affinity and declared type pass through, as in SQLite.
/// </summary>
/// <param name="operand">The operand.</param>
/// <param name="collation">The collation.</param>
internal sealed class CollateExpr(Expr operand, Collation collation) : Expr
{
    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    /// <inheritdoc />
    public override Collation? Collation { get; } = collation;

    /// <inheritdoc />
    public override bool HasExplicitCollation => true;

    /// <inheritdoc />
    public override Affinity Affinity => Operand.Affinity;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand];

    /// <summary>The expression without any COLLATE wrapped around it.</summary>
    /// <param name="expression">An expression.</param>
    /// <returns>The innermost operand.</returns>
    public static Expr Strip(Expr expression)
    {
        while (expression is CollateExpr collate)
        {
            expression = collate.Operand;
        }

        return expression;
    }

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => Operand.Evaluate(context);

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context) => Operand.EvaluateTruth(context);

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) =>
        ReferenceEquals(children[0], Operand) ? this : new CollateExpr(children[0], Collation!);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Operand.Format(builder);
        builder.Append(" COLLATE ").Append(Collation!.Name);
    }
}
