namespace SharpCoreDB.Sql.Ast;

/// <summary>A string literal.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Value">The contents with <c>''</c> collapsed to <c>'</c>.</param>
internal sealed record StringLiteral(SourcePosition Position, string Value) : Expression(Position);
