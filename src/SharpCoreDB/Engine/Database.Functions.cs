using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Engine;

/// <content>The functions registered from C# on this open database, shared by every connection to it.</content>
internal sealed partial class Database
{
    private readonly Lock _functionsLock = new();
    private UserFunctionSet _functions = UserFunctionSet.Empty;

    /// <summary>The functions registered now; statements bind against this snapshot.</summary>
    public UserFunctionSet Functions => Volatile.Read(ref _functions);

    /// <summary>Adds or replaces the function of that name and argument count (a removal is an entry too, see
    /// <see cref="UserFunction.IsRemoved"/>).</summary>
    /// <param name="function">The function.</param>
    public void SetFunction(UserFunction function)
    {
        ArgumentNullException.ThrowIfNull(function);
        // Copy-on-write under a lock: two connections registering at once must not lose either registration, and
        // readers take the published set without locking.
        lock (_functionsLock)
        {
            UserFunctionSet next = _functions.With(function);
            Volatile.Write(ref _functions, next);
        }
    }
}
