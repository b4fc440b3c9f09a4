using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Engine;

/// <content>The functions registered from C# on this open database, shared by every connection to it.</content>
internal sealed partial class Database
{
    private readonly Lock _functionsLock = new();
    private UserFunctionSet _functions = UserFunctionSet.Empty;

    /// <summary>The functions registered now; statements bind against this snapshot.</summary>
    public UserFunctionSet Functions => Volatile.Read(ref _functions);

    /// <summary>Adds, replaces or (with null) removes the function of that name and argument count.</summary>
    /// <param name="name">The name.</param>
    /// <param name="arity">The argument count, or <see cref="UserFunction.AnyArity"/>.</param>
    /// <param name="function">The function, or null to remove it.</param>
    public void SetFunction(string name, int arity, UserFunction? function)
    {
        // Copy-on-write under a lock: two connections registering at once must not lose either registration, and
        // readers take the published set without locking.
        lock (_functionsLock)
        {
            UserFunctionSet next = function is null ? _functions.Without(name, arity) : _functions.With(function);
            Volatile.Write(ref _functions, next);
        }
    }
}
