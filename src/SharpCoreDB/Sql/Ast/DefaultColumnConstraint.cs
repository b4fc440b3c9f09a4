namespace SharpCoreDB.Sql.Ast;

/// <summary><c>DEFAULT literal|-number|(expr)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Value">The default value; a signed number is one literal (<c>DEFAULT -1</c> gives IntegerLiteral -1).</param>
internal sealed record DefaultColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    Expression Value)
    : ColumnConstraint(Position, ConstraintName);
