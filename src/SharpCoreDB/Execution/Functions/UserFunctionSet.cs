using System.Collections.Immutable;

namespace SharpCoreDB.Execution.Functions;

/// <summary>
/// The functions registered from C# on one open database, as an immutable snapshot: a registration makes a new set,
/// so a statement bound against one set keeps seeing exactly it, and the statement cache can tell (by reference) that
/// a plan was bound before a function was added, replaced or removed.
/// </summary>
/// <remarks>
/// Lookup follows SQLite's <c>sqlite3FindFunction</c>: an entry with the exact argument count wins over one taking any
/// number, and any registered entry wins over a built-in function of the same name (so an application can override
/// <c>upper(x)</c> while <c>upper</c> with another argument count stays the built-in).
/// </remarks>
internal sealed class UserFunctionSet
{
    private readonly ImmutableDictionary<(string Name, int Arity), UserFunction> _functions;

    private UserFunctionSet(ImmutableDictionary<(string Name, int Arity), UserFunction> functions) => _functions = functions;

    /// <summary>No functions.</summary>
    public static UserFunctionSet Empty { get; } = new(ImmutableDictionary.Create<(string Name, int Arity), UserFunction>(FunctionKeyComparer.Instance));

    /// <summary>Whether no function is registered (binding then skips every lookup).</summary>
    public bool IsEmpty => _functions.IsEmpty;

    /// <summary>The set with <paramref name="function"/> added (or replacing the entry of the same name and arity);
    /// a removal adds a <see cref="UserFunction.IsRemoved"/> entry.</summary>
    /// <param name="function">The function.</param>
    /// <returns>The new set.</returns>
    public UserFunctionSet With(UserFunction function)
    {
        ArgumentNullException.ThrowIfNull(function);
        return new(_functions.SetItem((function.Name, function.Arity), function));
    }

    /// <summary>The registered function a call of <paramref name="name"/> with that many arguments resolves to.</summary>
    /// <param name="name">The name as written (case-insensitive).</param>
    /// <param name="argumentCount">The number of arguments in the call.</param>
    /// <param name="function">The function, when found.</param>
    /// <returns>Whether a registered function takes the call.</returns>
    public bool TryFind(string name, int argumentCount, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out UserFunction? function)
    {
        if (_functions.IsEmpty)
        {
            function = null;
            return false;
        }

        return _functions.TryGetValue((name, argumentCount), out function)
            || _functions.TryGetValue((name, UserFunction.AnyArity), out function);
    }
}
