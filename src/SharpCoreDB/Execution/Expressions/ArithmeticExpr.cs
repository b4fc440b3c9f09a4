using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>An arithmetic, bitwise or concatenation operator.</summary>
/// <param name="op">The operator.</param>
/// <param name="left">The left operand.</param>
/// <param name="right">The right operand.</param>
internal sealed class ArithmeticExpr(BinaryOperator op, Expr left, Expr right) : Expr
{
    /// <summary>The operator.</summary>
    public BinaryOperator Operator { get; } = op;

    /// <summary>The left operand.</summary>
    public Expr Left { get; } = left;

    /// <summary>The right operand.</summary>
    public Expr Right { get; } = right;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Left, Right];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        SqlValue left = Left.Evaluate(context);
        SqlValue right = Right.Evaluate(context);
        if (Operator == BinaryOperator.Concat && !left.IsNull && !right.IsNull)
        {
            // Sized before it is built: a doubling concatenation (a recursive CTE) must fail, not exhaust memory.
            ValueLimits.CheckConcat(left, right, context.MaxLength);
        }

        return ScalarOperators.Binary(Operator, left, right);
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new ArithmeticExpr(Operator, children[0], children[1]);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        builder.Append('(');
        Left.Format(builder);
        builder.Append(' ').Append(Symbols.Of(Operator)).Append(' ');
        Right.Format(builder);
        builder.Append(')');
    }
}
