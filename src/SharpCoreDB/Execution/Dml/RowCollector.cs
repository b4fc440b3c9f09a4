using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// The first phase of a write that reads what it will change: the qualifying row ids of UPDATE and DELETE, or whole
/// rows (INSERT … SELECT from the same table, CREATE TABLE … AS, DROP COLUMN, writes through a view), are read before
/// anything changes, because a tree being modified cannot be scanned at the same time (its cursors are invalidated
/// by every change).
/// </summary>
internal static class RowCollector
{
    /// <summary>Collects the row ids the access plan yields.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="access">The access plan (with the WHERE filter) writing rows into <paramref name="slot"/>.</param>
    /// <param name="slot">The table slot.</param>
    /// <param name="rowIdColumn">The row id's position in the slot.</param>
    /// <returns>The row ids in scan order.</returns>
    public static List<long> Collect(ExecutionContext context, Operator access, int slot, int rowIdColumn)
    {
        var rowIds = new List<long>();
        Collect(context, access, slot, rowIdColumn, rowIds);
        return rowIds;
    }

    /// <summary>Collects the row ids the access plan yields into a list the caller reuses (cleared first).</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="access">The access plan (with the WHERE filter) writing rows into <paramref name="slot"/>.</param>
    /// <param name="slot">The table slot.</param>
    /// <param name="rowIdColumn">The row id's position in the slot.</param>
    /// <param name="rowIds">Receives the row ids in scan order.</param>
    public static void Collect(ExecutionContext context, Operator access, int slot, int rowIdColumn, List<long> rowIds)
    {
        rowIds.Clear();
        access.Open(context);
        try
        {
            SqlValue[] row = context.Slots[slot];
            while (access.Next(context))
            {
                rowIds.Add(row[rowIdColumn].AsInt64());
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
