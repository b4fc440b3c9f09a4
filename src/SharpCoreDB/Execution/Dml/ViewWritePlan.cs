using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// INSERT, UPDATE or DELETE on a view: nothing is written by the statement itself; for every row it names, the view's
/// INSTEAD OF programs run with NEW and OLD as SQLite gives them. The rows are collected first (for UPDATE and DELETE:
/// the view's rows that satisfy WHERE, with the new values computed alongside), since the programs usually change
/// the tables the view reads. The statement itself changes no row, so it reports none (SQLite's changes() is 0 too).
/// </summary>
internal sealed class ViewWritePlan : DmlPlan
{
    private readonly TableSchema _view;
    private readonly Operator _rows;
    private readonly int _rowSlot;
    private readonly TriggerEvent _event;
    private readonly int[] _targets;
    private readonly TriggerSet _triggers;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="view">The view as a table: its columns, in order.</param>
    /// <param name="rows">
    /// INSERT: the rows to insert, one value per target. UPDATE: each qualifying view row followed by its new values,
    /// one per target. DELETE: each qualifying view row.
    /// </param>
    /// <param name="rowSlot">The slot <paramref name="rows"/> fills.</param>
    /// <param name="triggerEvent">The statement.</param>
    /// <param name="targets">The view columns the INSERT or UPDATE gives values to (ordinals; the row-id slot for rowid).</param>
    /// <param name="triggers">The INSTEAD OF programs.</param>
    public ViewWritePlan(Schema schema, int[] slotWidths, TableSchema view, Operator rows, int rowSlot, TriggerEvent triggerEvent, int[] targets, TriggerSet triggers)
        : base(schema, slotWidths)
    {
        _view = view;
        _rows = rows;
        _rowSlot = rowSlot;
        _event = triggerEvent;
        _targets = targets;
        _triggers = triggers;
    }

    /// <inheritdoc />
    public override TableSchema Table => _view;

    /// <inheritdoc />
    public override int TableSlot => _rowSlot;

    /// <inheritdoc />
    public override int ExecuteIn(ExecutionContext context)
    {
        List<SqlValue[]> rows = RowCollector.CollectRows(context, _rows, _rowSlot);
        ChangedSoFar = 0;
        Returned.Clear();

        // NEW and OLD in the view's layout (its columns, then an unused row-id slot); the programs get copies of
        // them, so two buffers serve every row. INSERT rows are the values; UPDATE rows are OLD, then the values.
        int columns = _view.Columns.Length;
        SqlValue[]? oldRow = _event == TriggerEvent.Insert ? null : new SqlValue[columns + 1];
        SqlValue[]? newRow = _event == TriggerEvent.Delete ? null : new SqlValue[columns + 1];
        int valuesAt = _event == TriggerEvent.Insert ? 0 : columns;
        foreach (SqlValue[] row in rows)
        {
            if (oldRow is not null)
            {
                row.AsSpan(0, columns).CopyTo(oldRow);
            }

            if (newRow is not null)
            {
                if (oldRow is null)
                {
                    Array.Clear(newRow);
                }
                else
                {
                    oldRow.AsSpan().CopyTo(newRow);
                }

                for (int i = 0; i < _targets.Length; i++)
                {
                    newRow[_targets[i]] = row[valuesAt + i];
                }
            }

            _triggers.FireBefore(context, newRow, oldRow);
        }

        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string> { $"{_event} on view {_view.Name} (INSTEAD OF)" };
        foreach (string line in PlanPrinter.Print(_rows))
        {
            lines.Add("  " + line);
        }

        lines.AddRange(_triggers.Explain());
        return lines;
    }
}
