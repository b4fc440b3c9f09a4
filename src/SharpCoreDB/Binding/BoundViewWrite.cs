using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>An INSERT, UPDATE or DELETE on a view, bound: the rows its INSTEAD OF triggers fire for, and those triggers.</summary>
/// <param name="view">The view as a table.</param>
/// <param name="rows">The bound rows (the inserted values, or the view's rows the WHERE selects with the new values).</param>
/// <param name="triggerEvent">The statement's event.</param>
/// <param name="targets">For INSERT and UPDATE, the view column each value fills.</param>
/// <param name="triggers">The INSTEAD OF triggers.</param>
internal sealed class BoundViewWrite(TableSchema view, BoundQuery rows, TriggerEvent triggerEvent, int[] targets, BoundTriggerSet triggers) : BoundDml
{
    /// <inheritdoc/>
    public override TableSchema Table { get; } = view;

    /// <inheritdoc/>
    public override int TableSlot => Rows.Slot;

    /// <summary>The bound rows.</summary>
    public BoundQuery Rows { get; } = rows;

    /// <summary>The statement's event.</summary>
    public TriggerEvent Event { get; } = triggerEvent;

    /// <summary>For INSERT and UPDATE, the view column each value fills.</summary>
    public int[] Targets { get; } = targets;

    /// <summary>The INSTEAD OF triggers.</summary>
    public BoundTriggerSet Triggers { get; } = triggers;
}
