namespace SharpCoreDB.Sql.Ast;

/// <summary><c>PRIMARY KEY [ASC|DESC] [ON CONFLICT ..] [AUTOINCREMENT]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Order">ASC, DESC or not written.</param>
/// <param name="OnConflict">The conflict clause.</param>
/// <param name="AutoIncrement">True for AUTOINCREMENT.</param>
internal sealed record PrimaryKeyColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    SortOrder Order,
    ConflictResolution OnConflict,
    bool AutoIncrement)
    : ColumnConstraint(Position, ConstraintName);
