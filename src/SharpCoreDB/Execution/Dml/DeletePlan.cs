using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Dml;

/// <summary>DELETE: collects the qualifying row ids, then removes each row and its index entries.</summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="writer">The table writer.</param>
/// <param name="access">Reads the qualifying rows into the table slot.</param>
/// <param name="slot">The table slot.</param>
internal sealed class DeletePlan(Schema schema, int[] slotWidths, TableWriter writer, Operator access, int slot) : WritePlan(schema, slotWidths)
{
    /// <inheritdoc />
    public override int Execute()
    {
        ExecutionContext context = Context;
        TableSchema table = writer.Table;
        List<long> rowIds = RowCollector.Collect(context, access, slot, table.RowIdSlot);
        SqlValue[] row = context.Slots[slot];
        int count = 0;
        foreach (long rowId in rowIds)
        {
            if (table.Indexes.Length == 0)
            {
                row[table.RowIdSlot] = SqlValue.FromInt64(rowId);
            }
            else if (!writer.Read(context.Transaction, rowId, row))
            {
                continue;
            }

            writer.Delete(context, row);
            count++;
        }

        return count;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string> { "Delete " + writer.Table.Name };
        foreach (string line in PlanPrinter.Print(access))
        {
            lines.Add("  " + line);
        }

        return lines;
    }
}
