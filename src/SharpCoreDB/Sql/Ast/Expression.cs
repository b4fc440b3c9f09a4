namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of all expressions.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal abstract record Expression(SourcePosition Position) : SyntaxNode(Position);
