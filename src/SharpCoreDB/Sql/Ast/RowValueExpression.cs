using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A parenthesized list of two or more expressions: <c>(a, b)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Items">The expressions.</param>
internal sealed record RowValueExpression(
    SourcePosition Position,
    ImmutableArray<Expression> Items)
    : Expression(Position);
