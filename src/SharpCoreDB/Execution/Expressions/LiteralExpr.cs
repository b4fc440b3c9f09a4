using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>A constant value.</summary>
/// <param name="value">The value.</param>
internal sealed class LiteralExpr(SqlValue value) : Expr
{
    // The value's length in bytes, checked against the statement's limit (SQLite refuses a literal over it too).
    private readonly long _length = value.RawReference switch
    {
        byte[] bytes => bytes.Length,
        string text => Utf8Text.GetByteCount(text),
        _ => 0,
    };

    /// <summary>The value.</summary>
    public SqlValue Value { get; } = value;

    /// <inheritdoc />
    public override bool IsConstant => true;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        if (_length > context.MaxLength)
        {
            Scalar.ValueLimits.ThrowTooBig(context.MaxLength);
        }

        return Value;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append(Value.ToString());
}
