namespace SharpCoreDB.Sql.Ast;

/// <summary><c>COLLATE name</c> on a column.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Collation">The collation name.</param>
internal sealed record CollateColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    string Collation)
    : ColumnConstraint(Position, ConstraintName);
