using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// DELETE: collects the qualifying row ids, then removes each row and its index entries. BEFORE DELETE triggers
/// may delete or change the row: it is read again after them (and skipped when gone), as in SQLite.
/// </summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="writer">The table writer.</param>
/// <param name="access">Reads the qualifying rows into the table slot.</param>
/// <param name="slot">The table slot.</param>
/// <param name="triggers">The DELETE triggers it fires, or null.</param>
internal sealed class DeletePlan(Schema schema, int[] slotWidths, TableWriter writer, Operator access, int slot, TriggerSet? triggers) : DmlPlan(schema, slotWidths)
{
    private SqlValue[]? _oldRow;

    // The row-id list of the last execution, reused: a cascade runs this plan once per parent row.
    private List<RowLocator>? _spareRowIds;

    /// <inheritdoc />
    public override TableSchema Table => writer.Table;

    /// <inheritdoc />
    public override int TableSlot => slot;

    /// <inheritdoc />
    public override int ExecuteIn(ExecutionContext context)
    {
        TableSchema table = writer.Table;
        writer.PrepareForeignKeys(context, changesParentKeys: true);
        // Taken out of the field while in use, so an execution nested in this one (a trigger) cannot share it.
        List<RowLocator> rowIds = _spareRowIds ?? [];
        _spareRowIds = null;
        RowCollector.CollectLocators(context, access, slot, writer, rowIds);
        if (triggers is not null)
        {
            // With triggers SQLite deletes in two passes and visits the rows in row-id (or key) order; the programs
            // can tell the order apart.
            rowIds.Sort(RowLocator.Compare);
        }

        SqlValue[] row = context.Slots[slot];
        SqlValue[]? oldRow = triggers is null ? null : _oldRow ??= new SqlValue[row.Length];

        // Without triggers or RETURNING only the writer looks at the row: it decodes just the keys it needs.
        bool wholeRow = triggers is not null || Returning is not null;
        ChangedSoFar = 0;
        Returned.Clear();
        foreach (RowLocator rowId in rowIds)
        {
            context.CheckCancellation();
            if (rowId.Key is null && table.Indexes.Length == 0 && triggers is null && Returning is null && !writer.NeedsWholeRow(context))
            {
                row[table.RowIdSlot] = SqlValue.FromInt64(rowId.RowId);
            }
            else if (!(wholeRow ? writer.Read(context.Transaction, rowId, row) : writer.ReadForDelete(context, rowId, row)))
            {
                continue;
            }

            if (triggers is not null)
            {
                // OLD is the row as it was before any trigger ran: the BEFORE programs may change it.
                row.AsSpan().CopyTo(oldRow);
                if (triggers.HasBefore && (!triggers.FireBefore(context, null, oldRow) || !writer.Read(context.Transaction, rowId, row)))
                {
                    continue;
                }
            }

            writer.Delete(context, row);
            ChangedSoFar++;
            ReturnRow(context);
            triggers?.FireAfter(context, null, oldRow);
        }

        if (rowIds.Capacity <= RowCollector.MaxKeptLocators)
        {
            _spareRowIds = rowIds;
        }

        return ChangedSoFar;
    }

    /// <summary>True when DELETE triggers on the table fire (an ON DELETE CASCADE then runs as this whole statement).</summary>
    public bool HasTriggers => triggers is not null;

    /// <summary>
    /// True when the rows this plan deletes can be filled from entries of <paramref name="index"/> instead of read (see
    /// <see cref="TableWriter.DeletesFromIndexEntry"/>).
    /// </summary>
    /// <param name="context">The plan's context, begun.</param>
    /// <param name="index">An index of the table.</param>
    /// <returns>True when the entries hold all a delete needs.</returns>
    public bool DeletesFromIndexEntry(ExecutionContext context, IndexSchema index) => writer.DeletesFromIndexEntry(context, index);

    /// <summary>
    /// Deletes the child rows an ON DELETE CASCADE found itself in the child index (the rows this statement's WHERE
    /// would find), without the statement's scan and filter. Only for a plan without triggers or RETURNING on a table
    /// that is no parent: then nothing but the writer sees the rows, and nothing deletes one of them in between.
    /// </summary>
    /// <param name="context">The plan's context, begun with the old parent key as its arguments.</param>
    /// <param name="rows">The child rows' locators.</param>
    /// <param name="index">The child index the rows were found in.</param>
    /// <param name="keyValues">
    /// Null to read each row; else each row's entry in <paramref name="index"/> decoded (one run of its columns per
    /// row), which holds all the delete needs (<see cref="DeletesFromIndexEntry"/>), so the row is not read.
    /// </param>
    /// <param name="cascadedFrom">The constraint whose parent row went: the rows' own check of it is known to find none.</param>
    public void DeleteCascaded(ExecutionContext context, List<RowLocator> rows, IndexSchema index, List<SqlValue>? keyValues, ForeignKeySchema cascadedFrom)
    {
        writer.PrepareForeignKeys(context, changesParentKeys: true);
        SqlValue[] row = context.Slots[slot];
        ChangedSoFar = 0;
        for (int i = 0; i < rows.Count; i++)
        {
            context.CheckCancellation();
            if (keyValues is not null)
            {
                FillFromEntry(writer.Table, index, keyValues, i * index.Columns.Length, rows[i].RowId, row);
            }
            else if (!writer.ReadForDelete(context, rows[i], row))
            {
                continue;
            }

            writer.Delete(context, row, cascadedFrom);
            ChangedSoFar++;
        }
    }

    // The row as ReadForDelete would leave it: the index's columns (with their declared types) and the row id, the
    // other columns NULL.
    private static void FillFromEntry(TableSchema table, IndexSchema index, List<SqlValue> keyValues, int start, long rowId, SqlValue[] row)
    {
        row.AsSpan(0, table.Columns.Length).Fill(SqlValue.Null);
        for (int j = 0; j < index.Columns.Length; j++)
        {
            IndexColumn column = index.Columns[j];
            if (column.Expression is not null)
            {
                continue;
            }

            SqlValue value = keyValues[start + j];
            SqlDeclaredType declared = table.Columns[column.Ordinal].DeclaredType;
            row[column.Ordinal] = declared == SqlDeclaredType.None || value.IsNull ? value : value.WithDeclaredType(declared);
        }

        if (table.RowIdAlias >= 0)
        {
            row[table.RowIdAlias] = SqlValue.FromInt64(rowId);
        }

        row[table.RowIdSlot] = SqlValue.FromInt64(rowId);
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string> { "Delete " + writer.Table.Name };
        foreach (string line in PlanPrinter.Print(access))
        {
            lines.Add("  " + line);
        }

        if (triggers is not null)
        {
            lines.AddRange(triggers.Explain());
        }

        return lines;
    }
}
