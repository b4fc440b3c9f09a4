using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>x [NOT] LIKE pattern [ESCAPE e] and x [NOT] GLOB pattern: NULL when any operand is NULL.</summary>
/// <param name="operand">The text.</param>
/// <param name="pattern">The pattern.</param>
/// <param name="escape">The escape expression, or null.</param>
/// <param name="negated">True for NOT LIKE.</param>
/// <param name="isGlob">True for GLOB (case-sensitive, * ? [...]), false for LIKE.</param>
internal sealed class LikeExpr(Expr operand, Expr pattern, Expr? escape, bool negated, bool isGlob) : Expr
{
    /// <summary>True for GLOB.</summary>
    public bool IsGlob { get; } = isGlob;

    /// <summary>The text operand.</summary>
    public Expr Operand { get; } = operand;

    /// <summary>The pattern.</summary>
    public Expr Pattern { get; } = pattern;

    /// <summary>The escape expression, or null.</summary>
    public Expr? Escape { get; } = escape;

    /// <summary>True for NOT LIKE.</summary>
    public bool Negated { get; } = negated;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => Escape is null ? [Operand, Pattern] : [Operand, Pattern, Escape];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context)
    {
        SqlValue text = Operand.Evaluate(context);
        SqlValue pattern = Pattern.Evaluate(context);
        SqlValue match = IsGlob
            ? PatternMatcher.Glob(text, pattern, context.CancellationToken)
            : PatternMatcher.Like(text, pattern, Escape?.Evaluate(context), context.CancellationToken);
        bool? result = Logic.Truth(match);
        return Negated ? Logic.Not(result) : result;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) =>
        new LikeExpr(children[0], children[1], children.Count > 2 ? children[2] : null, Negated, IsGlob);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Operand.Format(builder);
        builder.Append(Negated ? " NOT " : " ").Append(IsGlob ? "GLOB " : "LIKE ");
        Pattern.Format(builder);
        if (Escape is not null)
        {
            builder.Append(" ESCAPE ");
            Escape.Format(builder);
        }
    }
}
