using System.Diagnostics;
using System.Threading.Channels;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// The group-commit delay of a crowded FullSync log: the worker sleeps until the committer that completes the group
/// wakes it, instead of spinning for it.
/// </summary>
/// <remarks>
/// <para>
/// Before a sync the worker waits, up to a deadline, until as many commits are queued as the last group had and no
/// write transaction is under way (see <see cref="DrainOnce"/>). With few committers it spins for that: the wait is
/// short, and a sleep would add a wake-up to it. In a crowd (the last group, or the write transactions under way, more
/// than two per CPU) every round of that spin (a <c>sched_yield</c>) took a CPU from the thread holding the writer
/// slot, and "no transaction under way" never happened, so the spin always ran to its deadline: at 50 committers on
/// two cores it was 14 % of the process's CPU samples and most of its <c>sched_yield</c> calls. In a crowd the
/// worker therefore waits only for the commits (the transactions under way will be in the next group, which starts
/// gathering while this one syncs), and sleeps for them: the committer whose append brings the group to the last
/// group's size wakes it (<see cref="Appended"/>), else the deadline does.
/// </para>
/// <para>
/// No wake-up is lost: the worker publishes its target, announces that it sleeps (a full fence), and looks at the
/// appended count once more before it sleeps; a committer counts its append (a full fence) before it looks for the
/// announcement, so either the worker sees the append or the committer sees the announcement. Waits are timed in whole
/// milliseconds, so a deadline shorter than that can be overrun to the next millisecond, but only when fewer commits
/// than the last group's come within it, which in a crowd is when committers stop committing.
/// </para>
/// </remarks>
internal sealed partial class WalWriter
{
    // The worker sleeps through the group-commit delay (instead of spinning) once the last group had more commits than this.
    private static readonly int GatherSleepsAbove = 2 * Environment.ProcessorCount;

    // Set by the committer whose append completes the group, while it holds the writer slot: one futex call (see WakeEvent).
    private readonly WakeEvent _gatherWake = new();

    // FullSync: commits (of frames) appended and taken by the worker so far; the k-th appended is the k-th taken.
    private long _appendedCommits;
    private long _takenCommits;

    // Set while the worker sleeps in the group-commit delay: the appended count at which the group is complete.
    private long _gatherTarget;
    private int _gatherSleeping;
    private long _gatherSpinRounds;
    private long _gatherSleeps;

    /// <summary>Rounds the worker spun (yielding) in the group-commit delay (never in a crowd).</summary>
    internal long GatherSpinRounds => Interlocked.Read(ref _gatherSpinRounds);

    /// <summary>Sleeps the worker took in the group-commit delay.</summary>
    internal long GatherSleeps => Interlocked.Read(ref _gatherSleeps);

    // A FullSync commit of frames was queued: wakes the worker when it completes the group the worker waits for.
    private void Appended()
    {
        long appended = Interlocked.Increment(ref _appendedCommits);
        if (Volatile.Read(ref _gatherSleeping) != 0 && appended >= Volatile.Read(ref _gatherTarget))
        {
            WakeGatherer();
        }
    }

    private void WakeGatherer()
    {
        if (Interlocked.Exchange(ref _gatherSleeping, 0) != 0)
        {
            _gatherWake.Set();
        }
    }

    // The group-commit delay: takes what arrives until the group is complete or the deadline passes.
    private void Gather(ChannelReader<WalCommit> reader, long deadline, ref long groupBytes, ref int groupCommits)
    {
        bool crowded = _lastGroupCommits > GatherSleepsAbove || CommittersAhead() > GatherSleepsAbove;
        SpinWait spinner = default;
        while (groupBytes < MaxGroupBytes
            && (groupCommits < _lastGroupCommits || (!crowded && CommittersAhead() > 0)))
        {
            long remaining = deadline - Stopwatch.GetTimestamp();
            if (remaining <= 0)
            {
                break;
            }

            if (crowded)
            {
                SleepUntilGathered(groupCommits, remaining);
            }
            else
            {
                spinner.SpinOnce(sleep1Threshold: -1);
                Interlocked.Increment(ref _gatherSpinRounds);
            }

            TakeQueued(reader, ref groupBytes, ref groupCommits);
            SealAhead();
        }
    }

    private void SleepUntilGathered(int groupCommits, long remainingTicks)
    {
        long target = _takenCommits + (_lastGroupCommits - groupCommits);
        _gatherWake.Reset();
        Volatile.Write(ref _gatherTarget, target);
        Interlocked.Exchange(ref _gatherSleeping, 1);
        if (Interlocked.Read(ref _appendedCommits) >= target)
        {
            Interlocked.Exchange(ref _gatherSleeping, 0);
            return;
        }

        int milliseconds = (int)Math.Max(1, (remainingTicks * 1000 + Stopwatch.Frequency - 1) / Stopwatch.Frequency);
        Interlocked.Increment(ref _gatherSleeps);
        _ = _gatherWake.Wait(milliseconds, CancellationToken.None);
        Interlocked.Exchange(ref _gatherSleeping, 0);
    }
}
