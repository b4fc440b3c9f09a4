namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ALTER TABLE t DROP [COLUMN] name</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Table">The table.</param>
/// <param name="Column">The column to drop.</param>
internal sealed record DropColumnStatement(SourcePosition Position, QualifiedName Table, Identifier Column) : Statement(Position);
