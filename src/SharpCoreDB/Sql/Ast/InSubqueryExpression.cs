namespace SharpCoreDB.Sql.Ast;

/// <summary><c>x [NOT] IN (SELECT ...)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The tested value.</param>
/// <param name="Query">The subquery.</param>
/// <param name="Negated">True for NOT IN.</param>
internal sealed record InSubqueryExpression(
    SourcePosition Position,
    Expression Operand,
    SelectStatement Query,
    bool Negated)
    : Expression(Position);
