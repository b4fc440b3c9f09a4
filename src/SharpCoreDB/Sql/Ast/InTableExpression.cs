namespace SharpCoreDB.Sql.Ast;

/// <summary><c>x [NOT] IN table</c>: membership in a table's single column.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The tested value.</param>
/// <param name="Table">The table.</param>
/// <param name="Negated">True for NOT IN.</param>
internal sealed record InTableExpression(
    SourcePosition Position,
    Expression Operand,
    QualifiedName Table,
    bool Negated)
    : Expression(Position);
