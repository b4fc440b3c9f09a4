namespace SharpCoreDB.Sql.Ast;

/// <summary><c>TRUE</c> or <c>FALSE</c> (the integers 1 and 0 in SQLite).</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Value">The value.</param>
internal sealed record BooleanLiteral(SourcePosition Position, bool Value) : Expression(Position);
