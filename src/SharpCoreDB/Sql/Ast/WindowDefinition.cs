using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>
/// A window: <c>OVER name</c> (<see cref="IsReference"/>), or <c>([base] [PARTITION BY ..] [ORDER BY ..] [frame])</c>
/// after OVER or in a WINDOW clause.
/// </summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="BaseName">The window named first inside the parentheses, or the name after OVER; null when none.</param>
/// <param name="PartitionBy">The PARTITION BY expressions; empty when absent.</param>
/// <param name="OrderBy">The ORDER BY terms; empty when absent.</param>
/// <param name="Frame">The frame, or null for the default frame.</param>
/// <param name="IsReference">True for <c>OVER name</c> without parentheses: the named window as it is.</param>
internal sealed record WindowDefinition(
    SourcePosition Position,
    string? BaseName,
    ImmutableArray<Expression> PartitionBy,
    ImmutableArray<OrderingTerm> OrderBy,
    FrameSpec? Frame,
    bool IsReference)
    : SyntaxNode(Position);
