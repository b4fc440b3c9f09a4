using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Reads all input rows of a slot, sorts them stably by the keys, and replays them into the slot. Under a LIMIT
/// (top-N) only the first rows are kept: whenever the buffer holds twice as many as needed it is sorted and cut,
/// so memory stays bounded and the work is O(n log N).
/// </summary>
/// <param name="input">The input.</param>
/// <param name="slot">The slot the input fills and the output reuses.</param>
/// <param name="keys">The sort keys.</param>
/// <param name="limit">The LIMIT above the sort, or null.</param>
/// <param name="offset">The OFFSET above the sort, or null.</param>
internal sealed class SortOperator(Operator input, int slot, IReadOnlyList<SortKey> keys, Expr? limit = null, Expr? offset = null) : Operator
{
    private readonly SortKey[] _keys = [.. keys];
    private readonly List<(SqlValue[] Row, int Sequence)> _rows = [];
    private int _next;

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _rows.Clear();
        _next = 0;
        int keep = RowsToKeep(context);
        input.Open(context);
        try
        {
            int sequence = 0;
            while (input.Next(context))
            {
                context.CheckCancellation();
                _rows.Add(((SqlValue[])context.Slots[slot].Clone(), sequence++));
                if (keep >= 0 && _rows.Count >= (2 * keep) + 64)
                {
                    SortRows(context);
                    _rows.RemoveRange(keep, _rows.Count - keep);
                }
            }
        }
        finally
        {
            input.Close(context);
        }

        SortRows(context);
        if (keep >= 0 && _rows.Count > keep)
        {
            _rows.RemoveRange(keep, _rows.Count - keep);
        }
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        SqlValue[] row = _rows[_next].Row;
        _rows[_next++] = default;
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

    // The sequence number breaks ties, so equal rows keep their input order, as SQLite's sorter does. A large sort
    // runs for seconds, so its comparisons check for cancellation too.
    private void SortRows(ExecutionContext context) => ExecutionContext.RunSort(() => _rows.Sort((a, b) =>
    {
        context.CheckCancellation();
        int order = SortKey.Compare(_keys, a.Row, b.Row);
        return order != 0 ? order : a.Sequence.CompareTo(b.Sequence);
    }));

    // LIMIT + OFFSET when both are known integers (the Limit operator above still applies them); -1 for all rows.
    private int RowsToKeep(ExecutionContext context)
    {
        if (limit is null || limit.Evaluate(context) is not { StorageClass: SqlStorageClass.Integer } count || count.RawBits < 0)
        {
            return -1;
        }

        long skip = 0;
        if (offset is not null)
        {
            if (offset.Evaluate(context) is not { StorageClass: SqlStorageClass.Integer } skipped)
            {
                return -1;
            }

            skip = Math.Max(0, skipped.RawBits);
        }

        long keep = count.RawBits + skip;
        return keep > int.MaxValue / 4 ? -1 : (int)keep;
    }
}
