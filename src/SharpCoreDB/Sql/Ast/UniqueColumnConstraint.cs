namespace SharpCoreDB.Sql.Ast;

/// <summary><c>UNIQUE [ON CONFLICT ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="OnConflict">The conflict clause.</param>
internal sealed record UniqueColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    ConflictResolution OnConflict)
    : ColumnConstraint(Position, ConstraintName);
