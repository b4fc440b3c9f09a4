namespace SharpCoreDB.Sql.Ast;

/// <summary><c>x IS NULL</c>, <c>x ISNULL</c>, <c>x IS NOT NULL</c>, <c>x NOTNULL</c>, <c>x NOT NULL</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The tested operand.</param>
/// <param name="Negated">True for the NOT NULL forms.</param>
internal sealed record IsNullExpression(
    SourcePosition Position,
    Expression Operand,
    bool Negated)
    : Expression(Position);
