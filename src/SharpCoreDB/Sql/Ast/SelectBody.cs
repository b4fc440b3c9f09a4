namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of what a SELECT statement computes before ORDER BY and LIMIT: a core, VALUES or a compound.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal abstract record SelectBody(SourcePosition Position) : SyntaxNode(Position);
