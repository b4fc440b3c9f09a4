using System.Diagnostics;

namespace SharpCoreDB;

/// <summary>
/// The synchronous half of a <c>bool async</c> core (the pattern of Npgsql's <c>Read(bool async)</c>): with
/// <c>async: false</c> a core never awaits anything unfinished, so its task is complete when it returns, and taking the
/// result here neither blocks nor allocates. Debug builds assert it, as the engine's cores do.
/// </summary>
internal static class SyncPath
{
    private const string NeverWaits = "The synchronous path never waits asynchronously.";

    /// <summary>The result of a core run with <c>async: false</c>.</summary>
    /// <typeparam name="T">The result type.</typeparam>
    /// <param name="task">The completed task.</param>
    /// <returns>Its result (or its exception, thrown with the original stack trace).</returns>
    public static T Result<T>(ValueTask<T> task)
    {
        Debug.Assert(task.IsCompleted, NeverWaits);
        return task.GetAwaiter().GetResult();
    }

    /// <summary>Ends a core run with <c>async: false</c>, throwing its exception if it failed.</summary>
    /// <param name="task">The completed task.</param>
    public static void Wait(ValueTask task)
    {
        Debug.Assert(task.IsCompleted, NeverWaits);
        task.GetAwaiter().GetResult();
    }

    /// <summary>The result of a core run with <c>async: false</c>.</summary>
    /// <typeparam name="T">The result type.</typeparam>
    /// <param name="task">The completed task.</param>
    /// <returns>Its result (or its exception, thrown with the original stack trace).</returns>
    public static T Result<T>(Task<T> task)
    {
        Debug.Assert(task.IsCompleted, NeverWaits);
        return task.GetAwaiter().GetResult();
    }
}
