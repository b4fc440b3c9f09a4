namespace SharpCoreDB.Sql.Ast;

/// <summary><c>NOT NULL [ON CONFLICT ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="OnConflict">The conflict clause.</param>
internal sealed record NotNullColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    ConflictResolution OnConflict)
    : ColumnConstraint(Position, ConstraintName);
