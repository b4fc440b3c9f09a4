using System.Globalization;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>
/// The one-client YCSB workloads of SQLite WAL, SharpCoreDB FullSync and FullSync encrypted in alternating rounds
/// within one process (<see cref="PairedRounds"/>). Runs after the BenchmarkDotNet cases of <c>--ycsb</c>, or alone
/// with <c>--paired-ycsb</c>.
/// </summary>
/// <remarks>
/// Each contender runs the suite's own benchmark (<see cref="YcsbBenchmarks"/> with one thread: its setup loads the
/// same records with the same seeds, and each invocation is its 1,000 operations), so the paired figures measure the
/// same work as the published cases. The workloads with writes (A, B, D, E, F) take about one disk sync per write,
/// which is what drifts between BenchmarkDotNet's cases.
/// </remarks>
internal static class PairedYcsbRun
{
    private const int FullWarmupRounds = 3;
    private const int FullMeasuredRounds = 40;

    /// <summary>The contenders: the ratios' baseline first.</summary>
    internal static Contender[] Contenders => PairedRounds.DurableContenders;

    /// <summary>Runs every workload (tiny with <c>--tiny</c>) and prints the result.</summary>
    public static void Run()
    {
        int warmup = BenchScale.Tiny ? 1 : FullWarmupRounds;
        int rounds = BenchScale.Tiny ? 2 : FullMeasuredRounds;
        var results = new List<PairedResult>();
        foreach (YcsbWorkload workload in Enum.GetValues<YcsbWorkload>())
        {
            results.Add(Measure(workload, warmup, rounds));
        }

        PairedReport.Print(
            "Paired YCSB rounds at one client: SQLite WAL, SharpCoreDB FullSync and FullSync encrypted alternating (PairedYcsbRun)",
            string.Format(CultureInfo.InvariantCulture, "Each workload: one database per contender, loaded as --ycsb loads it; {0} rounds after {1} warm-up rounds, each one invocation of the suite's benchmark (1,000 operations at one client) per contender, the first contender rotating.", rounds, warmup),
            Contenders,
            results);
    }

    /// <summary>Sets every contender's benchmark up for the workload and measures it in alternating rounds.</summary>
    /// <param name="workload">The workload.</param>
    /// <param name="warmupRounds">Rounds run first and not kept.</param>
    /// <param name="measuredRounds">Rounds kept.</param>
    /// <returns>The workload's rounds.</returns>
    internal static PairedResult Measure(YcsbWorkload workload, int warmupRounds, int measuredRounds)
    {
        var benchmarks = new YcsbBenchmarks[Contenders.Length];
        try
        {
            var invocations = new Func<int>[Contenders.Length];
            for (int c = 0; c < Contenders.Length; c++)
            {
                var benchmark = new YcsbBenchmarks { Contender = Contenders[c], Workload = workload, Threads = 1 };
                benchmarks[c] = benchmark;
                benchmark.Setup();
                invocations[c] = benchmark.Run;
            }

            double[][] micros = PairedRounds.Measure(invocations, new Action?[Contenders.Length], 1, warmupRounds, measuredRounds, out double[][] cpu);
            return new PairedResult(workload.ToString(), micros, cpu);
        }
        finally
        {
            foreach (YcsbBenchmarks? benchmark in benchmarks)
            {
                benchmark?.Cleanup();
            }
        }
    }
}
