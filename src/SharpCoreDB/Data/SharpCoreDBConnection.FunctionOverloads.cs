using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB;

// One overload per argument count, as Microsoft.Data.Sqlite has them; each converts its arguments with
// FunctionValues.Argument<T> (no boxing for value types) and hands the engine one UserFunctionBody.

/// <content>CreateFunction for a fixed number of arguments, with or without a state.</content>
public sealed partial class SharpCoreDBConnection
{
    /// <summary>Creates or redefines a function of 0 arguments.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<TResult>(string name, Func<TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 0, function is null ? null : args => FunctionValues.Result(function()), isDeterministic);

    /// <summary>Creates or redefines a function of 1 argument.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, TResult>(string name, Func<T1, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 1, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0))), isDeterministic);

    /// <summary>Creates or redefines a function of 2 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, TResult>(string name, Func<T1, T2, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 2, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1))), isDeterministic);

    /// <summary>Creates or redefines a function of 3 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, TResult>(string name, Func<T1, T2, T3, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 3, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2))), isDeterministic);

    /// <summary>Creates or redefines a function of 4 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, TResult>(string name, Func<T1, T2, T3, T4, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 4, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3))), isDeterministic);

    /// <summary>Creates or redefines a function of 5 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, TResult>(string name, Func<T1, T2, T3, T4, T5, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 5, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4))), isDeterministic);

    /// <summary>Creates or redefines a function of 6 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 6, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5))), isDeterministic);

    /// <summary>Creates or redefines a function of 7 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 7, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6))), isDeterministic);

    /// <summary>Creates or redefines a function of 8 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 8, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7))), isDeterministic);

    /// <summary>Creates or redefines a function of 9 arguments.</summary>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 9, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8))), isDeterministic);

    /// <summary>Creates or redefines a function of 10 arguments.</summary>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 10, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9))), isDeterministic);

    /// <summary>Creates or redefines a function of 11 arguments.</summary>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 11, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10))), isDeterministic);

    /// <summary>Creates or redefines a function of 12 arguments.</summary>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 12, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11))), isDeterministic);

    /// <summary>Creates or redefines a function of 13 arguments.</summary>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 13, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12))), isDeterministic);

    /// <summary>Creates or redefines a function of 14 arguments.</summary>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 14, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13))), isDeterministic);

    /// <summary>Creates or redefines a function of 15 arguments.</summary>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 15, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13), FunctionValues.Argument<T15>(args, 14))), isDeterministic);

    /// <summary>Creates or redefines a function of 16 arguments.</summary>
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
    /// <typeparam name="T16">The type of argument 16.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, TResult>(string name, Func<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 16, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13), FunctionValues.Argument<T15>(args, 14), FunctionValues.Argument<T16>(args, 15))), isDeterministic);

    /// <summary>Creates or redefines a function of 0 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, TResult>(string name, TState state, Func<TState, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 0, function is null ? null : args => FunctionValues.Result(function(state)), isDeterministic);

    /// <summary>Creates or redefines a function of 1 argument that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, TResult>(string name, TState state, Func<TState, T1, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 1, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0))), isDeterministic);

    /// <summary>Creates or redefines a function of 2 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, TResult>(string name, TState state, Func<TState, T1, T2, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 2, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1))), isDeterministic);

    /// <summary>Creates or redefines a function of 3 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, TResult>(string name, TState state, Func<TState, T1, T2, T3, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 3, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2))), isDeterministic);

    /// <summary>Creates or redefines a function of 4 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 4, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3))), isDeterministic);

    /// <summary>Creates or redefines a function of 5 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 5, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4))), isDeterministic);

    /// <summary>Creates or redefines a function of 6 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 6, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5))), isDeterministic);

    /// <summary>Creates or redefines a function of 7 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 7, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6))), isDeterministic);

    /// <summary>Creates or redefines a function of 8 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 8, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7))), isDeterministic);

    /// <summary>Creates or redefines a function of 9 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="T1">The type of argument 1.</typeparam>
    /// <typeparam name="T2">The type of argument 2.</typeparam>
    /// <typeparam name="T3">The type of argument 3.</typeparam>
    /// <typeparam name="T4">The type of argument 4.</typeparam>
    /// <typeparam name="T5">The type of argument 5.</typeparam>
    /// <typeparam name="T6">The type of argument 6.</typeparam>
    /// <typeparam name="T7">The type of argument 7.</typeparam>
    /// <typeparam name="T8">The type of argument 8.</typeparam>
    /// <typeparam name="T9">The type of argument 9.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 9, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8))), isDeterministic);

    /// <summary>Creates or redefines a function of 10 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 10, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9))), isDeterministic);

    /// <summary>Creates or redefines a function of 11 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 11, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10))), isDeterministic);

    /// <summary>Creates or redefines a function of 12 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 12, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11))), isDeterministic);

    /// <summary>Creates or redefines a function of 13 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 13, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12))), isDeterministic);

    /// <summary>Creates or redefines a function of 14 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 14, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13))), isDeterministic);

    /// <summary>Creates or redefines a function of 15 arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
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
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TResult>(string name, TState state, Func<TState, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, 15, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Argument<T1>(args, 0), FunctionValues.Argument<T2>(args, 1), FunctionValues.Argument<T3>(args, 2), FunctionValues.Argument<T4>(args, 3), FunctionValues.Argument<T5>(args, 4), FunctionValues.Argument<T6>(args, 5), FunctionValues.Argument<T7>(args, 6), FunctionValues.Argument<T8>(args, 7), FunctionValues.Argument<T9>(args, 8), FunctionValues.Argument<T10>(args, 9), FunctionValues.Argument<T11>(args, 10), FunctionValues.Argument<T12>(args, 11), FunctionValues.Argument<T13>(args, 12), FunctionValues.Argument<T14>(args, 13), FunctionValues.Argument<T15>(args, 14))), isDeterministic);
}
