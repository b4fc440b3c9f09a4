using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Windows;

/// <summary>A bound window frame: its unit, both bounds with their offsets, and the EXCLUDE clause.</summary>
/// <param name="Unit">ROWS, RANGE or GROUPS.</param>
/// <param name="StartKind">The start bound.</param>
/// <param name="StartOffset">The start's offset expression (constant per execution), or null.</param>
/// <param name="EndKind">The end bound.</param>
/// <param name="EndOffset">The end's offset expression (constant per execution), or null.</param>
/// <param name="Exclude">The rows excluded from the frame.</param>
internal sealed record WindowFrame(
    FrameUnit Unit,
    FrameBoundKind StartKind,
    Expr? StartOffset,
    FrameBoundKind EndKind,
    Expr? EndOffset,
    FrameExclude Exclude)
{
    /// <summary>
    /// SQLite's default frame: with ORDER BY, the partition's start up to the current row's last peer; without,
    /// every row is a peer, so the whole partition.
    /// </summary>
    public static WindowFrame Default { get; } =
        new(FrameUnit.Range, FrameBoundKind.UnboundedPreceding, null, FrameBoundKind.CurrentRow, null, FrameExclude.NoOthers);
}
