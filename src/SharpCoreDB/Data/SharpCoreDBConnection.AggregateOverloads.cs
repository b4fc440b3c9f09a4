using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB;

// One overload per argument count, as Microsoft.Data.Sqlite has them; each converts the row's arguments with
// FunctionValues.Argument<T> (no boxing for value types) and hands the engine one UserAggregateStep.

/// <content>CreateAggregate for a fixed number of arguments: without a seed, with one, and with a result selector.</content>
public sealed partial class SharpCoreDBConnection
{
    /// <summary>Creates or redefines an aggregate of 0 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<TAccumulate>(string name, Func<TAccumulate?, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 0, default(TAccumulate), func is null ? null : (acc, args) => func(acc), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 0 arguments.</summary>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 0, seed, func is null ? null : (acc, args) => func(acc), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 0 arguments with a result selector.</summary>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 0, seed, func is null ? null : (acc, args) => func(acc), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 1 argument, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, TAccumulate>(string name, Func<TAccumulate?, T1, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 1, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 1 argument.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 1, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 1 argument with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 1, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 2 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, TAccumulate>(string name, Func<TAccumulate?, T1, T2, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 2, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 2 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 2, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 2 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 2, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 3 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 3, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 3 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 3, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 3 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 3, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 4 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 4, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 4 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 4, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 4 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 4, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 5 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 5, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 5 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 5, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 5 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 5, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 6 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 6, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 6 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 6, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 6 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 6, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 7 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 7, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 7 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 7, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 7 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 7, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 8 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 8, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 8 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 8, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 8 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 8, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 9 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, T9, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 9, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 9 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 9, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 9 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 9, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 10 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 10, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 10 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 10, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 10 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 10, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 11 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 11, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 11 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 11, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 11 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 11, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 12 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 12, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 12 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 12, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 12 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 12, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 13 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 13, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 13 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 13, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 13 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 13, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 14 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="T14">The type of argument 14.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 14, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 14 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="T14">The type of argument 14.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 14, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 14 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="T14">The type of argument 14.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 14, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13)), resultSelector, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 15 arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="T14">The type of argument 14.</typeparam>
    /// <typeparam name="T15">The type of argument 15.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TAccumulate>(string name, Func<TAccumulate?, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 15, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13), FunctionValues.Argument<T15>(args, 14)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 15 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="T14">The type of argument 14.</typeparam>
    /// <typeparam name="T15">The type of argument 15.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, 15, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13), FunctionValues.Argument<T15>(args, 14)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of 15 arguments with a result selector.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="T10">The type of argument 10.</typeparam>
    /// <typeparam name="T11">The type of argument 11.</typeparam>
    /// <typeparam name="T12">The type of argument 12.</typeparam>
    /// <typeparam name="T13">The type of argument 13.</typeparam>
    /// <typeparam name="T14">The type of argument 14.</typeparam>
    /// <typeparam name="T15">The type of argument 15.</typeparam>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, 15, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13), FunctionValues.Argument<T15>(args, 14)), resultSelector, isDeterministic);
}
