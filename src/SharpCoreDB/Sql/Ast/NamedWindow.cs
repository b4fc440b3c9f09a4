namespace SharpCoreDB.Sql.Ast;

/// <summary>One entry of a WINDOW clause: <c>name AS (window)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The window's name.</param>
/// <param name="Definition">The window.</param>
internal sealed record NamedWindow(SourcePosition Position, string Name, WindowDefinition Definition)
    : SyntaxNode(Position);
