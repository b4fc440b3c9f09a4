using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>A constant value.</summary>
/// <param name="value">The value.</param>
internal sealed class LiteralExpr(SqlValue value) : Expr
{
    /// <summary>The value.</summary>
    public SqlValue Value { get; } = value;

    /// <inheritdoc />
    public override bool IsConstant => true;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => Value;

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append(Value.ToString());
}
