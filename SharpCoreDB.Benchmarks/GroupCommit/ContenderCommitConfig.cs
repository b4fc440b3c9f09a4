using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using SharpCoreDB.Benchmarks.Contenders;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// The job of <see cref="ContenderCommitBenchmarks"/>: in process, allocations measured, and one invocation per
/// iteration. An invocation (50 or 400 commits) takes from a few milliseconds to a second or two; left to choose,
/// BenchmarkDotNet would run a slow case's first invocation twice to rule out jitting and pack fast cases with dozens
/// of invocations per iteration, which is minutes per slow case and no better a mean. <c>--quick</c> and
/// <c>--publish</c> set the warm-ups and iterations as for any suite. Its filter runs exactly one of the class's two
/// invocation sizes in each case (see <see cref="ContenderCommitBenchmarks.TakesFewCommits"/>).
/// </summary>
public sealed class ContenderCommitConfig : ManualConfig
{
    /// <summary>Creates the configuration.</summary>
    public ContenderCommitConfig()
    {
        // A mutator: it sets these characteristics on the job the run asks for (BenchmarkDotNet's `--inProcess`
        // makes one, and so do `--quick` and `--publish`) instead of adding a second job that would run every case
        // twice.
        AddJob(Job.Default
            .WithToolchain(InProcessEmitToolchain.Instance)
            .WithInvocationCount(1)
            .WithUnrollFactor(1)
            .AsMutator());
        AddDiagnoser(MemoryDiagnoser.Default);
        AddFilter(new SimpleFilter(RunsCase));
    }

    /// <summary>True when <paramref name="benchmark"/> is the invocation size its parameters call for.</summary>
    /// <param name="benchmark">A case of <see cref="ContenderCommitBenchmarks"/>.</param>
    /// <returns>Whether the case runs.</returns>
    public static bool RunsCase(BenchmarkCase benchmark)
    {
        ArgumentNullException.ThrowIfNull(benchmark);
        if (benchmark.Descriptor.Type != typeof(ContenderCommitBenchmarks))
        {
            return true;
        }

        var contender = (Contender)benchmark.Parameters[nameof(ContenderCommitBenchmarks.Contender)];
        int threads = (int)benchmark.Parameters[nameof(ContenderCommitBenchmarks.Threads)];
        int batch = (int)benchmark.Parameters[nameof(ContenderCommitBenchmarks.Batch)];
        bool few = ContenderCommitBenchmarks.TakesFewCommits(contender, threads, batch);
        return benchmark.Descriptor.WorkloadMethod.Name == nameof(ContenderCommitBenchmarks.CommitFew) ? few : !few;
    }
}
