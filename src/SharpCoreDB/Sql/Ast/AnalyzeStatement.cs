namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ANALYZE [name]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Target">The schema, table or index named, or null for all.</param>
internal sealed record AnalyzeStatement(SourcePosition Position, QualifiedName? Target) : Statement(Position);
