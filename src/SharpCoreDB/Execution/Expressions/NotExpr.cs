using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>Logical NOT (NULL stays NULL).</summary>
/// <param name="operand">The operand.</param>
internal sealed class NotExpr(Expr operand) : Expr
{
    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context) => !Operand.EvaluateTruth(context);

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new NotExpr(children[0]);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        builder.Append("NOT ");
        Operand.Format(builder);
    }
}
