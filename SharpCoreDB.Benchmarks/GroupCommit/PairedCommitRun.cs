using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// FullSync at 16 threads against Legacy at one thread, measured in alternating rounds within one process, so that
/// both see the same stretch of the disk. Runs after the BenchmarkDotNet suites of <c>--group-commit</c>.
/// </summary>
/// <remarks>
/// BenchmarkDotNet measures one case after another. On a virtual disk whose fdatasync latency drifts (here by up to
/// 2x within minutes: Legacy at one thread took 213 us in one run and 385 us in the next), a ratio between two cases
/// of one run carries that drift along with the engine's difference. This run alternates the two: each round makes
/// 128 Legacy commits on one thread, then 1,024 FullSync commits from 16 threads (the same autocommit inserts and
/// committer threads as <see cref="ProviderCommitBenchmarks"/>, each mode with its own database), and reports both
/// means and the ratio of commits per second, overall and per round. Wall-clock time with a Stopwatch; allocation
/// is <see cref="ProviderCommitBenchmarks"/>' business.
/// </remarks>
internal static class PairedCommitRun
{
    private const int WarmupRounds = 60;
    private const int MeasuredRounds = 60;
    private const int LegacyCommitsPerRound = 128;
    private const int FullSyncThreads = 16;
    private const int FullSyncCommitsPerRound = 1024;

    /// <summary>Runs the rounds and prints the result.</summary>
    public static void Run()
    {
        using BenchmarkDirectory directory = BenchmarkDirectory.Create("paired-commits");
        InsertCommitter[] legacy = Open(directory, DurabilityMode.Legacy, 1, out CommitterThread[] legacyThreads);
        try
        {
            InsertCommitter[] fullSync = Open(directory, DurabilityMode.FullSync, FullSyncThreads, out CommitterThread[] fullSyncThreads);
            try
            {
                Measure(legacyThreads, fullSyncThreads);
            }
            finally
            {
                InsertCommitter.DisposeAll(fullSyncThreads, fullSync);
            }
        }
        finally
        {
            InsertCommitter.DisposeAll(legacyThreads, legacy);
        }
    }

    private static void Measure(CommitterThread[] legacyThreads, CommitterThread[] fullSyncThreads)
    {
        var legacyTimes = new double[MeasuredRounds];
        var fullSyncTimes = new double[MeasuredRounds];
        for (int round = -WarmupRounds; round < MeasuredRounds; round++)
        {
            double legacyMicros = Time(legacyThreads, LegacyCommitsPerRound);
            double fullSyncMicros = Time(fullSyncThreads, FullSyncCommitsPerRound);
            if (round >= 0)
            {
                legacyTimes[round] = legacyMicros;
                fullSyncTimes[round] = fullSyncMicros;
            }
        }

        Report(legacyTimes, fullSyncTimes);
    }

    private static InsertCommitter[] Open(BenchmarkDirectory directory, DurabilityMode mode, int threads, out CommitterThread[] committers)
    {
        string connectionString = SharpCoreDBDatabase.ConnectionString(
            directory.File($"{mode}.scdb".ToLowerInvariant()), mode, InsertCommitter.CacheBytes);
        return InsertCommitter.OpenAll(threads, () => SharpCoreDBDatabase.Open(connectionString), out committers);
    }

    // Microseconds per commit for one round.
    private static double Time(CommitterThread[] committers, int commits)
    {
        long started = Stopwatch.GetTimestamp();
        CommitterThread.RunAll(committers, commits);
        return Stopwatch.GetElapsedTime(started).TotalMicroseconds / commits;
    }

    private static void Report(double[] legacy, double[] fullSync)
    {
        var ratios = new double[legacy.Length];
        for (int i = 0; i < ratios.Length; i++)
        {
            ratios[i] = legacy[i] / fullSync[i];
        }

        Array.Sort(ratios);
        double legacyMean = legacy.Average();
        double fullSyncMean = fullSync.Average();
        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine();
        Console.WriteLine("// * Paired commit rounds: Legacy x1 and FullSync x16 alternating (PairedCommitRun) *");
        Console.WriteLine(string.Format(c, "{0}, {1} cores, {2}", RuntimeInformation.OSDescription, Environment.ProcessorCount, RuntimeInformation.FrameworkDescription));
        Console.WriteLine(string.Format(c, "{0} rounds after {1} warm-up rounds; each round {2} Legacy commits on 1 thread, then {3} FullSync commits from {4} threads", MeasuredRounds, WarmupRounds, LegacyCommitsPerRound, FullSyncCommitsPerRound, FullSyncThreads));
        Console.WriteLine(string.Format(c, "Legacy x1:    mean {0,8:F1} us per commit (median {1:F1}), {2,8:F0} commits/s", legacyMean, Median(legacy), 1e6 / legacyMean));
        Console.WriteLine(string.Format(c, "FullSync x16: mean {0,8:F2} us per commit (median {1:F2}), {2,8:F0} commits/s", fullSyncMean, Median(fullSync), 1e6 / fullSyncMean));
        Console.WriteLine(string.Format(c, "FullSync x16 / Legacy x1 in commits/s: {0:F2} over all rounds; per round median {1:F2}, 10th percentile {2:F2}, 90th {3:F2}", legacyMean / fullSyncMean, ratios[ratios.Length / 2], ratios[ratios.Length / 10], ratios[ratios.Length * 9 / 10]));
    }

    private static double Median(double[] values)
    {
        double[] sorted = [.. values];
        Array.Sort(sorted);
        return sorted[sorted.Length / 2];
    }
}
