using System.Globalization;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;

namespace SharpCoreDB.Sql;

/// <summary>
/// Keeps the recursive compile phases (parsing, binding, planning) off the end of the caller's stack. The limits in
/// <see cref="SqlLimits"/> bound how deep they recurse, but not how much stack the caller left: a Windows thread has
/// 1 MB, a .NET worker thread on Linux 1.5 MB, and the caller may already be deep. Recursive steps call
/// <see cref="EnsureRoom"/>; when the stack runs low, <see cref="Run{T}"/> does the whole piece of work again from the
/// start on a thread with a <see cref="LargeStackSize"/> stack. The work it runs must have no effects besides its
/// result, so that starting it again is safe; parsing and binding have none.
/// </summary>
internal static class StackGuard
{
    /// <summary>
    /// The stack of the thread deep work moves to. Only the pages used are committed; at the limits a compile
    /// needs a few megabytes, so this leaves a wide margin.
    /// </summary>
    public const int LargeStackSize = 64 * 1024 * 1024;

    /// <summary>
    /// How deep a recursive phase may go on the caller's stack; deeper work moves to a large stack
    /// (<see cref="EnsureLargeStack"/>) before the stack runs low, so walks that have no probe of their own (the
    /// planner's over bound trees) never run deep on a small stack. At about 2 KB a level this is well under the
    /// 128 KB margin the runtime's probe keeps.
    /// </summary>
    public const int ShallowDepth = 48;

    [ThreadStatic]
    private static bool t_onLargeStack;

    /// <summary>Throws <see cref="InsufficientStackException"/> unless this thread is the large-stack one.</summary>
    /// <exception cref="InsufficientStackException">On another thread.</exception>
    public static void EnsureLargeStack()
    {
        if (!t_onLargeStack)
        {
            throw new InsufficientStackException();
        }
    }

    /// <summary>Throws <see cref="InsufficientStackException"/> when the current thread's stack is nearly used up.</summary>
    /// <exception cref="InsufficientStackException">Less than the runtime's safety margin is left.</exception>
    public static void EnsureRoom()
    {
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw new InsufficientStackException();
        }
    }

    /// <summary>
    /// Runs <paramref name="work"/> on this thread, or, when it runs out of stack, again on a thread with a large
    /// stack, waiting for it.
    /// </summary>
    /// <typeparam name="T">The result type.</typeparam>
    /// <param name="work">Work without side effects besides its result.</param>
    /// <param name="what">What the work is, for the message when even the large stack is not enough.</param>
    /// <returns>The result of <paramref name="work"/>.</returns>
    /// <exception cref="SharpCoreDBException">TooComplex when the large stack is not enough either.</exception>
    public static T Run<T>(Func<T> work, string what)
    {
        if (t_onLargeStack)
        {
            // Already on the large stack: the outermost Run there reports running out.
            return work();
        }

        try
        {
            return work();
        }
        catch (InsufficientStackException)
        {
            return RunOnLargeStack(work, what);
        }
    }

    /// <summary>
    /// Runs <paramref name="work"/> again on a thread with a large stack after it ran out of stack on this one; on
    /// the large stack already, reports running out to the outermost <see cref="Run{T}"/> there.
    /// </summary>
    /// <typeparam name="T">The result type.</typeparam>
    /// <param name="work">Work without side effects besides its result.</param>
    /// <param name="what">What the work is, for the message when even the large stack is not enough.</param>
    /// <returns>The result of <paramref name="work"/>.</returns>
    /// <exception cref="SharpCoreDBException">TooComplex when the large stack is not enough either.</exception>
    /// <exception cref="InsufficientStackException">On the large stack already.</exception>
    public static T RunOnLargeStack<T>(Func<T> work, string what)
    {
        if (t_onLargeStack)
        {
            throw new InsufficientStackException();
        }

        T result = default!;
        ExceptionDispatchInfo? failure = null;
        CultureInfo culture = CultureInfo.CurrentCulture;
        CultureInfo uiCulture = CultureInfo.CurrentUICulture;
        var thread = new Thread(
            () =>
            {
                t_onLargeStack = true;
                CultureInfo.CurrentCulture = culture;
                CultureInfo.CurrentUICulture = uiCulture;
                try
                {
                    result = work();
                }
                catch (InsufficientStackException)
                {
                    failure = ExceptionDispatchInfo.Capture(new SharpCoreDBException(
                        SharpCoreDBErrorCode.TooComplex, what + " is too complex: it nests too deeply"));
                }
                catch (Exception ex)
                {
                    // Handed to the waiting caller and rethrown there with its original stack trace.
                    failure = ExceptionDispatchInfo.Capture(ex);
                }
            },
            LargeStackSize)
        {
            Name = "SharpCoreDB deep compile",
            IsBackground = true,
        };
        thread.Start();
        thread.Join();
        failure?.Throw();
        return result;
    }
}
