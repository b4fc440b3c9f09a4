using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>COALESCE / IFNULL: the first non-NULL argument, evaluating the arguments lazily in order.</summary>
/// <param name="name">The function name as written (for EXPLAIN).</param>
/// <param name="arguments">The arguments.</param>
internal sealed class CoalesceExpr(string name, IReadOnlyList<Expr> arguments) : Expr
{
    /// <summary>The arguments.</summary>
    public IReadOnlyList<Expr> Arguments { get; } = arguments;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => Arguments;

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        for (int i = 0; i < Arguments.Count; i++)
        {
            SqlValue value = Arguments[i].Evaluate(context);
            if (!value.IsNull)
            {
                return value;
            }
        }

        return SqlValue.Null;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new CoalesceExpr(name, [.. children]);

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => FunctionExpr.FormatCall(builder, name, Arguments);
}
