namespace SharpCoreDB.Sql.Ast;

/// <summary><c>[GENERATED ALWAYS] AS (expr) [STORED|VIRTUAL]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Expression">The generating expression.</param>
/// <param name="Stored">True for STORED; false for VIRTUAL or not written.</param>
internal sealed record GeneratedColumnConstraint(
    SourcePosition Position,
    string? ConstraintName,
    Expression Expression,
    bool Stored)
    : ColumnConstraint(Position, ConstraintName);
