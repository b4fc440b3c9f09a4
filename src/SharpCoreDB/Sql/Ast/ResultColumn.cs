namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of the result columns of a SELECT.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal abstract record ResultColumn(SourcePosition Position) : SyntaxNode(Position);
