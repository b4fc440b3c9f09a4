using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <summary>
/// A bound INSERT, UPDATE or DELETE (on a table, or on a view through its INSTEAD OF triggers): names resolved,
/// expressions bound but not yet rewritten, no access path chosen and no execution object built. The planner's plan
/// pass turns it into its data-change plan.
/// </summary>
internal abstract class BoundDml
{
    /// <summary>The table (or the view as a table) the statement changes.</summary>
    public abstract TableSchema Table { get; }

    /// <summary>The slot that holds the changed row (as RETURNING sees it).</summary>
    public abstract int TableSlot { get; }

    /// <summary>
    /// How many slots the statement had when this change was bound: a change inside a trigger program gets an execution
    /// context of that many (it runs in its firing statement's context), as it did when bound and planned at once.
    /// </summary>
    public int SlotCount { get; init; }

    /// <summary>RETURNING's bound values and result columns, or null.</summary>
    public (Expr[] Values, IReadOnlyList<ResultColumnInfo> Columns)? Returning { get; set; }
}
