namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CHECK (expr)</c> on a column.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Condition">The condition.</param>
internal sealed record CheckColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    Expression Condition)
    : ColumnConstraint(Position, ConstraintName);
