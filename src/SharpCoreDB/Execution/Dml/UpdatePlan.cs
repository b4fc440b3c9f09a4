using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// UPDATE: collects the qualifying row ids, then updates each through a <see cref="RowUpdater"/> (which reads the
/// row again, evaluates the assignments against the old values, fires the triggers and writes the new row).
/// For <c>UPDATE … FROM</c> the access plan is the join, projecting the row id and the new values into
/// <see cref="ValuesSlot"/>: the values of the first joined row of each target row are kept, and put back into that
/// slot (where the assignments read them) before the row is updated.
/// </summary>
internal sealed class UpdatePlan : DmlPlan
{
    private readonly TableWriter _writer;
    private readonly Operator _access;
    private readonly int _slot;
    private readonly RowUpdater _updater;

    // The row-id list of the last execution, reused: a prepared UPDATE by key runs in a loop, a cascade once per parent.
    private List<RowLocator>? _spareRowIds;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="writer">The table writer (its slot is the table slot).</param>
    /// <param name="access">Reads the qualifying rows into the table slot.</param>
    /// <param name="slot">The table slot.</param>
    /// <param name="columns">The assigned columns.</param>
    /// <param name="values">The assigned values, evaluated against the old row.</param>
    /// <param name="conflict">The conflict resolution.</param>
    /// <param name="triggers">The UPDATE triggers it fires, or null.</param>
    public UpdatePlan(Schema schema, int[] slotWidths, TableWriter writer, Operator access, int slot, int[] columns, Expr[] values, ConflictResolution conflict, TriggerSet? triggers)
        : base(schema, slotWidths)
    {
        _writer = writer;
        _access = access;
        _slot = slot;
        _updater = new RowUpdater(writer, slot, columns, values, null, conflict, triggers);
    }

    /// <summary>For UPDATE … FROM, the slot the join projects the row id and the new values into; otherwise -1.</summary>
    public int ValuesSlot { get; init; } = -1;

    /// <inheritdoc />
    public override TableSchema Table => _writer.Table;

    /// <inheritdoc />
    public override int TableSlot => _slot;

    /// <inheritdoc />
    public override int ExecuteIn(ExecutionContext context)
    {
        _writer.Begin();
        _writer.PrepareForeignKeys(context, changesParentKeys: true);
        TableSchema table = _writer.Table;
        List<RowLocator> rowIds;
        Dictionary<RowLocator, SqlValue[]>? joined = null;
        if (ValuesSlot >= 0)
        {
            joined = CollectJoined(context);
            rowIds = [.. joined.Keys];
        }
        else
        {
            // Taken out of the field while in use, so an execution nested in this one (a trigger) cannot share it.
            rowIds = _spareRowIds ?? [];
            _spareRowIds = null;
            RowCollector.CollectLocators(context, _access, _slot, _writer, rowIds);
        }

        if (_updater.Triggers is not null)
        {
            // With triggers SQLite updates in two passes and visits the rows in row-id (or key) order; the programs
            // can tell the order apart.
            rowIds.Sort(RowLocator.Compare);
        }

        ChangedSoFar = 0;
        Returned.Clear();
        foreach (RowLocator rowId in rowIds)
        {
            context.CheckCancellation();
            if (joined is not null)
            {
                SqlValue[] values = joined[rowId];
                Array.Copy(values, context.Slots[ValuesSlot], values.Length);
            }

            if (_updater.Update(context, rowId))
            {
                ChangedSoFar++;
                ReturnRow(context);
            }
        }

        _writer.Finish(context);
        if (joined is null && rowIds.Capacity <= RowCollector.MaxKeptLocators)
        {
            _spareRowIds = rowIds;
        }

        return ChangedSoFar;
    }

    // The joined rows of UPDATE … FROM, read whole before anything changes: per target row (in join order), the
    // projected row of the first joined row that named it. The projection starts with the target's row id, or with
    // a WITHOUT ROWID target's key columns.
    private Dictionary<RowLocator, SqlValue[]> CollectJoined(ExecutionContext context)
    {
        var joined = new Dictionary<RowLocator, SqlValue[]>();
        TableSchema table = _writer.Table;
        SqlValue[]? keyRow = table.PrimaryKey is null ? null : new SqlValue[table.Columns.Length + 1];
        _access.Open(context);
        try
        {
            SqlValue[] row = context.Slots[ValuesSlot];
            while (_access.Next(context))
            {
                context.CheckCancellation();
                if (row[0].IsNull)
                {
                    continue;
                }

                RowLocator locator;
                if (keyRow is null)
                {
                    locator = new RowLocator(row[0].AsInt64(), null);
                }
                else
                {
                    for (int i = 0; i < table.PrimaryKey!.Columns.Length; i++)
                    {
                        keyRow[table.PrimaryKey.Columns[i].Ordinal] = row[i];
                    }

                    locator = _writer.LocatorOf(keyRow);
                }

                if (!joined.ContainsKey(locator))
                {
                    joined.Add(locator, (SqlValue[])row.Clone());
                }
            }
        }
        finally
        {
            _access.Close(context);
        }

        return joined;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string> { "Update " + _writer.Table.Name };
        foreach (string line in PlanPrinter.Print(_access))
        {
            lines.Add("  " + line);
        }

        if (_updater.Triggers is not null)
        {
            lines.AddRange(_updater.Triggers.Explain());
        }

        return lines;
    }
}
