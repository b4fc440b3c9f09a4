namespace SharpCoreDB.Sql.Ast;

/// <summary>A window frame: <c>{ROWS|RANGE|GROUPS} BETWEEN start AND end [EXCLUDE ...]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Unit">ROWS, RANGE or GROUPS.</param>
/// <param name="Start">The first row's bound.</param>
/// <param name="End">The last row's bound (CURRENT ROW when only a start was written).</param>
/// <param name="Exclude">The EXCLUDE clause (NO OTHERS when absent).</param>
internal sealed record FrameSpec(SourcePosition Position, FrameUnit Unit, FrameBound Start, FrameBound End, FrameExclude Exclude)
    : SyntaxNode(Position);
