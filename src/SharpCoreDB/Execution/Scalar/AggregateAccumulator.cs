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

    /// <summary>
    /// True when <see cref="Inverse"/> can take a row back out (SQLite's <c>xInverse</c>). A window over a moving frame
    /// then feeds rows as they enter and take them out as they leave, as SQLite does, instead of summing each frame
    /// again; which matters where the result depends on the history (sum() stays REAL after a REAL left).
    /// </summary>
    public virtual bool CanInverse => false;

    /// <summary>Takes back one row fed earlier by <see cref="Step"/> (only when <see cref="CanInverse"/>).</summary>
    /// <param name="arguments">The arguments the row was fed with.</param>
    /// <exception cref="NotSupportedException">The aggregate has no inverse.</exception>
    public virtual void Inverse(ReadOnlySpan<SqlValue> arguments) =>
        throw new NotSupportedException("this aggregate has no inverse");
}
