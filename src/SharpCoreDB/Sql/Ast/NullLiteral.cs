namespace SharpCoreDB.Sql.Ast;

/// <summary>The literal <c>NULL</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal sealed record NullLiteral(SourcePosition Position) : Expression(Position);
