using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// UPDATE: collects the qualifying row ids, then for each re-reads the row, evaluates the assignments against the
/// old values and writes the new row through the <see cref="TableWriter"/>.
/// </summary>
/// <remarks>
/// As in SQLite, BEFORE UPDATE triggers see NEW with affinity applied; they may change or delete the row, so it is
/// read again after them: a row they deleted is skipped, and the columns the statement does not assign take what
/// they stored. OLD stays the row as it was before any trigger ran, for the AFTER triggers too.
/// </remarks>
internal sealed class UpdatePlan : DmlPlan
{
    private readonly TableWriter _writer;
    private readonly Operator _access;
    private readonly int _slot;
    private readonly int[] _columns;
    private readonly Expr[] _values;
    private readonly ConflictResolution _conflict;
    private readonly TriggerSet? _triggers;
    private readonly bool[] _assigned;

    // Scratch rows, reused by every execution (a plan runs one at a time; as a trigger step it runs once per firing).
    private readonly SqlValue[] _oldRow;
    private readonly SqlValue[] _newValues;
    private readonly SqlValue[]? _triggerOld;
    private readonly SqlValue[]? _shownNew;

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
        _columns = columns;
        _values = values;
        _conflict = conflict;
        _triggers = triggers;
        int width = writer.Table.Columns.Length + 1;
        _oldRow = new SqlValue[width];
        _newValues = new SqlValue[values.Length];
        _triggerOld = triggers is null ? null : new SqlValue[width];
        _shownNew = triggers is { HasBefore: true } ? new SqlValue[width] : null;
        _assigned = new bool[width];
        foreach (int column in columns)
        {
            _assigned[column] = true;
        }
    }

    /// <inheritdoc />
    public override int ExecuteIn(ExecutionContext context)
    {
        _writer.Begin();
        TableSchema table = _writer.Table;
        List<long> rowIds = RowCollector.Collect(context, _access, _slot, table.RowIdSlot);
        if (_triggers is not null)
        {
            // With triggers SQLite updates in two passes and visits the rows in row-id order; the programs can
            // tell the order apart.
            rowIds.Sort();
        }

        SqlValue[] row = context.Slots[_slot];
        SqlValue[] oldRow = _oldRow;
        SqlValue[] newValues = _newValues;
        SqlValue[]? triggerOld = _triggerOld;
        SqlValue[]? shownNew = _shownNew;
        ChangedSoFar = 0;
        foreach (long rowId in rowIds)
        {
            if (!_writer.Read(context.Transaction, rowId, row))
            {
                // Removed by an earlier row's OR REPLACE.
                continue;
            }

            for (int i = 0; i < _values.Length; i++)
            {
                newValues[i] = _values[i].Evaluate(context);
            }

            Array.Copy(row, oldRow, row.Length);
            for (int i = 0; i < _columns.Length; i++)
            {
                row[_columns[i]] = newValues[i];
            }

            if (_triggers is not null)
            {
                oldRow.AsSpan().CopyTo(triggerOld);
                if (shownNew is not null && !FireBefore(context, rowId, row, oldRow, shownNew, triggerOld!))
                {
                    continue;
                }
            }

            if (_writer.Update(context, oldRow, row, _conflict))
            {
                ChangedSoFar++;
                if (_triggers is { HasAfter: true })
                {
                    _writer.BeforeTriggers(context);
                    _triggers.FireAfter(context, row, triggerOld);
                }
            }
        }

        _writer.Finish(context);
        return ChangedSoFar;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string> { "Update " + _writer.Table.Name };
        foreach (string line in PlanPrinter.Print(_access))
        {
            lines.Add("  " + line);
        }

        if (_triggers is not null)
        {
            lines.AddRange(_triggers.Explain());
        }

        return lines;
    }

    // Runs the BEFORE programs, then reads the row again: false when a program raised IGNORE or deleted the row.
    // Otherwise the unassigned columns of the new row and the whole old row (whose index entries the update
    // replaces) are what is stored now.
    private bool FireBefore(ExecutionContext context, long rowId, SqlValue[] row, SqlValue[] oldRow, SqlValue[] shownNew, SqlValue[] triggerOld)
    {
        _writer.ShowUpdatedRow(row, shownNew);
        _writer.BeforeTriggers(context);
        if (!_triggers!.FireBefore(context, shownNew, triggerOld) || !_writer.Read(context.Transaction, rowId, oldRow))
        {
            return false;
        }

        for (int i = 0; i < row.Length; i++)
        {
            if (!_assigned[i])
            {
                row[i] = oldRow[i];
            }
        }

        return true;
    }
}
