namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of all statements.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal abstract record Statement(SourcePosition Position) : SyntaxNode(Position);
