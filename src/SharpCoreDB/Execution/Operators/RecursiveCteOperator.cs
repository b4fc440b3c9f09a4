using System.Diagnostics.CodeAnalysis;
using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// A recursive common table expression, computed as SQLite does: the initial SELECT's rows go into a queue; then,
/// one row at a time, a row is taken from the queue, becomes the whole recursive table, every recursive SELECT runs
/// against it and adds its rows to the queue, and the row is produced. The queue is first in, first out, or ordered
/// by the expression's ORDER BY (ties first in, first out). With UNION a row that was ever queued is not queued
/// again; LIMIT caps the rows produced and stops the recursion there; OFFSET rows are taken and recursed on but not
/// produced.
/// </summary>
internal sealed class RecursiveCteOperator : Operator
{
    private readonly Operator _initial;
    private readonly int _initialSlot;
    private readonly Operator[] _arms;
    private readonly int[] _armSlots;
    private readonly RecursiveTable _table;
    private readonly bool _distinct;
    private readonly SortKey[] _order;
    private readonly Expr? _limit;
    private readonly Expr? _offset;
    private readonly int _slot;
    private readonly int _width;
    private readonly Queue<SqlValue[]> _fifo = new();
    private readonly PriorityQueue<SqlValue[], (SqlValue[] Row, long Sequence)>? _ordered;
    private readonly ISet<SqlValue[]>? _seen;
    private readonly Operator[] _inputs;
    private long _sequence;
    private long _remaining;
    private long _skip;

    /// <summary>Creates the operator.</summary>
    /// <param name="initial">The initial SELECT (possibly compound).</param>
    /// <param name="initialSlot">Its result slot.</param>
    /// <param name="arms">The recursive SELECTs, each reading <paramref name="table"/>.</param>
    /// <param name="armSlots">Their result slots.</param>
    /// <param name="table">The recursive table the arms read.</param>
    /// <param name="distinct">True for UNION (a row is queued at most once), false for UNION ALL.</param>
    /// <param name="order">The ORDER BY that orders the queue; empty for first in, first out.</param>
    /// <param name="limit">The LIMIT, or null.</param>
    /// <param name="offset">The OFFSET, or null.</param>
    /// <param name="slot">The output slot.</param>
    /// <param name="width">The number of columns.</param>
    /// <param name="collations">Per column, the collation that tells queued rows apart under UNION (null for BINARY);
    /// null when all are BINARY.</param>
    public RecursiveCteOperator(
        Operator initial,
        int initialSlot,
        Operator[] arms,
        int[] armSlots,
        RecursiveTable table,
        bool distinct,
        IReadOnlyList<SortKey> order,
        Expr? limit,
        Expr? offset,
        int slot,
        int width,
        Collation?[]? collations = null)
    {
        _initial = initial;
        _initialSlot = initialSlot;
        _arms = arms;
        _armSlots = armSlots;
        _table = table;
        _distinct = distinct;
        _order = [.. order];
        _limit = limit;
        _offset = offset;
        _slot = slot;
        _width = width;
        _inputs = [initial, .. arms];
        if (order.Count > 0)
        {
            _ordered = new PriorityQueue<SqlValue[], (SqlValue[] Row, long Sequence)>(Comparer<(SqlValue[] Row, long Sequence)>.Create(CompareQueued));
        }

        if (distinct)
        {
            _seen = new RowComparer(width, collations).NewSet();
        }
    }

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => _inputs;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Reset();
        _remaining = _limit is null ? -1 : LimitOperator.ToCount(_limit.Evaluate(context), "LIMIT");
        _skip = _offset is null ? 0 : Math.Max(0, LimitOperator.ToCount(_offset.Evaluate(context), "OFFSET"));
        Run(context, _initial, _initialSlot);
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        while (_remaining != 0 && TryTake(out SqlValue[]? row))
        {
            context.CheckCancellation();
            bool skipped = _skip > 0;
            if (skipped)
            {
                _skip--;
            }

            // The row that reaches the LIMIT ends the recursion: nothing it would add could be produced.
            if (skipped || _remaining != 1)
            {
                _table.Row = row;
                for (int i = 0; i < _arms.Length; i++)
                {
                    Run(context, _arms[i], _armSlots[i]);
                }
            }

            if (skipped)
            {
                continue;
            }

            if (_remaining > 0)
            {
                _remaining--;
            }

            Array.Copy(row, context.Slots[_slot], _width);
            return true;
        }

        return false;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        Reset();
        base.Close(context);
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("Recursive ").Append(_distinct ? "UNION" : "UNION ALL");
        if (_order.Length > 0)
        {
            builder.Append(" queue ordered BY");
            for (int i = 0; i < _order.Length; i++)
            {
                builder.Append(i == 0 ? " #" : ", #").Append(_order[i].Column + 1);
                if (_order[i].Descending)
                {
                    builder.Append(" DESC");
                }
            }
        }

        return builder.ToString();
    }

    private void Reset()
    {
        _fifo.Clear();
        _ordered?.Clear();
        _seen?.Clear();
        _sequence = 0;
        _table.Row = null;
    }

    // Runs one SELECT to its end and queues its rows.
    private void Run(ExecutionContext context, Operator input, int slot)
    {
        input.Open(context);
        try
        {
            SqlValue[] values = context.Slots[slot];
            while (input.Next(context))
            {
                var row = new SqlValue[_width];
                Array.Copy(values, row, _width);
                if (_seen is not null && !_seen.Add(row))
                {
                    continue;
                }

                if (_ordered is not null)
                {
                    _ordered.Enqueue(row, (row, _sequence++));
                }
                else
                {
                    _fifo.Enqueue(row);
                }
            }
        }
        finally
        {
            input.Close(context);
        }
    }

    private bool TryTake([NotNullWhen(true)] out SqlValue[]? row) =>
        _ordered is not null ? _ordered.TryDequeue(out row, out _) : _fifo.TryDequeue(out row);

    private int CompareQueued((SqlValue[] Row, long Sequence) x, (SqlValue[] Row, long Sequence) y)
    {
        int order = SortKey.Compare(_order, x.Row, y.Row);
        return order != 0 ? order : x.Sequence.CompareTo(y.Sequence);
    }
}
