namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of the constraints written after the columns of CREATE TABLE.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
internal abstract record TableConstraint(SourcePosition Position, string? ConstraintName) : SyntaxNode(Position);
