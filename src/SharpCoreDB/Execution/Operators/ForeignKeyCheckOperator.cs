using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// PRAGMA foreign_key_check: for each table, each row in row-id order and each of its foreign keys (by id), a row
/// (table, rowid, parent, fkid) when the child columns are all non-NULL and no parent has them. Uses the same
/// lookups as enforcement.
/// </summary>
/// <param name="schema">The schema.</param>
/// <param name="tables">The tables to check.</param>
/// <param name="slot">The output slot.</param>
internal sealed class ForeignKeyCheckOperator(Schema schema, IReadOnlyList<TableSchema> tables, int slot) : Operator
{
    private readonly ForeignKeyProbe _probe = new();
    private readonly List<SqlValue[]> _rows = [];
    private int _next;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _rows.Clear();
        _next = 0;
        foreach (TableSchema table in tables)
        {
            Check(context, table);
        }
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        _rows[_next++].AsSpan().CopyTo(context.Slots[slot]);
        return true;
    }

    /// <inheritdoc />
    public override string Describe() => "ForeignKeyCheck";

    private void Check(ExecutionContext context, TableSchema table)
    {
        if (table.ForeignKeys.Length == 0)
        {
            return;
        }

        var links = new ForeignKeyLink[table.ForeignKeys.Length];
        var columns = new List<int>();
        for (int i = 0; i < links.Length; i++)
        {
            ForeignKeySchema foreignKey = table.ForeignKeys[i];
            // A missing parent table or a parent key without a unique index is an error here too, as in SQLite.
            links[i] = ForeignKeyLink.Resolve(schema, table, foreignKey);
            foreach (int column in foreignKey.ChildColumns)
            {
                if (!columns.Contains(column))
                {
                    columns.Add(column);
                }
            }
        }

        var decoder = new TableRowDecoder(table, [.. columns]);
        var row = new SqlValue[table.Columns.Length + 1];
        using BTreeCursor cursor = context.Transaction.Tree(table.RootPage).OpenCursor();
        for (bool positioned = cursor.First(); positioned; positioned = cursor.MoveNext())
        {
            context.CheckCancellation();
            decoder.Decode(cursor, row);
            for (int i = 0; i < links.Length; i++)
            {
                ForeignKeySchema foreignKey = table.ForeignKeys[i];
                if (HasNull(row, foreignKey) || _probe.ParentExists(context, links[i], row))
                {
                    continue;
                }

                _rows.Add(
                [
                    SqlValue.FromText(table.Name),
                    row[table.RowIdSlot],
                    SqlValue.FromText(foreignKey.ParentTable),
                    SqlValue.FromInt64(foreignKey.Id),
                ]);
            }
        }
    }

    private static bool HasNull(SqlValue[] row, ForeignKeySchema foreignKey)
    {
        foreach (int column in foreignKey.ChildColumns)
        {
            if (row[column].IsNull)
            {
                return true;
            }
        }

        return false;
    }
}
