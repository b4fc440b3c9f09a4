using System.Text;
using SharpCoreDB.Execution.Aggregation;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Groups the input rows (hash grouping on the GROUP BY values) and computes the aggregates of each group. The
/// output row holds the aggregate results, then "captured" values: the columns that expressions after the
/// aggregation use outside any aggregate, taken as SQLite takes bare columns (from the group's first row, or, when the
/// query has exactly one min() or max(), from the row that gave its value), go to a second slot. Groups
/// are produced in GROUP BY key order, as SQLite's sorter-based grouping does; without GROUP BY there is exactly
/// one group, even for empty input.
/// </summary>
internal sealed class AggregateOperator : Operator
{
    private readonly Operator _input;
    private readonly IReadOnlyList<Expr> _groupBy;
    private readonly IReadOnlyList<AggregateSpec> _aggregates;
    private readonly IReadOnlyList<Expr> _captures;
    private readonly int _aggregateSlot;
    private readonly int _captureSlot;
    private readonly SqlValue[][] _argumentBuffers;
    private readonly int _extreme;
    private readonly List<SqlValue[]> _output = [];
    private int _next;

    /// <summary>Creates the operator.</summary>
    /// <param name="input">The input rows.</param>
    /// <param name="groupBy">The GROUP BY expressions (empty: one group).</param>
    /// <param name="aggregates">The aggregate calls.</param>
    /// <param name="captures">The bare expressions captured per group.</param>
    /// <param name="aggregateSlot">The slot of the aggregate results.</param>
    /// <param name="captureSlot">The slot of the captured values.</param>
    public AggregateOperator(Operator input, IReadOnlyList<Expr> groupBy, IReadOnlyList<AggregateSpec> aggregates, IReadOnlyList<Expr> captures, int aggregateSlot, int captureSlot)
    {
        _input = input;
        _groupBy = groupBy;
        _aggregates = aggregates;
        _captures = captures;
        _aggregateSlot = aggregateSlot;
        _captureSlot = captureSlot;
        _extreme = SoleExtreme(aggregates);
        _argumentBuffers = new SqlValue[aggregates.Count][];
        for (int i = 0; i < aggregates.Count; i++)
        {
            _argumentBuffers[i] = new SqlValue[aggregates[i].Inputs.Count];
        }
    }

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [_input];

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions
    {
        get
        {
            var all = new List<Expr>(_groupBy);
            foreach (AggregateSpec aggregate in _aggregates)
            {
                all.AddRange(aggregate.Inputs);
                if (aggregate.Filter is not null)
                {
                    all.Add(aggregate.Filter);
                }
            }

            return all;
        }
    }

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _output.Clear();
        _next = 0;
        _input.Open(context);
        try
        {
            if (_groupBy.Count == 0)
            {
                Group group = NewGroup([]);
                bool any = false;
                while (_input.Next(context))
                {
                    context.CheckCancellation();
                    any = true;
                    Step(context, group);
                }

                _output.Add(group.Finish(any));
            }
            else
            {
                GroupAll(context);
            }
        }
        finally
        {
            _input.Close(context);
        }
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= _output.Count)
        {
            return false;
        }

        SqlValue[] row = _output[_next];
        _output[_next++] = null!;
        for (int i = 0; i < _aggregates.Count; i++)
        {
            Scalar.ValueLimits.Check(row[i], context.MaxLength);
        }

        Array.Copy(row, 0, context.Slots[_aggregateSlot], 0, _aggregates.Count);
        Array.Copy(row, _aggregates.Count, context.Slots[_captureSlot], 0, _captures.Count);
        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _output.Clear();
        _input.Close(context);
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("Aggregate");
        if (_groupBy.Count > 0)
        {
            builder.Append(" GROUP BY ");
            for (int i = 0; i < _groupBy.Count; i++)
            {
                if (i > 0)
                {
                    builder.Append(", ");
                }

                _groupBy[i].Format(builder);
            }
        }

        for (int i = 0; i < _aggregates.Count; i++)
        {
            builder.Append(i == 0 ? " COMPUTE " : ", ");
            _aggregates[i].Format(builder);
        }

        return builder.ToString();
    }

    private void GroupAll(ExecutionContext context)
    {
        int width = _groupBy.Count;
        var comparer = new RowComparer(width, CollationRules.ForKeys(_groupBy, width));
        IDictionary<SqlValue[], Group> groups = comparer.NewMap<Group>();
        var key = new SqlValue[width];
        while (_input.Next(context))
        {
            context.CheckCancellation();
            for (int i = 0; i < width; i++)
            {
                key[i] = _groupBy[i].Evaluate(context);
            }

            if (!groups.TryGetValue(key, out Group? group))
            {
                SqlValue[] stored = (SqlValue[])key.Clone();
                group = NewGroup(stored);
                groups.Add(stored, group);
            }

            Step(context, group);
        }

        // An ordered map (user collations) is in key order already.
        var ordered = new List<Group>(groups.Values);
        if (comparer.CanHash)
        {
            ordered.Sort((a, b) => comparer.Compare(a.Key, b.Key));
        }
        foreach (Group group in ordered)
        {
            _output.Add(group.Finish(true));
        }
    }

    private Group NewGroup(SqlValue[] key)
    {
        var accumulators = new AggregateAccumulator[_aggregates.Count];
        for (int i = 0; i < accumulators.Length; i++)
        {
            accumulators[i] = _aggregates[i].CreateAccumulator();
            accumulators[i].Reset();
        }

        return new Group(key, accumulators, new SqlValue[_captures.Count]);
    }

    private void Step(ExecutionContext context, Group group)
    {
        bool capture = !group.HasCaptures;
        for (int i = 0; i < _aggregates.Count; i++)
        {
            if (_aggregates[i].Filter is { } filter && filter.EvaluateTruth(context) != true)
            {
                continue;
            }

            SqlValue[] arguments = _argumentBuffers[i];
            IReadOnlyList<Expr> expressions = _aggregates[i].Inputs;
            for (int j = 0; j < arguments.Length; j++)
            {
                arguments[j] = expressions[j].Evaluate(context);
            }

            group.Accumulators[i].Step(arguments);
            capture |= i == _extreme && group.Accumulators[i] is MinMaxAccumulator { Improved: true };
        }

        if (capture)
        {
            group.HasCaptures = true;
            for (int i = 0; i < _captures.Count; i++)
            {
                group.Captured[i] = _captures[i].Evaluate(context);
            }
        }
    }

    // The one min() or max() whose row gives the bare columns, or -1 when there is none or more than one.
    private static int SoleExtreme(IReadOnlyList<AggregateSpec> aggregates)
    {
        int found = -1;
        for (int i = 0; i < aggregates.Count; i++)
        {
            AggregateSpec aggregate = aggregates[i];
            if (aggregate.Arguments.Count == 1 && aggregate.OrderBy.Count == 0 && aggregate.Name is "min" or "max")
            {
                if (found >= 0)
                {
                    return -1;
                }

                found = i;
            }
        }

        return found;
    }

    private sealed class Group(SqlValue[] key, AggregateAccumulator[] accumulators, SqlValue[] captured)
    {
        public SqlValue[] Key { get; } = key;

        public bool HasCaptures { get; set; }

        public AggregateAccumulator[] Accumulators { get; } = accumulators;

        public SqlValue[] Captured { get; } = captured;

        public SqlValue[] Finish(bool any)
        {
            var row = new SqlValue[Accumulators.Length + Captured.Length];
            for (int i = 0; i < Accumulators.Length; i++)
            {
                row[i] = Accumulators[i].Result();
            }

            if (any)
            {
                Captured.CopyTo(row, Accumulators.Length);
            }

            return row;
        }
    }
}
