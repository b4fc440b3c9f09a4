using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>
/// The one-client YCSB workloads with SQLite WAL, SharpCoreDB FullSync and FullSync encrypted measured in alternating
/// rounds within one process, so that all three see the same stretch of the disk. Runs after the BenchmarkDotNet
/// cases of <c>--ycsb</c>, or alone with <c>--paired-ycsb</c>.
/// </summary>
/// <remarks>
/// A durable write at one client is one log write and one sync, so the workloads with writes (A, B, D, E, F) take
/// about the disk's sync time per write. BenchmarkDotNet measures one case after another, each for about half a
/// minute, and on a virtual disk whose sync latency drifts within minutes (here from about 230 to 400 µs and back), a
/// ratio between two cases carries that drift along with the engines' difference: two cases of the same engine and
/// code path differed by 2x in one run. Here each workload gets one database per contender, loaded as the suite loads
/// it (the same records, value and client seed); then every round runs the same number of operations on each
/// contender in turn, the first contender rotating from round to round, and the report gives each contender's mean
/// per operation and the per-round ratios (median and spread), which a drift between rounds cannot bias.
/// </remarks>
internal static class PairedYcsbRun
{
    private const int FullRecords = 100_000;
    private const int RecordBytes = 1024;
    private const int Seed = 1_994;
    private const long CacheBytes = 64L * 1024 * 1024;
    private const int FullOperationsPerRound = 1_000;
    private const int FullWarmupRounds = 3;
    private const int FullMeasuredRounds = 24;

    /// <summary>The contenders, in the order of the first round: the ratio baseline first.</summary>
    internal static readonly Contender[] Contenders =
        [Contender.SQLite_WAL_Full, Contender.SharpCoreDB_FullSync, Contender.SharpCoreDB_FullSync_Encrypted];

    /// <summary>Runs every workload at full scale (tiny with <c>--tiny</c>) and prints the result.</summary>
    public static void Run()
    {
        int rounds = BenchScale.Tiny ? 2 : FullMeasuredRounds;
        int warmup = BenchScale.Tiny ? 1 : FullWarmupRounds;
        var results = new List<PairedYcsbResult>();
        foreach (YcsbWorkload workload in Enum.GetValues<YcsbWorkload>())
        {
            results.Add(Measure(workload, BenchScale.Records(FullRecords), BenchScale.Operations(FullOperationsPerRound, 1), warmup, rounds));
        }

        Print(results, BenchScale.Records(FullRecords), BenchScale.Operations(FullOperationsPerRound, 1), warmup, rounds);
    }

    /// <summary>Loads one database per contender and measures the workload in alternating rounds.</summary>
    /// <param name="workload">The workload.</param>
    /// <param name="records">Records loaded per database.</param>
    /// <param name="operations">Operations per contender per round.</param>
    /// <param name="warmupRounds">Rounds run first and not measured.</param>
    /// <param name="measuredRounds">Rounds measured.</param>
    /// <returns>Microseconds per operation, per contender and round.</returns>
    internal static PairedYcsbResult Measure(YcsbWorkload workload, int records, int operations, int warmupRounds, int measuredRounds)
    {
        var directories = new BenchmarkDirectory[Contenders.Length];
        var stores = new ContenderStore[Contenders.Length];
        var sessions = new IStoreSession[Contenders.Length];
        try
        {
            var clients = new YcsbClient[Contenders.Length];
            for (int c = 0; c < Contenders.Length; c++)
            {
                if (!BenchScale.Tiny)
                {
                    JitWarmup.Ensure(Contenders[c], CacheBytes);
                }

                directories[c] = BenchmarkDirectory.Create($"paired-ycsb-{Contenders[c]}".ToLowerInvariant());
                stores[c] = ContenderStore.Open(Contenders[c], directories[c], CacheBytes);
                stores[c].Load(records, RecordBytes, Seed);
                sessions[c] = stores[c].OpenSession();
                clients[c] = new YcsbClient(sessions[c], workload, new YcsbKeySpace(records), KvSchema.Value(RecordBytes, Seed + 1), Seed);
            }

            var micros = new double[Contenders.Length][];
            for (int c = 0; c < Contenders.Length; c++)
            {
                micros[c] = new double[measuredRounds];
            }

            for (int round = -warmupRounds; round < measuredRounds; round++)
            {
                int first = (round + warmupRounds) % Contenders.Length;
                for (int k = 0; k < Contenders.Length; k++)
                {
                    int c = (first + k) % Contenders.Length;
                    double perOperation = Time(clients[c], operations);
                    if (round >= 0)
                    {
                        micros[c][round] = perOperation;
                    }
                }
            }

            return new PairedYcsbResult(workload, micros);
        }
        finally
        {
            for (int c = 0; c < Contenders.Length; c++)
            {
                sessions[c]?.Dispose();
                stores[c]?.Dispose();
                directories[c]?.Dispose();
            }
        }
    }

    private static double Time(YcsbClient client, int operations)
    {
        long started = Stopwatch.GetTimestamp();
        for (int i = 0; i < operations; i++)
        {
            client.Step();
        }

        return Stopwatch.GetElapsedTime(started).TotalMicroseconds / operations;
    }

    private static void Print(List<PairedYcsbResult> results, int records, int operations, int warmup, int rounds)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine();
        Console.WriteLine("// * Paired YCSB rounds at one client: SQLite WAL, SharpCoreDB FullSync and FullSync encrypted alternating (PairedYcsbRun) *");
        Console.WriteLine(string.Format(c, "{0}, {1} cores, {2}", RuntimeInformation.OSDescription, Environment.ProcessorCount, RuntimeInformation.FrameworkDescription));
        Console.WriteLine(string.Format(c, "{0:N0} records of {1:N0} bytes per database; {2} rounds after {3} warm-up rounds; each round {4:N0} operations per contender, the first contender rotating", records, RecordBytes, rounds, warmup, operations));
        Console.WriteLine("ratios: mean over all rounds, then the per-round median [10th-90th percentile]");
        Console.WriteLine();
        Console.WriteLine("| workload | SQLite WAL µs/op | FullSync µs/op | FullSync encrypted µs/op | FullSync ÷ SQLite | encrypted ÷ SQLite | encrypted ÷ plain |");
        Console.WriteLine("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        foreach (PairedYcsbResult result in results)
        {
            Console.WriteLine(string.Format(
                c,
                "| {0} | {1:F1} | {2:F1} | {3:F1} | {4} | {5} | {6} |",
                result.Workload,
                result.Mean(0),
                result.Mean(1),
                result.Mean(2),
                Ratio(result, 1, 0, c),
                Ratio(result, 2, 0, c),
                Ratio(result, 2, 1, c)));
        }
    }

    private static string Ratio(PairedYcsbResult result, int contender, int baseline, CultureInfo c)
    {
        double[] perRound = result.RoundRatios(contender, baseline);
        return string.Format(
            c,
            "{0:F2} ({1:F2} [{2:F2}-{3:F2}])",
            result.Mean(contender) / result.Mean(baseline),
            perRound[perRound.Length / 2],
            perRound[perRound.Length / 10],
            perRound[Math.Min(perRound.Length - 1, perRound.Length * 9 / 10)]);
    }
}
