using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>A parameter, bound as a value at execution time.</summary>
/// <param name="index">The position in the statement's parameter list.</param>
/// <param name="name">The parameter as written (for EXPLAIN).</param>
internal sealed class ParameterExpr(int index, string name) : Expr
{
    /// <summary>The position in the parameter values.</summary>
    public int Index { get; } = index;

    /// <inheritdoc />
    public override bool IsConstant => false;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        SqlValue value = context.Parameters[Index];
        Scalar.ValueLimits.Check(value, context.MaxLength);
        return value;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append(name);
}
