using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A query: a select body followed by optional ORDER BY and LIMIT.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Body">The core, VALUES or compound select.</param>
/// <param name="OrderBy">The ORDER BY terms; empty when absent.</param>
/// <param name="Limit">The LIMIT expression, or null.</param>
/// <param name="Offset">The OFFSET expression (also the first number of <c>LIMIT m, n</c>), or null.</param>
internal sealed record SelectStatement(
    SourcePosition Position,
    SelectBody Body,
    ImmutableArray<OrderingTerm> OrderBy,
    Expression? Limit,
    Expression? Offset)
    : Statement(Position);
