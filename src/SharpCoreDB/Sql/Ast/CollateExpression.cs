namespace SharpCoreDB.Sql.Ast;

/// <summary><c>x COLLATE name</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The operand.</param>
/// <param name="Collation">The collation name as written.</param>
internal sealed record CollateExpression(
    SourcePosition Position,
    Expression Operand,
    string Collation)
    : Expression(Position);
