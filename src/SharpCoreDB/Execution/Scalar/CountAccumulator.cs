using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary><c>count(*)</c> (every row) or <c>count(x)</c> (rows where x is not NULL).</summary>
internal sealed class CountAccumulator : AggregateAccumulator
{
    private readonly bool _countRows;
    private long _count;

    /// <summary>Creates a counter.</summary>
    /// <param name="countRows">True for count(*), false for count(x).</param>
    public CountAccumulator(bool countRows)
    {
        _countRows = countRows;
    }

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        if (_countRows || !arguments[0].IsNull)
        {
            _count++;
        }
    }

    /// <inheritdoc/>
    public override SqlValue Result() => SqlValue.FromInt64(_count);

    /// <inheritdoc/>
    public override void Reset() => _count = 0;
}
