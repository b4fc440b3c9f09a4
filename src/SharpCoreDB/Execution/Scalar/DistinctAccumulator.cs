using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// <c>aggregate(DISTINCT x)</c>: feeds the inner aggregate only the first occurrence of each value, with SQLite's
/// equality (<see cref="SqlValueComparer"/>: 1 and 1.0 are the same value, '1' is another).
/// </summary>
internal sealed class DistinctAccumulator : AggregateAccumulator
{
    private readonly AggregateAccumulator _inner;
    private readonly ISet<SqlValue> _seen;

    /// <summary>Wraps an aggregate.</summary>
    /// <param name="inner">The aggregate fed with distinct values.</param>
    /// <param name="collation">The collation that tells TEXT values apart, null for BINARY.</param>
    public DistinctAccumulator(AggregateAccumulator inner, Collation? collation = null)
    {
        ArgumentNullException.ThrowIfNull(inner);
        _inner = inner;
        _seen = SqlValueComparer.For(collation).NewSet();
    }

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        // NULLs are ignored by every aggregate that accepts DISTINCT, so they need no set entry.
        if (arguments[0].IsNull || _seen.Add(arguments[0]))
        {
            _inner.Step(arguments);
        }
    }

    /// <inheritdoc/>
    public override SqlValue Result() => _inner.Result();

    /// <inheritdoc/>
    public override void Reset()
    {
        _seen.Clear();
        _inner.Reset();
    }
}
