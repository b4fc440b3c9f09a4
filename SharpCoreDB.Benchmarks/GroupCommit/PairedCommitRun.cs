using System.Globalization;
using System.Runtime.InteropServices;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// FullSync at 16 and at 50 threads against Legacy at one thread, measured in alternating rounds within one process
/// (<see cref="PairedRounds"/>), so that all three see the same stretch of the disk. Runs after the BenchmarkDotNet
/// suites of <c>--group-commit</c>, or alone with <c>--paired-commits</c>.
/// </summary>
/// <remarks>
/// BenchmarkDotNet measures one case after another. On a virtual disk whose fdatasync latency drifts (here by up to
/// 2x within minutes: Legacy at one thread took 213 us in one run and 385 us in the next), a ratio between two cases
/// of one run carries that drift along with the engine's difference. Each round makes 128 Legacy commits on one
/// thread, 1,024 FullSync commits from 16 threads and 1,000 from 50 threads (the same autocommit inserts and committer
/// threads as <see cref="ProviderCommitBenchmarks"/>, each mode and thread count with its own database), the first
/// of the three rotating, and reports each one's mean and the speed-up of FullSync over Legacy in commits per second,
/// overall and per round. Wall-clock time with a Stopwatch, and the process's CPU time per commit beside it (all
/// threads: the committers, the log writer and the kernel's work for the syncs), which says whether a side waited for
/// the disk or for the CPUs; allocation is <see cref="ProviderCommitBenchmarks"/>' business.
/// </remarks>
internal static class PairedCommitRun
{
    private const int WarmupRounds = 60;
    private const int MeasuredRounds = 60;
    private const int LegacyCommitsPerRound = 128;
    private static readonly (int Threads, int Commits)[] s_fullSync = [(16, 1024), (50, 1000)];

    /// <summary>Runs the rounds and prints the result.</summary>
    public static void Run()
    {
        using BenchmarkDirectory directory = BenchmarkDirectory.Create("paired-commits");
        int sides = 1 + s_fullSync.Length;
        var committers = new InsertCommitter[sides][];
        var threads = new CommitterThread[sides][];
        try
        {
            committers[0] = Open(directory, DurabilityMode.Legacy, 1, out threads[0]);
            for (int k = 0; k < s_fullSync.Length; k++)
            {
                committers[k + 1] = Open(directory, DurabilityMode.FullSync, s_fullSync[k].Threads, out threads[k + 1]);
            }

            var invocations = new Func<int>[sides];
            invocations[0] = () => RunAll(threads[0], LegacyCommitsPerRound);
            for (int k = 0; k < s_fullSync.Length; k++)
            {
                CommitterThread[] side = threads[k + 1];
                int commits = s_fullSync[k].Commits;
                invocations[k + 1] = () => RunAll(side, commits);
            }

            double[][] micros = PairedRounds.Measure(invocations, new Action?[sides], 1, WarmupRounds, MeasuredRounds, out double[][] cpuMicros);
            Report(new PairedResult("commits", micros, cpuMicros));
        }
        finally
        {
            for (int k = 0; k < sides; k++)
            {
                if (committers[k] is not null)
                {
                    InsertCommitter.DisposeAll(threads[k], committers[k]);
                }
            }
        }
    }

    private static InsertCommitter[] Open(BenchmarkDirectory directory, DurabilityMode mode, int threads, out CommitterThread[] committers)
    {
        string connectionString = SharpCoreDBDatabase.ConnectionString(
            directory.File($"{mode}-{threads}.scdb".ToLowerInvariant()), mode, InsertCommitter.CacheBytes);
        return InsertCommitter.OpenAll(threads, () => SharpCoreDBDatabase.Open(connectionString), out committers);
    }

    private static int RunAll(CommitterThread[] committers, int commits)
    {
        CommitterThread.RunAll(committers, commits);
        return commits;
    }

    private static void Report(PairedResult result)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine();
        Console.WriteLine("// * Paired commit rounds: Legacy x1, FullSync x16 and FullSync x50 alternating (PairedCommitRun) *");
        Console.WriteLine(string.Format(c, "{0}, {1} cores, {2}", RuntimeInformation.OSDescription, Environment.ProcessorCount, RuntimeInformation.FrameworkDescription));
        Console.WriteLine(string.Format(c, "{0} rounds after {1} warm-up rounds; each round {2} Legacy commits on 1 thread, {3} FullSync commits from 16 threads and {4} from 50 threads, the first of the three rotating", MeasuredRounds, WarmupRounds, LegacyCommitsPerRound, s_fullSync[0].Commits, s_fullSync[1].Commits));
        double legacyMean = result.Mean(0);
        Console.WriteLine(string.Format(c, "Legacy x1:    mean {0,8:F1} us per commit (median {1:F1}), {2,8:F0} commits/s", legacyMean, Median(result.Micros[0]), 1e6 / legacyMean));
        for (int k = 0; k < s_fullSync.Length; k++)
        {
            int side = k + 1;
            double mean = result.Mean(side);
            int threads = s_fullSync[k].Threads;
            Console.WriteLine(string.Format(c, "FullSync x{0}: mean {1,8:F2} us per commit (median {2:F2}), {3,8:F0} commits/s", threads, mean, Median(result.Micros[side]), 1e6 / mean));

            // Speed-up in commits/s per round: Legacy's time over FullSync's, the reciprocal of the time ratios.
            double[] speedUps = [.. result.RoundRatios(side, 0).Select(r => 1 / r).Order()];
            Console.WriteLine(string.Format(c, "FullSync x{0} / Legacy x1 in commits/s: {1:F2} over all rounds; per round median {2:F2}, 10th percentile {3:F2}, 90th {4:F2}", threads, legacyMean / mean, speedUps[speedUps.Length / 2], speedUps[speedUps.Length / 10], speedUps[speedUps.Length * 9 / 10]));
        }

        // CPU time per commit against wall time: a side whose CPU time is near its wall time times the cores is bound by
        // the CPUs, one far below it by waiting (the disk, wake-ups).
        PairedResult cpu = result.InCpuTime!;
        for (int side = 0; side <= s_fullSync.Length; side++)
        {
            string name = side == 0 ? "Legacy x1" : $"FullSync x{s_fullSync[side - 1].Threads}";
            double cpuMean = cpu.Mean(side);
            Console.WriteLine(string.Format(c, "{0}: CPU time {1:F1} us per commit (median {2:F1}), {3:F2} of {4} cores busy", name, cpuMean, Median(cpu.Micros[side]), cpuMean / result.Mean(side), Environment.ProcessorCount));
        }
    }

    private static double Median(double[] values)
    {
        double[] sorted = [.. values];
        Array.Sort(sorted);
        return sorted[sorted.Length / 2];
    }
}
