namespace SharpCoreDB.Sql.Ast;

/// <summary><c>REFERENCES table [(columns)] ...</c> on a column.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="ForeignKey">The referenced table and actions.</param>
internal sealed record ReferencesColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    ForeignKeyClause ForeignKey)
    : ColumnConstraint(Position, ConstraintName);
