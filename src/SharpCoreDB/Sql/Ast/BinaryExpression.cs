namespace SharpCoreDB.Sql.Ast;

/// <summary>An infix operator applied to two operands.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operator">The operator.</param>
/// <param name="Left">The left operand.</param>
/// <param name="Right">The right operand.</param>
internal sealed record BinaryExpression(
    SourcePosition Position,
    BinaryOperator Operator,
    Expression Left,
    Expression Right)
    : Expression(Position);
