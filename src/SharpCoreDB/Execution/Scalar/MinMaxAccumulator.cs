using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The aggregate <c>min(x)</c> or <c>max(x)</c>: the least or greatest non-NULL value in SQLite's order
/// (<see cref="SqlValueComparer"/>); on ties the first value seen is kept; NULL when there is none.
/// </summary>
internal sealed class MinMaxAccumulator : AggregateAccumulator
{
    private readonly bool _max;
    private readonly Collation? _collation;
    private SqlValue _best;

    /// <summary>True when the last <see cref="Step"/> took a new least or greatest value (SQLite then takes a query's
    /// bare columns from that row).</summary>
    public bool Improved { get; private set; }

    /// <summary>Creates a min or max accumulator.</summary>
    /// <param name="max">True for max, false for min.</param>
    /// <param name="collation">The collation TEXT is ordered by, null for BINARY.</param>
    public MinMaxAccumulator(bool max, Collation? collation = null)
    {
        _max = max;
        _collation = collation;
    }

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        SqlValue value = arguments[0];
        Improved = false;
        if (value.IsNull)
        {
            return;
        }

        if (_best.IsNull)
        {
            _best = value;
            Improved = true;
            return;
        }

        int order = SqlValueComparer.CompareValues(_best, value, _collation);
        if (_max ? order < 0 : order > 0)
        {
            _best = value;
            Improved = true;
        }
    }

    /// <inheritdoc/>
    public override SqlValue Result() => _best;

    /// <inheritdoc/>
    public override void Reset()
    {
        _best = SqlValue.Null;
        Improved = false;
    }
}
