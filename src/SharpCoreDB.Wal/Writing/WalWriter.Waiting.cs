namespace SharpCoreDB.Wal.Writing;

/// <summary>How FullSync committers sleep until their group is durable, and how they are woken.</summary>
internal sealed partial class WalWriter
{
    // Each committing thread sleeps on its own event, made once and kept for the thread's life: a task wait would
    // allocate one per wait and spin before sleeping, and committers that have given up spinning must not spin again.
    // A WakeEvent holds nothing to dispose, and its wake-up is one futex call (see WakeEvent).
    [ThreadStatic]
    private static WakeEvent? t_wake;

    // Sleeps until the commit completes; a committer woken by a claim passes the wake-up on to the next sleeper of its
    // group, which the writer never woke (see WaitFor).
    private void Sleep(WalCommit commit)
    {
        WakeEvent wake = t_wake ??= new WakeEvent();
        // The count includes a committer only once it is registered on its commit: a test (or a diagnostic) that sees
        // every committer counted knows the log writer's claim will find each of them.
        if (commit.Sleep(wake, ref _sleepingWaiters))
        {
            WakeFirstSleeper(commit.NextInGroup);
        }
    }

    // Walks a completed group's chain from `from` and wakes the first committer asleep on it, which carries on from its
    // own commit; the committers passed on the way are awake (spinning, or not yet waiting) and will not sleep on their
    // completed commits.
    private static void WakeFirstSleeper(WalCommit? from) => ClaimFirstSleeper(from)?.Set();

    // The log writer's wake-up: counted before the event is set, so whoever sees the woken committers done (they wake
    // each other and may all return before this thread runs again) also sees the count.
    private void WakeFirstSleeperFromWorker(WalCommit? from)
    {
        if (ClaimFirstSleeper(from) is { } wake)
        {
            Interlocked.Increment(ref _wakeUpsByWorker);
            wake.Set();
        }
    }

    private static WakeEvent? ClaimFirstSleeper(WalCommit? from)
    {
        for (WalCommit? commit = from; commit is not null; commit = commit.NextInGroup)
        {
            if (commit.ClaimSleeper() is { } wake)
            {
                return wake;
            }
        }

        return null;
    }
}
