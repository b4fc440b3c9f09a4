using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Dml;

/// <summary>UPDATE: collects the qualifying row ids, then for each re-reads the row, evaluates the assignments against
/// the old values and writes the new row through the <see cref="TableWriter"/>.</summary>
internal sealed class UpdatePlan : WritePlan
{
    private readonly TableWriter _writer;
    private readonly Operator _access;
    private readonly int _slot;
    private readonly int[] _columns;
    private readonly Expr[] _values;
    private readonly ConflictResolution _conflict;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="writer">The table writer (its slot is the table slot).</param>
    /// <param name="access">Reads the qualifying rows into the table slot.</param>
    /// <param name="slot">The table slot.</param>
    /// <param name="columns">The assigned columns.</param>
    /// <param name="values">The assigned values, evaluated against the old row.</param>
    /// <param name="conflict">The conflict resolution.</param>
    public UpdatePlan(Schema schema, int[] slotWidths, TableWriter writer, Operator access, int slot, int[] columns, Expr[] values, ConflictResolution conflict)
        : base(schema, slotWidths)
    {
        _writer = writer;
        _access = access;
        _slot = slot;
        _columns = columns;
        _values = values;
        _conflict = conflict;
    }

    /// <inheritdoc />
    public override int Execute()
    {
        ExecutionContext context = Context;
        _writer.Begin();
        TableSchema table = _writer.Table;
        List<long> rowIds = RowCollector.Collect(context, _access, _slot, table.RowIdSlot);
        SqlValue[] row = context.Slots[_slot];
        var oldRow = new SqlValue[row.Length];
        var newValues = new SqlValue[_values.Length];
        int count = 0;
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

            if (_writer.Update(context, oldRow, row, _conflict))
            {
                count++;
            }
        }

        _writer.Finish(context);
        return count;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string> { "Update " + _writer.Table.Name };
        foreach (string line in PlanPrinter.Print(_access))
        {
            lines.Add("  " + line);
        }

        return lines;
    }
}
