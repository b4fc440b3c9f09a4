using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>x [NOT] IN (a, b, ...)</c>; the list may be empty.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The tested value.</param>
/// <param name="Items">The list.</param>
/// <param name="Negated">True for NOT IN.</param>
internal sealed record InListExpression(
    SourcePosition Position,
    Expression Operand,
    ImmutableArray<Expression> Items,
    bool Negated)
    : Expression(Position);
