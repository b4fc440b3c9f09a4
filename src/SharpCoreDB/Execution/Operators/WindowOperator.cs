using System.Runtime.InteropServices;
using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution.Windows;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Computes window functions. Every input row is materialized with the values the window calls read (partition
/// and order keys, arguments, FILTER) and a copy of the slots the projection above reads; then, per distinct
/// window (PARTITION BY and ORDER BY), the rows are sorted, split into partitions and each call of that window is
/// computed into the row. Rows are replayed in the last window's order, restoring the saved slots and putting the
/// results in the window slot, which the projection reads like the aggregate slot.
/// </summary>
internal sealed class WindowOperator : Operator
{
    private readonly Operator _input;
    private readonly IReadOnlyList<WindowCall> _calls;
    private readonly int _windowSlot;
    private readonly int[] _savedSlots;
    private readonly List<Expr> _expressions = [];
    private readonly List<WindowSort> _sorts = [];
    private readonly List<SqlValue[]> _rows = [];
    private readonly WindowPartition _partition = new();
    private int[] _order = [];
    private int _next;

    /// <summary>Creates the operator.</summary>
    /// <param name="input">The input rows (after WHERE, grouping and HAVING).</param>
    /// <param name="calls">The window calls, in window slot order.</param>
    /// <param name="windowSlot">The slot the results go to.</param>
    /// <param name="savedSlots">The slots the operators above read, saved with each row.</param>
    public WindowOperator(Operator input, IReadOnlyList<WindowCall> calls, int windowSlot, int[] savedSlots)
    {
        _input = input;
        _calls = calls;
        _windowSlot = windowSlot;
        _savedSlots = savedSlots;
        var columns = new (int Arguments, int Filter)[calls.Count];
        var sortOf = new WindowSort[calls.Count];
        for (int i = 0; i < calls.Count; i++)
        {
            WindowCall call = calls[i];
            WindowSort? sort = null;
            foreach (WindowSort existing in _sorts)
            {
                if (existing.SpecKey == call.SpecKey)
                {
                    sort = existing;
                    break;
                }
            }

            if (sort is null)
            {
                sort = new WindowSort(call.SpecKey);
                foreach (Expr term in call.PartitionBy)
                {
                    sort.PartitionKeys.Add(new SortKey(Add(term), Descending: false, NullsFirst: true, CollationRules.ForKey(term)));
                }

                foreach (WindowOrderTerm term in call.OrderBy)
                {
                    sort.OrderKeys.Add(new SortKey(Add(term.Expression), term.Descending, term.NullsFirst, CollationRules.ForKey(term.Expression)));
                }

                sort.AllKeys = [.. sort.PartitionKeys, .. sort.OrderKeys];
                _sorts.Add(sort);
            }

            sortOf[i] = sort;
            int arguments = _expressions.Count;
            foreach (Expr argument in call.Arguments)
            {
                Add(argument);
            }

            columns[i] = (arguments, call.Filter is null ? -1 : Add(call.Filter));
        }

        for (int i = 0; i < calls.Count; i++)
        {
            sortOf[i].Calls.Add(new WindowCallState(calls[i], columns[i].Arguments, columns[i].Filter, _expressions.Count + i));
        }
    }

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [_input];

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => _expressions;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _rows.Clear();
        _next = 0;
        int results = _expressions.Count + _calls.Count;
        int width = results;
        foreach (int slot in _savedSlots)
        {
            width += context.Slots[slot].Length;
        }

        _input.Open(context);
        try
        {
            while (_input.Next(context))
            {
                context.CheckCancellation();
                var row = new SqlValue[width];
                for (int i = 0; i < _expressions.Count; i++)
                {
                    row[i] = _expressions[i].Evaluate(context);
                }

                int offset = results;
                foreach (int slot in _savedSlots)
                {
                    SqlValue[] values = context.Slots[slot];
                    Array.Copy(values, 0, row, offset, values.Length);
                    offset += values.Length;
                }

                _rows.Add(row);
            }
        }
        finally
        {
            _input.Close(context);
        }

        int count = _rows.Count;
        if (_order.Length < count)
        {
            _order = new int[Math.Max(count, _order.Length * 2)];
        }

        foreach (WindowSort sort in _sorts)
        {
            foreach (WindowCallState call in sort.Calls)
            {
                call.Begin(context);
            }

            Compute(context, sort, count);
        }
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        // Each row is replayed once: dropping it lets a large result be collected as it streams out.
        int index = _order[_next++];
        SqlValue[] row = _rows[index];
        _rows[index] = null!;
        int offset = _expressions.Count + _calls.Count;
        foreach (int slot in _savedSlots)
        {
            SqlValue[] values = context.Slots[slot];
            Array.Copy(row, offset, values, 0, values.Length);
            offset += values.Length;
        }

        Array.Copy(row, _expressions.Count, context.Slots[_windowSlot], 0, _calls.Count);
        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _rows.Clear();
        _input.Close(context);
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("Window");
        for (int i = 0; i < _calls.Count; i++)
        {
            builder.Append(i == 0 ? " COMPUTE " : ", ");
            _calls[i].Format(builder);
        }

        return builder.ToString();
    }

    private int Add(Expr expression)
    {
        _expressions.Add(expression);
        return _expressions.Count - 1;
    }

    // Sorts the rows by the window's partition and order keys (input order breaks ties, as a stable sort would),
    // then computes each call of the window partition by partition.
    private void Compute(ExecutionContext context, WindowSort sort, int count)
    {
        for (int i = 0; i < count; i++)
        {
            _order[i] = i;
        }

        List<SqlValue[]> rows = _rows;
        SortKey[] keys = sort.AllKeys;
        if (keys.Length > 0)
        {
            int[] indexes = _order;
            ExecutionContext.RunSort(() => Array.Sort(indexes, 0, count, Comparer<int>.Create((a, b) =>
            {
                context.CheckCancellation();
                int order = SortKey.Compare(keys, rows[a], rows[b]);
                return order != 0 ? order : a.CompareTo(b);
            })));
        }

        SortKey rangeKey = sort.OrderKeys.Count > 0 ? sort.OrderKeys[0] : default;
        int start = 0;
        while (start < count)
        {
            int end = start + 1;
            while (end < count && SortKey.Compare(CollectionsMarshal.AsSpan(sort.PartitionKeys), rows[_order[start]], rows[_order[end]]) == 0)
            {
                context.CheckCancellation();
                end++;
            }

            _partition.Load(rows, _order, start, end - start, CollectionsMarshal.AsSpan(sort.OrderKeys));
            foreach (WindowCallState call in sort.Calls)
            {
                call.Compute(context, _partition, rangeKey);
            }

            start = end;
        }
    }

    /// <summary>The calls sharing one window's PARTITION BY and ORDER BY, and that window's keys over row columns.</summary>
    private sealed class WindowSort(string specKey)
    {
        public string SpecKey { get; } = specKey;

        public List<SortKey> PartitionKeys { get; } = [];

        public List<SortKey> OrderKeys { get; } = [];

        // The partition keys, then the order keys: what the rows are sorted by, built once with the window.
        public SortKey[] AllKeys { get; set; } = [];

        public List<WindowCallState> Calls { get; } = [];
    }
}
