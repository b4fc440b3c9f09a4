namespace SharpCoreDB.Sql.Ast;

/// <summary>One end of a frame: <c>UNBOUNDED PRECEDING</c>, <c>expr PRECEDING</c>, <c>CURRENT ROW</c>, ...</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Kind">The kind of bound.</param>
/// <param name="Offset">The offset of <c>expr PRECEDING</c> and <c>expr FOLLOWING</c>, else null.</param>
internal sealed record FrameBound(SourcePosition Position, FrameBoundKind Kind, Expression? Offset)
    : SyntaxNode(Position);
