using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>SELECT [DISTINCT|ALL] columns [FROM ..] [WHERE ..] [GROUP BY ..] [HAVING ..] [WINDOW ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Distinct">True for SELECT DISTINCT.</param>
/// <param name="Columns">The result columns (at least one).</param>
/// <param name="From">The FROM clause, or null.</param>
/// <param name="Where">The WHERE condition, or null.</param>
/// <param name="GroupBy">The GROUP BY expressions; empty when absent.</param>
/// <param name="Having">The HAVING condition, or null.</param>
internal sealed record SelectCore(
    SourcePosition Position,
    bool Distinct,
    ImmutableArray<ResultColumn> Columns,
    FromClause? From,
    Expression? Where,
    ImmutableArray<Expression> GroupBy,
    Expression? Having)
    : SelectBody(Position)
{
    /// <summary>The windows of the WINDOW clause; empty when absent.</summary>
    public ImmutableArray<NamedWindow> Windows { get; init; } = [];
}
