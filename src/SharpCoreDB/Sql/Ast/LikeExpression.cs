namespace SharpCoreDB.Sql.Ast;

/// <summary><c>x [NOT] LIKE|GLOB|REGEXP|MATCH pattern [ESCAPE e]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operator">Which operator.</param>
/// <param name="Operand">The tested value.</param>
/// <param name="Pattern">The pattern.</param>
/// <param name="Escape">The ESCAPE expression, or null.</param>
/// <param name="Negated">True for NOT LIKE and friends.</param>
internal sealed record LikeExpression(
    SourcePosition Position,
    LikeOperator Operator,
    Expression Operand,
    Expression Pattern,
    Expression? Escape,
    bool Negated)
    : Expression(Position);
