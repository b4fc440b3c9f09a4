using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Functions;

/// <summary>
/// The state of one use of an aggregate registered from C# (<c>CreateAggregate</c>): the accumulator starts at the
/// seed for each group, each row folds into it, and the result selector turns it into the group's value.
/// </summary>
/// <typeparam name="TAccumulate">The application's accumulator type (a value type is kept unboxed).</typeparam>
internal sealed class UserAggregateAccumulator<TAccumulate> : AggregateAccumulator
{
    private readonly TAccumulate _seed;
    private readonly UserAggregateStep<TAccumulate> _step;
    private readonly Func<TAccumulate, SqlValue> _result;
    private TAccumulate _accumulate;

    /// <summary>Creates the state of one aggregate call.</summary>
    /// <param name="seed">The accumulator of a group with no rows yet.</param>
    /// <param name="step">Folds one row into the accumulator.</param>
    /// <param name="result">The group's value from its accumulator.</param>
    public UserAggregateAccumulator(TAccumulate seed, UserAggregateStep<TAccumulate> step, Func<TAccumulate, SqlValue> result)
    {
        _seed = seed;
        _step = step;
        _result = result;
        _accumulate = seed;
    }

    /// <inheritdoc />
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        try
        {
            _accumulate = _step(_accumulate, arguments);
        }
        catch (Exception e)
        {
            throw UserFunctionErrors.Wrap(e);
        }
    }

    /// <inheritdoc />
    public override SqlValue Result()
    {
        try
        {
            return _result(_accumulate);
        }
        catch (Exception e)
        {
            throw UserFunctionErrors.Wrap(e);
        }
    }

    /// <inheritdoc />
    public override void Reset() => _accumulate = _seed;
}
