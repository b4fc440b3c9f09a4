namespace SharpCoreDB.Sql.Ast;

/// <summary><c>BEGIN [DEFERRED|IMMEDIATE|EXCLUSIVE] [TRANSACTION]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Mode">The locking mode.</param>
internal sealed record BeginStatement(SourcePosition Position, TransactionMode Mode) : Statement(Position);
