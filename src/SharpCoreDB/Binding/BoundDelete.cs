using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <summary>A bound DELETE from a table: the target's source and its WHERE, for the planner to choose the access path from.</summary>
/// <param name="writer">The table's writer (its slot is the target's).</param>
/// <param name="source">The target's source.</param>
/// <param name="where">The WHERE, bound (not yet rewritten), or null for every row.</param>
/// <param name="triggers">The DELETE triggers it fires, or null.</param>
internal sealed class BoundDelete(BoundTableWriter writer, SourceBinding source, Expr? where, BoundTriggerSet? triggers) : BoundDml
{
    /// <summary>The table's writer.</summary>
    public BoundTableWriter Writer { get; } = writer;

    /// <inheritdoc/>
    public override TableSchema Table => Writer.Table;

    /// <inheritdoc/>
    public override int TableSlot => Writer.Slot;

    /// <summary>The target's source.</summary>
    public SourceBinding Source { get; } = source;

    /// <summary>The WHERE, or null.</summary>
    public Expr? Where { get; } = where;

    /// <summary>The DELETE triggers it fires, or null.</summary>
    public BoundTriggerSet? Triggers { get; } = triggers;
}
