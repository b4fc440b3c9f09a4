using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// A bound UPDATE of a table: the target's source and its WHERE (for the planner to choose the access path from), or
/// for UPDATE … FROM the bound join that projects each target row's locator and new values; the assignments; the
/// triggers it fires.
/// </summary>
/// <param name="writer">The table's writer (its slot is the target's).</param>
/// <param name="columns">The assigned columns.</param>
/// <param name="values">The assigned values, bound (not yet rewritten).</param>
/// <param name="conflict">The conflict resolution.</param>
internal sealed class BoundUpdate(BoundTableWriter writer, int[] columns, Expr[] values, ConflictResolution conflict) : BoundDml
{
    /// <summary>The table's writer.</summary>
    public BoundTableWriter Writer { get; } = writer;

    /// <inheritdoc/>
    public override TableSchema Table => Writer.Table;

    /// <inheritdoc/>
    public override int TableSlot => Writer.Slot;

    /// <summary>The assigned columns.</summary>
    public int[] Columns { get; } = columns;

    /// <summary>The assigned values.</summary>
    public Expr[] Values { get; } = values;

    /// <summary>The conflict resolution.</summary>
    public ConflictResolution Conflict { get; } = conflict;

    /// <summary>A plain UPDATE: the target's source, whose rows the access path reads; null for UPDATE … FROM.</summary>
    public SourceBinding? Source { get; init; }

    /// <summary>A plain UPDATE: its WHERE, bound (not yet rewritten), or null for every row.</summary>
    public Expr? Where { get; init; }

    /// <summary>
    /// UPDATE … FROM: the join, projecting each target row's locator (<see cref="LocatorWidth"/> columns) and then the
    /// assigned values; null for a plain UPDATE.
    /// </summary>
    public SelectBlock? Join { get; init; }

    /// <summary>UPDATE … FROM: how many locator columns the join projects before the values.</summary>
    public int LocatorWidth { get; init; }

    /// <summary>The UPDATE triggers it fires, or null.</summary>
    public BoundTriggerSet? Triggers { get; init; }
}
