using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>Unary minus, plus or bitwise NOT (logical NOT is <see cref="NotExpr"/>).</summary>
/// <param name="op">The operator.</param>
/// <param name="operand">The operand.</param>
internal sealed class UnaryExpr(UnaryOperator op, Expr operand) : Expr
{
    /// <summary>The operator.</summary>
    public UnaryOperator Operator { get; } = op;

    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand];

    /// <inheritdoc />
    public override Collation? Collation => Operator == UnaryOperator.Plus ? Operand.Collation : base.Collation;

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        return ScalarOperators.Unary(Operator, Operand.Evaluate(context));
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new UnaryExpr(Operator, children[0]);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        builder.Append(Operator switch { UnaryOperator.Negate => "-", UnaryOperator.BitwiseNot => "~", _ => "+" });
        Operand.Format(builder);
    }
}
