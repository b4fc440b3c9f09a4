using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Reads all input rows of a slot, sorts them stably by the keys, and replays them into the slot.</summary>
/// <param name="input">The input.</param>
/// <param name="slot">The slot the input fills and the output reuses.</param>
/// <param name="keys">The sort keys.</param>
internal sealed class SortOperator(Operator input, int slot, IReadOnlyList<SortKey> keys) : Operator
{
    private readonly List<SqlValue[]> _rows = [];
    private int _next;

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _rows.Clear();
        _next = 0;
        input.Open(context);
        try
        {
            while (input.Next(context))
            {
                _rows.Add((SqlValue[])context.Slots[slot].Clone());
            }
        }
        finally
        {
            input.Close(context);
        }

        // List.Sort is not stable; the index tie-break keeps equal rows in input order, as SQLite's sorter does.
        var order = new int[_rows.Count];
        for (int i = 0; i < order.Length; i++)
        {
            order[i] = i;
        }

        SqlValue[][] rows = [.. _rows];
        Array.Sort(order, (a, b) =>
        {
            int result = Compare(rows[a], rows[b]);
            return result != 0 ? result : a.CompareTo(b);
        });
        for (int i = 0; i < order.Length; i++)
        {
            _rows[i] = rows[order[i]];
        }
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        SqlValue[] row = _rows[_next];
        _rows[_next++] = null!;
        Array.Copy(row, context.Slots[slot], row.Length);
        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _rows.Clear();
        input.Close(context);
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("Sort");
        for (int i = 0; i < keys.Count; i++)
        {
            builder.Append(i == 0 ? " BY #" : ", #").Append(keys[i].Column + 1);
            if (keys[i].Descending)
            {
                builder.Append(" DESC");
            }
        }

        return builder.ToString();
    }

    private int Compare(SqlValue[] x, SqlValue[] y)
    {
        foreach (SortKey key in keys)
        {
            SqlValue a = x[key.Column];
            SqlValue b = y[key.Column];
            int order;
            if (a.IsNull || b.IsNull)
            {
                if (a.IsNull && b.IsNull)
                {
                    continue;
                }

                order = a.IsNull == key.NullsFirst ? -1 : 1;
                if (order != 0)
                {
                    return order;
                }
            }

            order = SqlValueComparer.CompareValues(a, b);
            if (order != 0)
            {
                return key.Descending ? -order : order;
            }
        }

        return 0;
    }
}
