using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>AND / OR with three-valued logic, short-circuiting on the deciding value.</summary>
/// <param name="isAnd">True for AND, false for OR.</param>
/// <param name="left">The left operand.</param>
/// <param name="right">The right operand.</param>
internal sealed class LogicalExpr(bool isAnd, Expr left, Expr right) : Expr
{
    /// <summary>True for AND, false for OR.</summary>
    public bool IsAnd { get; } = isAnd;

    /// <summary>The left operand.</summary>
    public Expr Left { get; } = left;

    /// <summary>The right operand.</summary>
    public Expr Right { get; } = right;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Left, Right];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context)
    {
        bool? left = Left.EvaluateTruth(context);
        if (IsAnd)
        {
            if (left == false)
            {
                return false;
            }

            bool? right = Right.EvaluateTruth(context);
            return right == false ? false : left == true && right == true ? true : null;
        }

        if (left == true)
        {
            return true;
        }

        bool? other = Right.EvaluateTruth(context);
        return other == true ? true : left == false && other == false ? false : null;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new LogicalExpr(IsAnd, children[0], children[1]);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        builder.Append('(');
        Left.Format(builder);
        builder.Append(IsAnd ? " AND " : " OR ");
        Right.Format(builder);
        builder.Append(')');
    }
}
