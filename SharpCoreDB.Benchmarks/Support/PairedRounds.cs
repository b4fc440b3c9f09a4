using System.Diagnostics;
using SharpCoreDB.Benchmarks.Contenders;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// Measures several contenders in alternating rounds within one process, so that all of them see the same stretch of
/// the machine: every round runs the same invocations on each contender in turn, the first contender rotating from
/// round to round.
/// </summary>
/// <remarks>
/// BenchmarkDotNet measures one case after another, each for about half a minute. A durable write at one thread
/// takes about one disk sync, and on a virtual disk whose sync time drifts within minutes (here between about 230
/// and 400 µs), a ratio between two cases carries that drift along with the engines' difference: in one published run
/// two cases on the same code path differed by 2x. Ratios of the same round cannot be biased by a drift between
/// rounds, and the rotation keeps any effect of going first or last (a checkpoint started by the contender before)
/// from landing on one contender.
/// </remarks>
internal static class PairedRounds
{
    /// <summary>
    /// The paired runs' contenders: SQLite WAL with <c>synchronous=FULL</c> (the ratios' baseline) and SharpCoreDB
    /// FullSync plain and encrypted, the durable writes whose ratios the disk's drift moves.
    /// </summary>
    public static readonly Contender[] DurableContenders =
        [Contender.SQLite_WAL_Full, Contender.SharpCoreDB_FullSync, Contender.SharpCoreDB_FullSync_Encrypted];

    /// <summary>Runs the rounds.</summary>
    /// <param name="invocations">Per contender: one timed invocation, returning the operations it made.</param>
    /// <param name="prepare">Per contender: untimed work before each invocation (null for none).</param>
    /// <param name="invocationsPerRound">Invocations per contender per round.</param>
    /// <param name="warmupRounds">Rounds run first and not kept.</param>
    /// <param name="measuredRounds">Rounds kept.</param>
    /// <returns>Per contender, per measured round: microseconds per operation.</returns>
    public static double[][] Measure(Func<int>[] invocations, Action?[] prepare, int invocationsPerRound, int warmupRounds, int measuredRounds) =>
        Measure(invocations, prepare, invocationsPerRound, warmupRounds, measuredRounds, out _);

    /// <summary>Runs the rounds, timing each contender's invocations by the clock and by the process's CPU time.</summary>
    /// <param name="invocations">Per contender: one timed invocation, returning the operations it made.</param>
    /// <param name="prepare">Per contender: untimed work before each invocation (null for none).</param>
    /// <param name="invocationsPerRound">Invocations per contender per round.</param>
    /// <param name="warmupRounds">Rounds run first and not kept.</param>
    /// <param name="measuredRounds">Rounds kept.</param>
    /// <param name="cpuMicros">
    /// Per contender, per measured round: microseconds of the process's CPU time (all its threads, user and kernel,
    /// <see cref="Environment.CpuUsage"/>) per operation. A machine that is busy with other work slows the clock but
    /// not this, so it answers whether an engine does more work than another when the clock's ratio moves with the
    /// load; it leaves out time spent waiting (a disk sync) and counts background work of any engine that runs during
    /// a contender's invocations.
    /// </param>
    /// <returns>Per contender, per measured round: microseconds per operation.</returns>
    public static double[][] Measure(Func<int>[] invocations, Action?[] prepare, int invocationsPerRound, int warmupRounds, int measuredRounds, out double[][] cpuMicros)
    {
        ArgumentNullException.ThrowIfNull(invocations);
        ArgumentNullException.ThrowIfNull(prepare);
        if (prepare.Length != invocations.Length)
        {
            throw new ArgumentException("One preparation (or null) per contender.", nameof(prepare));
        }

        int contenders = invocations.Length;
        var micros = new double[contenders][];
        cpuMicros = new double[contenders][];
        for (int c = 0; c < contenders; c++)
        {
            micros[c] = new double[measuredRounds];
            cpuMicros[c] = new double[measuredRounds];
        }

        for (int round = -warmupRounds; round < measuredRounds; round++)
        {
            int first = (round + warmupRounds) % contenders;
            for (int k = 0; k < contenders; k++)
            {
                int c = (first + k) % contenders;
                long ticks = 0;
                TimeSpan cpu = TimeSpan.Zero;
                long operations = 0;
                for (int i = 0; i < invocationsPerRound; i++)
                {
                    prepare[c]?.Invoke();
                    TimeSpan cpuStarted = Environment.CpuUsage.TotalTime;
                    long started = Stopwatch.GetTimestamp();
                    operations += invocations[c]();
                    ticks += Stopwatch.GetTimestamp() - started;
                    cpu += Environment.CpuUsage.TotalTime - cpuStarted;
                }

                if (round >= 0)
                {
                    micros[c][round] = ticks * 1e6 / Stopwatch.Frequency / operations;
                    cpuMicros[c][round] = cpu.TotalMicroseconds / operations;
                }
            }
        }

        return micros;
    }
}
