using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A join operator, the table it joins, and its ON or USING constraint.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Kind">The join operator.</param>
/// <param name="Natural">True for NATURAL joins.</param>
/// <param name="Table">The table on the right of the operator.</param>
/// <param name="On">The ON condition, or null.</param>
/// <param name="Using">The USING columns; empty when absent.</param>
internal sealed record JoinClause(
    SourcePosition Position,
    JoinKind Kind,
    bool Natural,
    TableSource Table,
    Expression? On,
    ImmutableArray<Identifier> Using)
    : SyntaxNode(Position);
