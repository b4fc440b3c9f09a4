using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// Updates one row by row id: reads it into its slot, evaluates the assignments against the old values, fires the
/// UPDATE triggers and writes the new row through the <see cref="TableWriter"/>. UPDATE runs it for every row it
/// selected; an upsert's DO UPDATE runs it for the row the insert collided with.
/// </summary>
/// <remarks>
/// As in SQLite, BEFORE UPDATE triggers see NEW with affinity applied; they may change or delete the row, so it is
/// read again after them: a row they deleted is skipped, and the columns the statement does not assign take what
/// they stored. OLD stays the row as it was before any trigger ran, for the AFTER triggers too.
/// </remarks>
internal sealed class RowUpdater
{
    private readonly TableWriter _writer;
    private readonly int _slot;
    private readonly int[] _columns;
    private readonly Expr[] _values;
    private readonly Expr? _where;
    private readonly ConflictResolution _conflict;
    private readonly TriggerSet? _triggers;
    private readonly bool[] _assigned;

    // The old row's columns the assignments and the condition read (null: not known, so all); and, worked out on
    // first use without and with foreign keys, the columns read before the update (see TableWriter.UpdateColumns).
    private readonly HashSet<int>? _readColumns;
    private bool[]? _oldColumns;
    private bool[]? _oldColumnsWithForeignKeys;
    private bool _oldColumnsKnown;
    private bool _oldColumnsWithForeignKeysKnown;

    // Scratch rows, reused by every execution (a plan runs one at a time; as a trigger step it runs once per firing).
    private readonly SqlValue[] _oldRow;
    private readonly SqlValue[] _newValues;
    private readonly SqlValue[]? _triggerOld;
    private readonly SqlValue[]? _shownNew;

    /// <summary>Creates the updater.</summary>
    /// <param name="writer">The table writer.</param>
    /// <param name="slot">The slot the row is read into, where the assignments and the condition see it.</param>
    /// <param name="columns">The assigned columns.</param>
    /// <param name="values">The assigned values, evaluated against the old row.</param>
    /// <param name="where">A condition on the old row that must hold for the update (an upsert's DO UPDATE WHERE), or null.</param>
    /// <param name="conflict">The conflict resolution.</param>
    /// <param name="triggers">The UPDATE triggers it fires, or null.</param>
    public RowUpdater(TableWriter writer, int slot, int[] columns, Expr[] values, Expr? where, ConflictResolution conflict, TriggerSet? triggers)
    {
        _writer = writer;
        _slot = slot;
        _columns = columns;
        _values = values;
        _where = where;
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

        // Triggers see OLD whole, so with them every column is read.
        _readColumns = triggers is null ? ColumnsReadFrom(values, where, slot) : null;
    }

    /// <summary>The slot the row is read into and updated in.</summary>
    public int Slot => _slot;

    /// <summary>The UPDATE triggers, for EXPLAIN.</summary>
    public TriggerSet? Triggers => _triggers;

    /// <summary>Updates the row.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="rowId">The row's locator.</param>
    /// <returns>True when the row changed; false when it is gone, the condition does not hold, or IGNORE skipped it.</returns>
    public bool Update(ExecutionContext context, RowLocator rowId)
    {
        SqlValue[] row = context.Slots[_slot];
        if (!_writer.Read(context.Transaction, rowId, row, OldColumns(context)))
        {
            // Removed by an earlier row's OR REPLACE.
            return false;
        }

        if (_where is not null && _where.EvaluateTruth(context) != true)
        {
            return false;
        }

        SqlValue[] oldRow = _oldRow;
        SqlValue[] newValues = _newValues;
        for (int i = 0; i < _values.Length; i++)
        {
            newValues[i] = _values[i].Evaluate(context);
        }

        Array.Copy(row, oldRow, row.Length);
        for (int i = 0; i < _columns.Length; i++)
        {
            row[_columns[i]] = newValues[i];
        }

        SqlValue[]? triggerOld = _triggerOld;
        if (_triggers is not null)
        {
            oldRow.AsSpan().CopyTo(triggerOld);
            if (_shownNew is not null && !FireBefore(context, rowId, row, oldRow, _shownNew, triggerOld!))
            {
                return false;
            }
        }

        if (!_writer.Update(context, oldRow, row, _conflict, _assigned))
        {
            return false;
        }

        if (_triggers is { HasAfter: true })
        {
            _writer.BeforeTriggers(context);
            _triggers.FireAfter(context, row, triggerOld);
        }

        return true;
    }

    private static HashSet<int>? ColumnsReadFrom(Expr[] values, Expr? where, int slot)
    {
        var read = new HashSet<int>();
        foreach (Expr value in values)
        {
            if (!ColumnsRead.TryCollect(value, slot, read))
            {
                return null;
            }
        }

        return where is null || ColumnsRead.TryCollect(where, slot, read) ? read : null;
    }

    // The columns of the old row this update reads (null: all); they depend on whether foreign keys are on.
    private bool[]? OldColumns(ExecutionContext context)
    {
        if (_readColumns is null)
        {
            return null;
        }

        if (_writer.NeedsWholeRow(context))
        {
            if (!_oldColumnsWithForeignKeysKnown)
            {
                _oldColumnsWithForeignKeys = _writer.UpdateColumns(context, _assigned, _readColumns);
                _oldColumnsWithForeignKeysKnown = true;
            }

            return _oldColumnsWithForeignKeys;
        }

        if (!_oldColumnsKnown)
        {
            _oldColumns = _writer.UpdateColumns(context, _assigned, _readColumns);
            _oldColumnsKnown = true;
        }

        return _oldColumns;
    }

    // Runs the BEFORE programs, then reads the row again: false when a program raised IGNORE or deleted the row.
    // Otherwise the unassigned columns of the new row and the whole old row (whose index entries the update
    // replaces) are what is stored now.
    private bool FireBefore(ExecutionContext context, RowLocator rowId, SqlValue[] row, SqlValue[] oldRow, SqlValue[] shownNew, SqlValue[] triggerOld)
    {
        _writer.ShowUpdatedRow(context, row, shownNew);
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
