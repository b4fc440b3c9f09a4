using System.Diagnostics;

namespace SharpCoreDB.Storage.Tests.Kit;

/// <summary>
/// Records the <see cref="Debug.Assert(bool, string)"/> failures of the current thread instead of letting them end
/// the process, so a test can show a Debug-only invariant check firing. Debug.Assert reports to the trace listeners;
/// the default one ends the process when no debugger is attached, so while the trap is set it stands in for the
/// listeners that were there and passes them everything that is not a failure on the trapping thread.
/// </summary>
internal sealed class DebugAssertTrap : TraceListener
{
    private readonly TraceListener[] _previous;
    private readonly int _threadId = Environment.CurrentManagedThreadId;
    private readonly List<string> _failures = [];

    public DebugAssertTrap()
    {
        lock (Trace.Listeners)
        {
            _previous = new TraceListener[Trace.Listeners.Count];
            Trace.Listeners.CopyTo(_previous, 0);
            Trace.Listeners.Clear();
            Trace.Listeners.Add(this);
        }
    }

    /// <summary>The messages of the failed asserts on the trapping thread, in order.</summary>
    public IReadOnlyList<string> Failures => _failures;

    /// <inheritdoc />
    public override void Fail(string? message) => Fail(message, null);

    /// <inheritdoc />
    public override void Fail(string? message, string? detailMessage)
    {
        if (Environment.CurrentManagedThreadId == _threadId)
        {
            _failures.Add(message ?? string.Empty);
            return;
        }

        foreach (TraceListener listener in _previous)
        {
            listener.Fail(message, detailMessage);
        }
    }

    /// <inheritdoc />
    public override void Write(string? message)
    {
        foreach (TraceListener listener in _previous)
        {
            listener.Write(message);
        }
    }

    /// <inheritdoc />
    public override void WriteLine(string? message)
    {
        foreach (TraceListener listener in _previous)
        {
            listener.WriteLine(message);
        }
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            lock (Trace.Listeners)
            {
                Trace.Listeners.Remove(this);
                Trace.Listeners.AddRange(_previous);
            }
        }

        base.Dispose(disposing);
    }
}
