using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>
/// A function call: <c>f(a, b)</c>, <c>f(DISTINCT x)</c>, <c>count(*)</c>, <c>f(x ORDER BY y)</c>, with an optional
/// <c>FILTER (WHERE ..)</c> and <c>OVER</c> window (a window function call).
/// </summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The function name as written (compare case-insensitively).</param>
/// <param name="Arguments">The arguments; empty for <c>f()</c> and <c>f(*)</c>.</param>
/// <param name="Distinct">True when the arguments were preceded by DISTINCT.</param>
/// <param name="IsStar">True for <c>f(*)</c>.</param>
internal sealed record FunctionCallExpression(
    SourcePosition Position,
    string Name,
    ImmutableArray<Expression> Arguments,
    bool Distinct,
    bool IsStar)
    : Expression(Position)
{
    /// <summary>The condition of <c>FILTER (WHERE ..)</c>, or null.</summary>
    public Expression? Filter { get; init; }

    /// <summary>The <c>ORDER BY</c> inside an aggregate's parentheses (<c>group_concat(x ORDER BY y)</c>), or empty.</summary>
    public ImmutableArray<OrderingTerm> OrderBy { get; init; } = [];

    /// <summary>The window after OVER, or null for a plain call.</summary>
    public WindowDefinition? Over { get; init; }
}
