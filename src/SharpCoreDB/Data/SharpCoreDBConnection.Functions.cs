using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Records;

namespace SharpCoreDB;

/// <content>
/// Functions and aggregates from C#, with Microsoft.Data.Sqlite's API: <c>CreateFunction</c> and <c>CreateAggregate</c>
/// for 0 to 16 arguments (15 beside a state or accumulator), or any number through <c>object?[]</c>. A function is
/// registered on the open database, so every connection to it sees the function; the connection also keeps what it
/// registered and registers it again each time it opens (so registering before <see cref="Open"/> works, as in
/// Microsoft.Data.Sqlite). Passing null removes the function of that name and argument count; as in SQLite, the
/// removed entry still hides a built-in function of that name and count (a call fails with "no such function").
/// </content>
public sealed partial class SharpCoreDBConnection
{
    // What this connection registered (removals included), replayed on each Open.
    private Dictionary<(string Name, int Arity), UserFunction>? _functions;

    /// <summary>
    /// Creates or redefines a function of any number of arguments; the arguments arrive as the objects a data reader's
    /// <c>GetValue</c> returns, except that NULL arrives as null (not <see cref="DBNull.Value"/>), as in
    /// Microsoft.Data.Sqlite. A function with a fixed argument count of the same
    /// name takes precedence for calls with that count.
    /// </summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results (required in index
    /// expressions, partial index WHERE clauses and generated columns, as in SQLite).</param>
    public void CreateFunction<TResult>(string name, Func<object?[], TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, UserFunction.AnyArity, function is null ? null : args => FunctionValues.Result(function(FunctionValues.Objects(args))), isDeterministic);

    /// <summary>Creates or redefines a function of any number of arguments that is passed <paramref name="state"/>.</summary>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="state">Passed to every call.</param>
    /// <param name="function">The function, or null to remove it.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateFunction<TState, TResult>(string name, TState state, Func<TState, object?[], TResult>? function, bool isDeterministic = false) =>
        CreateFunctionCore(name, UserFunction.AnyArity, function is null ? null : args => FunctionValues.Result(function(state, FunctionValues.Objects(args))), isDeterministic);

    /// <summary>Creates or redefines an aggregate of any number of arguments, seeded with default(TAccumulate).</summary>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="func">Folds one row's arguments into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<TAccumulate>(string name, Func<TAccumulate?, object?[], TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregateCore(name, UserFunction.AnyArity, default(TAccumulate), func is null ? null : (acc, args) => func(acc, FunctionValues.Objects(args)), static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of any number of arguments.</summary>
    /// <typeparam name="TAccumulate">The accumulator type, also the result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row's arguments into the accumulator, or null to remove the aggregate.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<TAccumulate>(string name, TAccumulate seed, Func<TAccumulate, object?[], TAccumulate>? func, bool isDeterministic = false) =>
        CreateAggregate(name, seed, func, static a => a, isDeterministic);

    /// <summary>Creates or redefines an aggregate of any number of arguments with a result selector.</summary>
    /// <typeparam name="TAccumulate">The accumulator type.</typeparam>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="name">The SQL name (case-insensitive).</param>
    /// <param name="seed">The accumulator of each group before its first row.</param>
    /// <param name="func">Folds one row's arguments into the accumulator, or null to remove the aggregate.</param>
    /// <param name="resultSelector">The group's result from its accumulator.</param>
    /// <param name="isDeterministic">Whether equal arguments always give equal results.</param>
    public void CreateAggregate<TAccumulate, TResult>(string name, TAccumulate seed, Func<TAccumulate, object?[], TAccumulate>? func, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic = false) =>
        CreateAggregateCore(name, UserFunction.AnyArity, seed, func is null ? null : (acc, args) => func(acc, FunctionValues.Objects(args)), resultSelector, isDeterministic);

    /// <summary>Registers the functions this connection registered before, on the database just opened.</summary>
    /// <param name="database">The database.</param>
    private void RegisterFunctions(Engine.Database database)
    {
        if (_functions is null)
        {
            return;
        }

        foreach (UserFunction function in _functions.Values)
        {
            database.SetFunction(function);
        }
    }

    private void CreateFunctionCore(string name, int arity, UserFunctionBody? body, bool isDeterministic)
    {
        ArgumentNullException.ThrowIfNull(name);
        Register(body is null ? UserFunction.ForRemoved(name, arity) : UserFunction.ForScalar(name, arity, body, isDeterministic));
    }

    private void CreateAggregateCore<TAccumulate, TResult>(
        string name, int arity, TAccumulate seed, UserAggregateStep<TAccumulate>? step, Func<TAccumulate, TResult>? resultSelector, bool isDeterministic)
    {
        ArgumentNullException.ThrowIfNull(name);
        if (step is null || resultSelector is null)
        {
            Register(UserFunction.ForRemoved(name, arity));
            return;
        }

        Func<TAccumulate, SqlValue> result = acc => FunctionValues.Result(resultSelector(acc));
        Register(UserFunction.ForAggregate(name, arity, () => new UserAggregateAccumulator<TAccumulate>(seed, step, result), isDeterministic));
    }

    private void Register(UserFunction function)
    {
        (_functions ??= new(FunctionKeyComparer.Instance))[(function.Name, function.Arity)] = function;
        _database?.SetFunction(function);
    }
}
