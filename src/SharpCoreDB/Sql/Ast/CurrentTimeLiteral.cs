namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CURRENT_DATE</c>, <c>CURRENT_TIME</c> or <c>CURRENT_TIMESTAMP</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Kind">Which one.</param>
internal sealed record CurrentTimeLiteral(SourcePosition Position, CurrentTimeKind Kind) : Expression(Position);
