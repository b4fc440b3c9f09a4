using SharpCoreDB.Execution.Scalar;

namespace SharpCoreDB.Execution.Functions;

/// <summary>
/// A function registered from C# (<c>CreateFunction</c> or <c>CreateAggregate</c>) under one name and argument count:
/// either a scalar function or an aggregate. Immutable; registering again replaces the whole entry in the database's
/// <see cref="UserFunctionSet"/>, so a plan bound against the old entry is never reused (see the statement cache).
/// </summary>
internal sealed class UserFunction
{
    private readonly Func<AggregateAccumulator>? _createAccumulator;

    private UserFunction(string name, int arity, bool deterministic, ScalarFunction? scalar, Func<AggregateAccumulator>? createAccumulator)
    {
        Name = name;
        Arity = arity;
        IsDeterministic = deterministic;
        Scalar = scalar;
        _createAccumulator = createAccumulator;
    }

    /// <summary>The argument count meaning "any number" (SQLite's -1).</summary>
    public const int AnyArity = -1;

    /// <summary>The name as registered.</summary>
    public string Name { get; }

    /// <summary>The number of arguments, or <see cref="AnyArity"/>.</summary>
    public int Arity { get; }

    /// <summary>Whether the application declared that equal arguments always give equal results.</summary>
    public bool IsDeterministic { get; }

    /// <summary>The scalar function, or null for an aggregate.</summary>
    public ScalarFunction? Scalar { get; }

    /// <summary>Whether this is an aggregate.</summary>
    public bool IsAggregate => _createAccumulator is not null;

    /// <summary>
    /// Whether this entry marks a removed function. SQLite keeps a removed function's entry without an implementation,
    /// and the entry still hides a built-in of the same name and argument count: a call then fails with "no such
    /// function" (removing a <c>upper(x)</c> override does not bring the built-in back).
    /// </summary>
    public bool IsRemoved => Scalar is null && _createAccumulator is null;

    /// <summary>A scalar function.</summary>
    /// <param name="name">The name.</param>
    /// <param name="arity">The argument count, or <see cref="AnyArity"/>.</param>
    /// <param name="body">The converting call of the application's delegate.</param>
    /// <param name="deterministic">Whether it is deterministic.</param>
    /// <returns>The entry.</returns>
    public static UserFunction ForScalar(string name, int arity, UserFunctionBody body, bool deterministic) =>
        new(name, arity, deterministic, new ScalarFunction(name, arity, body, deterministic), null);

    /// <summary>The entry of a removed function (see <see cref="IsRemoved"/>).</summary>
    /// <param name="name">The name.</param>
    /// <param name="arity">The argument count, or <see cref="AnyArity"/>.</param>
    /// <returns>The entry.</returns>
    public static UserFunction ForRemoved(string name, int arity) => new(name, arity, deterministic: false, null, null);

    /// <summary>An aggregate.</summary>
    /// <param name="name">The name.</param>
    /// <param name="arity">The argument count, or <see cref="AnyArity"/>.</param>
    /// <param name="createAccumulator">Creates the state of one use of the aggregate in a query.</param>
    /// <param name="deterministic">Whether it is deterministic.</param>
    /// <returns>The entry.</returns>
    public static UserFunction ForAggregate(string name, int arity, Func<AggregateAccumulator> createAccumulator, bool deterministic) =>
        new(name, arity, deterministic, null, createAccumulator);

    /// <summary>A fresh accumulator for one aggregate call of a query.</summary>
    /// <returns>The accumulator.</returns>
    /// <exception cref="InvalidOperationException">This is a scalar function.</exception>
    public AggregateAccumulator CreateAccumulator() =>
        _createAccumulator is { } create ? create() : throw new InvalidOperationException($"{Name}() is not an aggregate.");
}
