using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The running state of one aggregate over one group. Created once per aggregate call by
/// <see cref="AggregateFunctions.Create"/> and reused across groups through <see cref="Reset"/>, so grouping does
/// not allocate per group.
/// </summary>
internal abstract class AggregateAccumulator
{
    /// <summary>Feeds one row's evaluated arguments.</summary>
    /// <param name="arguments">The arguments (empty for count(*)).</param>
    public abstract void Step(ReadOnlySpan<SqlValue> arguments);

    /// <summary>The aggregate's value over the rows fed since the last reset.</summary>
    /// <returns>The result.</returns>
    /// <exception cref="SharpCoreDBException">sum() of integers overflowed.</exception>
    public abstract SqlValue Result();

    /// <summary>Forgets every row, ready for the next group.</summary>
    public abstract void Reset();
}
