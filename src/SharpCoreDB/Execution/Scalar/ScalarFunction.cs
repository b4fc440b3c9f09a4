using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>A scalar SQL function resolved by name and argument count (<see cref="ScalarFunctions.Resolve"/>).</summary>
internal sealed class ScalarFunction
{
    private readonly ScalarFunctionBody? _body;
    private readonly CancellableScalarFunctionBody? _cancellableBody;
    private readonly UserFunctionBody? _userBody;
    private readonly CollatedScalarFunctionBody? _collatedBody;

    /// <summary>Creates a function descriptor.</summary>
    /// <param name="name">The canonical (lower-case) name.</param>
    /// <param name="minArguments">The fewest arguments.</param>
    /// <param name="maxArguments">The most arguments (<see cref="int.MaxValue"/> for any number).</param>
    /// <param name="body">The implementation.</param>
    /// <param name="lazy">How arguments must be evaluated.</param>
    /// <param name="deterministic">Whether equal arguments always give equal results (false for random()).</param>
    public ScalarFunction(string name, int minArguments, int maxArguments, ScalarFunctionBody body, LazyEvaluation lazy = LazyEvaluation.None, bool deterministic = true)
    {
        Name = name;
        MinArguments = minArguments;
        MaxArguments = maxArguments;
        _body = body;
        Lazy = lazy;
        IsDeterministic = deterministic;
    }

    /// <summary>Creates a deterministic function whose body checks the statement's cancellation token.</summary>
    /// <param name="name">The canonical (lower-case) name.</param>
    /// <param name="minArguments">The fewest arguments.</param>
    /// <param name="maxArguments">The most arguments.</param>
    /// <param name="body">The implementation.</param>
    public ScalarFunction(string name, int minArguments, int maxArguments, CancellableScalarFunctionBody body)
    {
        Name = name;
        MinArguments = minArguments;
        MaxArguments = maxArguments;
        _cancellableBody = body;
        IsDeterministic = true;
    }

    // A factory rather than a public constructor: an overload taking this delegate would make every two-parameter
    // lambda elsewhere ambiguous.
    private ScalarFunction(string name, int minArguments, int maxArguments, CollatedScalarFunctionBody body)
    {
        Name = name;
        MinArguments = minArguments;
        MaxArguments = maxArguments;
        _collatedBody = body;
        IsDeterministic = true;
    }

    /// <summary>Creates a deterministic function that compares its arguments under the call's collation.</summary>
    /// <param name="name">The canonical (lower-case) name.</param>
    /// <param name="minArguments">The fewest arguments.</param>
    /// <param name="maxArguments">The most arguments.</param>
    /// <param name="body">The implementation.</param>
    /// <returns>The function.</returns>
    public static ScalarFunction Collated(string name, int minArguments, int maxArguments, CollatedScalarFunctionBody body) =>
        new(name, minArguments, maxArguments, body);

    /// <summary>Creates a function registered from C# (<c>CreateFunction</c>): exceptions its code throws surface as
    /// <see cref="SharpCoreDBErrorCode.FunctionError"/>.</summary>
    /// <param name="name">The name as registered.</param>
    /// <param name="arity">The argument count, or <see cref="UserFunction.AnyArity"/> for any number.</param>
    /// <param name="body">The converting call of the application's delegate.</param>
    /// <param name="deterministic">Whether the application declared it deterministic.</param>
    public ScalarFunction(string name, int arity, UserFunctionBody body, bool deterministic)
    {
        Name = name;
        MinArguments = arity == UserFunction.AnyArity ? 0 : arity;
        MaxArguments = arity == UserFunction.AnyArity ? int.MaxValue : arity;
        _userBody = body;
        IsDeterministic = deterministic;
    }

    /// <summary>The canonical (lower-case) name.</summary>
    public string Name { get; }

    /// <summary>The fewest arguments accepted.</summary>
    public int MinArguments { get; }

    /// <summary>The most arguments accepted (<see cref="int.MaxValue"/> when unbounded).</summary>
    public int MaxArguments { get; }

    /// <summary>Whether the executor must evaluate the arguments lazily, and how.</summary>
    public LazyEvaluation Lazy { get; }

    /// <summary>Whether the result depends only on the arguments (constant folding is allowed).</summary>
    public bool IsDeterministic { get; }

    /// <summary>
    /// Whether the function is not deterministic only because it can read the clock ('now' in the date and time
    /// functions): SQLite allows those in index expressions and generated columns and refuses only a call that
    /// actually reads the clock there (see <c>Binding.Determinism</c>).
    /// </summary>
    public bool ReadsClockOnly { get; init; }

    /// <summary>
    /// Whether TEXT arguments compare under the call's collation (SQLite's SQLITE_FUNC_NEEDCOLL: scalar min(), max(),
    /// nullif()); the binder then gives the call <see cref="CollationRules.ForFunctionCall"/>.
    /// </summary>
    public bool NeedsCollation => _collatedBody is not null;

    /// <summary>Whether a call can run long enough to need the statement's cancellation token (never folded at plan time).</summary>
    public bool IsCancellable => _cancellableBody is not null;

    /// <summary>Whether the function accepts that many arguments.</summary>
    /// <param name="argumentCount">The number of arguments.</param>
    /// <returns>Whether the arity fits.</returns>
    public bool Accepts(int argumentCount) => argumentCount >= MinArguments && argumentCount <= MaxArguments;

    /// <summary>Calls the function on evaluated arguments.</summary>
    /// <param name="arguments">The arguments; their count must be accepted by <see cref="Accepts"/>.</param>
    /// <param name="random">The random source for random()/randomblob(); <see cref="Random.Shared"/> when null.</param>
    /// <param name="collation">The call's collation when <see cref="NeedsCollation"/>, null for BINARY.</param>
    /// <param name="cancellationToken">The statement's token, for functions whose work can grow without bound.</param>
    /// <returns>The result.</returns>
    /// <exception cref="ArgumentException">The argument count does not fit the function.</exception>
    /// <exception cref="SharpCoreDBException">The function rejects its input (for example abs() of the smallest integer),
    /// or the code of a function registered from C# threw (<see cref="SharpCoreDBErrorCode.FunctionError"/>).</exception>
    public SqlValue Invoke(ReadOnlySpan<SqlValue> arguments, Random? random = null, Collation? collation = null, CancellationToken cancellationToken = default)
    {
        if (!Accepts(arguments.Length))
        {
            throw new ArgumentException($"{Name}() takes {MinArguments}..{MaxArguments} arguments, not {arguments.Length}; resolve the call with ScalarFunctions.Resolve first.", nameof(arguments));
        }

        if (_userBody is not null)
        {
            try
            {
                return _userBody(arguments);
            }
            catch (Exception e)
            {
                throw UserFunctionErrors.Wrap(e);
            }
        }

        if (_collatedBody is not null)
        {
            return _collatedBody(arguments, collation);
        }

        return _cancellableBody is not null
            ? _cancellableBody(arguments, cancellationToken)
            : _body!(arguments, random ?? Random.Shared);
    }
}
