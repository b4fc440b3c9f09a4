using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The aggregate <c>min(x)</c> or <c>max(x)</c>: the least or greatest non-NULL value in SQLite's order
/// (<see cref="SqlValueComparer"/>); on ties the first value seen is kept; NULL when there is none.
/// </summary>
internal sealed class MinMaxAccumulator : AggregateAccumulator
{
    private readonly bool _max;
    private SqlValue _best;

    /// <summary>Creates a min or max accumulator.</summary>
    /// <param name="max">True for max, false for min.</param>
    public MinMaxAccumulator(bool max)
    {
        _max = max;
    }

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        SqlValue value = arguments[0];
        if (value.IsNull)
        {
            return;
        }

        if (_best.IsNull)
        {
            _best = value;
            return;
        }

        int order = SqlValueComparer.CompareValues(_best, value);
        if (_max ? order < 0 : order > 0)
        {
            _best = value;
        }
    }

    /// <inheritdoc/>
    public override SqlValue Result() => _best;

    /// <inheritdoc/>
    public override void Reset() => _best = SqlValue.Null;
}
