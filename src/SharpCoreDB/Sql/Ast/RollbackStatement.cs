namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ROLLBACK [TRANSACTION]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal sealed record RollbackStatement(SourcePosition Position) : Statement(Position);
