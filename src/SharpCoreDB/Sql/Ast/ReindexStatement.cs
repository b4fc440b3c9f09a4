namespace SharpCoreDB.Sql.Ast;

/// <summary><c>REINDEX [name]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Target">The table, index or collation named, or null for all.</param>
internal sealed record ReindexStatement(SourcePosition Position, QualifiedName? Target) : Statement(Position);
