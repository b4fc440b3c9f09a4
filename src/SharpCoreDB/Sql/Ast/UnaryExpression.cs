namespace SharpCoreDB.Sql.Ast;

/// <summary>A prefix operator applied to an operand.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operator">The operator.</param>
/// <param name="Operand">The operand.</param>
internal sealed record UnaryExpression(
    SourcePosition Position,
    UnaryOperator Operator,
    Expression Operand)
    : Expression(Position);
