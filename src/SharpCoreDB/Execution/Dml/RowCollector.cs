using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// The first phase of a write that reads what it will change: the qualifying row locators of UPDATE and DELETE, or whole
/// rows (INSERT … SELECT from the same table, CREATE TABLE … AS, DROP COLUMN, writes through a view), are read before
/// anything changes, because a tree being modified cannot be scanned at the same time (its cursors are invalidated
/// by every change).
/// </summary>
internal static class RowCollector
{
    /// <summary>
    /// The largest locator list (in capacity) a plan keeps for its next execution: one large UPDATE or DELETE must not
    /// pin its memory to the plan.
    /// </summary>
    public const int MaxKeptLocators = 64 * 1024;

    /// <summary>
    /// Collects the locators of the rows the access plan yields (row ids, or WITHOUT ROWID keys) into a list the caller
    /// reuses (cleared first).
    /// </summary>
    /// <param name="context">The execution context.</param>
    /// <param name="access">The access plan (with the WHERE filter) writing rows into <paramref name="slot"/>.</param>
    /// <param name="slot">The table slot.</param>
    /// <param name="writer">The writer of the table, which derives each row's locator.</param>
    /// <param name="locators">Receives the locators in scan order.</param>
    public static void CollectLocators(ExecutionContext context, Operator access, int slot, TableWriter writer, List<RowLocator> locators)
    {
        locators.Clear();
        access.Open(context);
        try
        {
            SqlValue[] row = context.Slots[slot];
            while (access.Next(context))
            {
                locators.Add(writer.LocatorOf(row));
            }
        }
        finally
        {
            access.Close(context);
        }
    }

    /// <summary>Collects a copy of every row the operator yields.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="source">The operator, writing rows into <paramref name="slot"/>.</param>
    /// <param name="slot">The slot it fills.</param>
    /// <returns>The rows in order.</returns>
    public static List<SqlValue[]> CollectRows(ExecutionContext context, Operator source, int slot)
    {
        var rows = new List<SqlValue[]>();
        source.Open(context);
        try
        {
            while (source.Next(context))
            {
                rows.Add((SqlValue[])context.Slots[slot].Clone());
            }
        }
        finally
        {
            source.Close(context);
        }

        return rows;
    }
}
