using System.Collections.Frozen;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The registry of scalar SQL functions, by case-insensitive name. Resolve a call once at bind time with
/// <see cref="Resolve"/>, then call <see cref="ScalarFunction.Invoke"/> per row. Functions whose arguments must be
/// evaluated lazily say so in <see cref="ScalarFunction.Lazy"/>: <c>coalesce</c>, <c>ifnull</c> (first non-NULL),
/// <c>iif</c> and <c>if</c> (conditional).
/// </summary>
internal static partial class ScalarFunctions
{
    private const int Any = int.MaxValue;

    private static readonly FrozenDictionary<string, ScalarFunction> s_functions = Build();

    /// <summary>Resolves a function call by name and argument count.</summary>
    /// <param name="name">The name as written (case-insensitive).</param>
    /// <param name="argumentCount">The number of arguments in the call.</param>
    /// <returns>The function.</returns>
    /// <exception cref="SharpCoreDBException">
    /// <see cref="SharpCoreDBErrorCode.Unsupported"/>: "no such function: name", "wrong number of arguments to
    /// function name()", or "misuse of aggregate function name()" for an aggregate call in a scalar context.
    /// </exception>
    public static ScalarFunction Resolve(string name, int argumentCount)
    {
        ArgumentNullException.ThrowIfNull(name);
        if (s_functions.TryGetValue(name, out ScalarFunction? function))
        {
            if (function.Accepts(argumentCount))
            {
                return function;
            }

            if (!AggregateFunctions.IsAggregate(name, argumentCount))
            {
                throw ExecutionErrors.WrongArgumentCount(name);
            }
        }

        if (AggregateFunctions.IsAggregate(name, argumentCount))
        {
            throw ExecutionErrors.MisuseOfAggregate(name);
        }

        if (function is not null || AggregateFunctions.IsAggregateName(name))
        {
            throw ExecutionErrors.WrongArgumentCount(name);
        }

        throw ExecutionErrors.NoSuchFunction(name);
    }

    /// <summary>Finds a scalar function by name and argument count without throwing.</summary>
    /// <param name="name">The name (case-insensitive).</param>
    /// <param name="argumentCount">The number of arguments.</param>
    /// <param name="function">The function, when found.</param>
    /// <returns>Whether a scalar function with that name accepts that many arguments.</returns>
    public static bool TryResolve(string name, int argumentCount, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ScalarFunction? function)
    {
        ArgumentNullException.ThrowIfNull(name);
        if (s_functions.TryGetValue(name, out function) && function.Accepts(argumentCount))
        {
            return true;
        }

        function = null;
        return false;
    }

    /// <summary>Whether a scalar function of that name exists (with any arity).</summary>
    /// <param name="name">The name (case-insensitive).</param>
    /// <returns>Whether it exists.</returns>
    public static bool Exists(string name) => s_functions.ContainsKey(name);

    /// <summary>Every registered scalar function (for tests that exercise them all).</summary>
    public static IEnumerable<ScalarFunction> All => s_functions.Values;

    private static FrozenDictionary<string, ScalarFunction> Build()
    {
        var all = new List<ScalarFunction>();
        AddText(all);
        AddNumeric(all);
        AddMath(all);
        AddMisc(all);
        AddDateTime(all);
        AddJson(all);
        AddJsonEdits(all);
        var map = new Dictionary<string, ScalarFunction>(StringComparer.OrdinalIgnoreCase);
        foreach (ScalarFunction function in all)
        {
            map.Add(function.Name, function);
        }

        return map.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);
    }
}
