namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ALTER TABLE t RENAME TO new_name</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Table">The table.</param>
/// <param name="NewName">The name it gets.</param>
internal sealed record RenameTableStatement(SourcePosition Position, QualifiedName Table, Identifier NewName) : Statement(Position);
