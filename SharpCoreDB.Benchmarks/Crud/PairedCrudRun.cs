using System.Globalization;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Crud;

/// <summary>
/// The durable writes of <c>--crud</c> (update by key, delete by key) and its filtered full scan, of SQLite WAL, SharpCoreDB FullSync and FullSync
/// encrypted in alternating rounds within one process (<see cref="PairedRounds"/>). Runs after the BenchmarkDotNet
/// cases of <c>--crud</c>, or alone with <c>--paired-crud</c>.
/// </summary>
/// <remarks>
/// Each contender runs the suite's own benchmark (<see cref="CrudBenchmarks"/>: the same 100,000 records, keys and
/// values; an invocation is its 100 durable writes, and the deletes' records are put back, untimed, before each
/// invocation as the suite's iteration setup does). Each write takes about one disk sync, which is what drifts between
/// BenchmarkDotNet's cases.
/// </remarks>
internal static class PairedCrudRun
{
    private const int FullWarmupRounds = 3;
    private const int FullMeasuredRounds = 30;
    private const int FullInvocationsPerRound = 4;

    /// <summary>The contenders: the ratios' baseline first.</summary>
    internal static Contender[] Contenders => PairedRounds.DurableContenders;

    /// <summary>Runs both writes and the scan (tiny with <c>--tiny</c>) and prints the result.</summary>
    public static void Run()
    {
        int warmup = BenchScale.Tiny ? 1 : FullWarmupRounds;
        int rounds = BenchScale.Tiny ? 2 : FullMeasuredRounds;
        int invocations = BenchScale.Tiny ? 1 : FullInvocationsPerRound;
        var benchmarks = new CrudBenchmarks[Contenders.Length];
        try
        {
            for (int c = 0; c < Contenders.Length; c++)
            {
                benchmarks[c] = new CrudBenchmarks { Contender = Contenders[c] };
                benchmarks[c].Setup();
            }

            PairedResult[] results =
            [
                Measure(benchmarks, Write.Update, invocations, warmup, rounds),
                Measure(benchmarks, Write.Delete, invocations, warmup, rounds),
                MeasureScan(benchmarks, invocations, warmup, rounds),
            ];
            PairedReport.Print(
                "Paired durable writes and filtered full scan of the crud suite: SQLite WAL, SharpCoreDB FullSync and FullSync encrypted alternating (PairedCrudRun)",
                string.Format(CultureInfo.InvariantCulture, "One database per contender, loaded as --crud loads it; {0} rounds after {1} warm-up rounds, each {2} invocations of the suite's benchmark (100 durable writes, or one scan, each) per contender, the first contender rotating.", rounds, warmup, invocations),
                Contenders,
                results);
        }
        finally
        {
            foreach (CrudBenchmarks? benchmark in benchmarks)
            {
                benchmark?.Cleanup();
            }
        }
    }

    /// <summary>
    /// Measures the filtered full scan (<see cref="CrudBenchmarks.FullScanWithFilter"/>, one scan per invocation) in
    /// alternating rounds: a warm scan moved by up to a third between published runs of the same code, with the
    /// machine, so its ratios are paired as well.
    /// </summary>
    /// <param name="benchmarks">One set-up benchmark per contender, in <see cref="Contenders"/> order.</param>
    /// <param name="invocationsPerRound">Scans per contender per round.</param>
    /// <param name="warmupRounds">Rounds run first and not kept.</param>
    /// <param name="measuredRounds">Rounds kept.</param>
    /// <returns>The rounds (microseconds per scan).</returns>
    internal static PairedResult MeasureScan(CrudBenchmarks[] benchmarks, int invocationsPerRound, int warmupRounds, int measuredRounds)
    {
        ArgumentNullException.ThrowIfNull(benchmarks);
        var invocations = new Func<int>[benchmarks.Length];
        for (int c = 0; c < benchmarks.Length; c++)
        {
            CrudBenchmarks benchmark = benchmarks[c];
            invocations[c] = () =>
            {
                benchmark.FullScanWithFilter();
                return 1;
            };
        }

        double[][] micros = PairedRounds.Measure(invocations, new Action?[benchmarks.Length], invocationsPerRound, warmupRounds, measuredRounds, out double[][] cpu);
        return new PairedResult("full scan with a filter", micros, cpu);
    }

    /// <summary>The writes measured.</summary>
    internal enum Write
    {
        /// <summary><see cref="CrudBenchmarks.UpdateByKey"/>.</summary>
        Update,

        /// <summary><see cref="CrudBenchmarks.DeleteByKey"/>, the deleted records put back before each invocation.</summary>
        Delete,
    }

    /// <summary>Measures one write on benchmarks that are set up, in alternating rounds.</summary>
    /// <param name="benchmarks">One set-up benchmark per contender, in <see cref="Contenders"/> order.</param>
    /// <param name="write">The write.</param>
    /// <param name="invocationsPerRound">Invocations per contender per round.</param>
    /// <param name="warmupRounds">Rounds run first and not kept.</param>
    /// <param name="measuredRounds">Rounds kept.</param>
    /// <returns>The rounds.</returns>
    internal static PairedResult Measure(CrudBenchmarks[] benchmarks, Write write, int invocationsPerRound, int warmupRounds, int measuredRounds)
    {
        ArgumentNullException.ThrowIfNull(benchmarks);
        var invocations = new Func<int>[benchmarks.Length];
        var prepare = new Action?[benchmarks.Length];
        for (int c = 0; c < benchmarks.Length; c++)
        {
            CrudBenchmarks benchmark = benchmarks[c];
            invocations[c] = write == Write.Update ? benchmark.UpdateByKey : benchmark.DeleteByKey;
            prepare[c] = write == Write.Update ? null : benchmark.RestoreDeleted;
        }

        double[][] micros = PairedRounds.Measure(invocations, prepare, invocationsPerRound, warmupRounds, measuredRounds, out double[][] cpu);
        if (write == Write.Delete)
        {
            // Leave the tables whole, as the suite's iteration setup would before the next case.
            foreach (Action? restore in prepare)
            {
                restore!();
            }
        }

        return new PairedResult(write == Write.Update ? "update by key" : "delete by key", micros, cpu);
    }
}
