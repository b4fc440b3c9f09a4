namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of what can appear as a table in a FROM clause.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal abstract record TableSource(SourcePosition Position) : SyntaxNode(Position);
