namespace SharpCoreDB.Sql.Ast;

/// <summary><c>x [NOT] BETWEEN low AND high</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The tested value.</param>
/// <param name="Low">The lower bound.</param>
/// <param name="High">The upper bound.</param>
/// <param name="Negated">True for NOT BETWEEN.</param>
internal sealed record BetweenExpression(
    SourcePosition Position,
    Expression Operand,
    Expression Low,
    Expression High,
    bool Negated)
    : Expression(Position);
