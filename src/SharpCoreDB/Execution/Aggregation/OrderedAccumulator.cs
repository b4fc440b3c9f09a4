using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Aggregation;

/// <summary>
/// An aggregate with its own <c>ORDER BY</c> (<c>group_concat(x ORDER BY y)</c>, as in SQLite 3.44): buffers each
/// row's arguments and sort keys, and at the end feeds the arguments to the real aggregate in key order (rows with
/// equal keys in input order).
/// </summary>
/// <param name="inner">The aggregate that receives the sorted rows (DISTINCT already applied inside it).</param>
/// <param name="argumentCount">How many of each buffered row's values are arguments; the rest are sort keys.</param>
/// <param name="keys">The sort keys, as columns of the buffered rows.</param>
internal sealed class OrderedAccumulator(AggregateAccumulator inner, int argumentCount, SortKey[] keys) : AggregateAccumulator
{
    private readonly List<SqlValue[]> _rows = [];

    /// <inheritdoc />
    public override void Step(ReadOnlySpan<SqlValue> arguments) => _rows.Add(arguments.ToArray());

    /// <inheritdoc />
    public override SqlValue Result()
    {
        // Stable: equal keys keep their input order (an index breaks ties).
        var order = new int[_rows.Count];
        for (int i = 0; i < order.Length; i++)
        {
            order[i] = i;
        }

        Array.Sort(order, (a, b) =>
        {
            int byKeys = SortKey.Compare(keys, _rows[a], _rows[b]);
            return byKeys != 0 ? byKeys : a.CompareTo(b);
        });
        inner.Reset();
        foreach (int i in order)
        {
            inner.Step(_rows[i].AsSpan(0, argumentCount));
        }

        return inner.Result();
    }

    /// <inheritdoc />
    public override void Reset()
    {
        _rows.Clear();
        inner.Reset();
    }
}
