using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>A call of a scalar function whose arguments are all evaluated first.</summary>
internal sealed class FunctionExpr : Expr
{
    private readonly ScalarFunction _function;
    private readonly SqlValue[] _arguments;
    private readonly Collation? _collation;

    /// <summary>Creates a call.</summary>
    /// <param name="function">The resolved function.</param>
    /// <param name="arguments">The argument expressions.</param>
    public FunctionExpr(ScalarFunction function, IReadOnlyList<Expr> arguments)
    {
        _function = function;
        Arguments = arguments;

        // One argument buffer per call site: a node is never evaluated re-entrantly.
        _arguments = new SqlValue[arguments.Count];
        _collation = function.NeedsCollation ? CollationRules.ForFunctionCall(arguments) : null;
    }

    /// <summary>The function name.</summary>
    public string Name => _function.Name;

    /// <summary>Whether a call can run long enough to need the statement's cancellation token (like(), glob()).</summary>
    public bool IsCancellable => _function.IsCancellable;

    /// <summary>The resolved function (its determinism decides where the call may appear).</summary>
    public ScalarFunction Function => _function;

    /// <summary>The arguments.</summary>
    public IReadOnlyList<Expr> Arguments { get; }

    /// <inheritdoc />
    public override bool IsConstant => _function.IsDeterministic && base.IsConstant;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => Arguments;

    /// <summary>Writes <c>name(a, b)</c>.</summary>
    /// <param name="builder">The destination.</param>
    /// <param name="name">The function name.</param>
    /// <param name="arguments">The arguments.</param>
    public static void FormatCall(StringBuilder builder, string name, IReadOnlyList<Expr> arguments)
    {
        builder.Append(name).Append('(');
        for (int i = 0; i < arguments.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }

            arguments[i].Format(builder);
        }

        builder.Append(')');
    }

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        for (int i = 0; i < _arguments.Length; i++)
        {
            _arguments[i] = Arguments[i].Evaluate(context);
        }

        SqlValue result = _function.Invoke(_arguments, cancellationToken: context.CancellationToken, collation: _collation);
        ValueLimits.Check(result, context.MaxLength);
        return result;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new FunctionExpr(_function, [.. children]);

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => FormatCall(builder, Name, Arguments);
}
