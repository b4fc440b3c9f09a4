using System.Runtime.ExceptionServices;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// One long-lived thread that makes commits when told to. Threads live across invocations so that what is measured
/// (time and allocation per commit) is the engine's in steady state, not thread start-up's or a new thread's first
/// use of its thread-local buffers.
/// </summary>
public sealed class CommitterThread : IDisposable
{
    private readonly Action _commit;
    // Does not spin before it sleeps: a semaphore's wait spins (with sched_yield) first, and with 50 committers the
    // threads that finished an invocation early took CPU from those still committing.
    private readonly ManualResetEventSlim _go = new(initialState: false, spinCount: 0);
    private readonly Thread _thread;
    private int _commits;
    private CountdownEvent? _done;
    private volatile bool _stop;
    private ExceptionDispatchInfo? _failure;

    /// <summary>Starts the thread; it waits for <see cref="Start"/>.</summary>
    /// <param name="commit">Makes one commit (throws on failure).</param>
    /// <param name="name">The thread's name.</param>
    public CommitterThread(Action commit, string name)
    {
        _commit = commit;
        _thread = new Thread(Loop) { IsBackground = true, Name = name };
        _thread.Start();
    }

    /// <summary>
    /// Runs all committers for one invocation: <paramref name="total"/> commits split as evenly as the numbers allow
    /// (the first <c>total % committers.Length</c> threads make one more), and waits for them.
    /// </summary>
    /// <exception cref="InvalidOperationException">When there are fewer commits than threads (some would idle).</exception>
    public static void RunAll(CommitterThread[] committers, int total)
    {
        ArgumentNullException.ThrowIfNull(committers);
        if (total < committers.Length)
        {
            throw new InvalidOperationException($"{total} commits leave some of the {committers.Length} threads without work.");
        }

        using var done = new CountdownEvent(committers.Length);
        int each = total / committers.Length;
        int extra = total % committers.Length;
        for (int i = 0; i < committers.Length; i++)
        {
            committers[i].Start(i < extra ? each + 1 : each, done);
        }

        done.Wait();
        foreach (CommitterThread committer in committers)
        {
            // Rethrown on the benchmark thread, so a failing engine fails the run instead of timing the failure.
            committer._failure?.Throw();
        }
    }

    /// <summary>Stops the thread.</summary>
    public void Dispose()
    {
        _stop = true;
        _go.Set();
        _thread.Join();
        _go.Dispose();
    }

    private void Start(int commits, CountdownEvent done)
    {
        _commits = commits;
        _done = done;
        _go.Set();
    }

    private void Loop()
    {
        while (true)
        {
            // Reset before the work: the next Start comes only after this thread signalled the invocation done.
            _go.Wait();
            _go.Reset();
            if (_stop)
            {
                return;
            }

            try
            {
                for (int i = 0; i < _commits; i++)
                {
                    _commit();
                }
            }
            catch (Exception e)
            {
                _failure = ExceptionDispatchInfo.Capture(e);
            }

            _done!.Signal();
        }
    }
}
