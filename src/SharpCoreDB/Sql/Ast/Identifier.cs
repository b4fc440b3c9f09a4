namespace SharpCoreDB.Sql.Ast;

/// <summary>A name in a list of names (column lists, USING, view columns), with its position.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The name as written, without quotes.</param>
internal sealed record Identifier(SourcePosition Position, string Name) : SyntaxNode(Position);
