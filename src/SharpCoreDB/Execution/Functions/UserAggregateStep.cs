using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Functions;

/// <summary>One step of an aggregate registered from C#: converts the row's arguments and folds them into the
/// accumulator.</summary>
/// <typeparam name="TAccumulate">The accumulator type.</typeparam>
/// <param name="accumulate">The accumulator so far.</param>
/// <param name="arguments">The row's evaluated arguments.</param>
/// <returns>The new accumulator.</returns>
internal delegate TAccumulate UserAggregateStep<TAccumulate>(TAccumulate accumulate, ReadOnlySpan<SqlValue> arguments);
