namespace SharpCoreDB.Sql.Ast;

/// <summary>A possibly schema-qualified object name: <c>name</c> or <c>schema.name</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Schema">The schema, or null.</param>
/// <param name="Name">The object name, without quotes.</param>
internal sealed record QualifiedName(SourcePosition Position, string? Schema, string Name) : SyntaxNode(Position);
