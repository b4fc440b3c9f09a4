namespace SharpCoreDB.Sql.Ast;

/// <summary><c>COMMIT [TRANSACTION]</c> or <c>END [TRANSACTION]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal sealed record CommitStatement(SourcePosition Position) : Statement(Position);
