namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of the constraints written after a column's type.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
internal abstract record ColumnConstraint(SourcePosition Position, string? ConstraintName) : SyntaxNode(Position);
