using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// The job of the commit benchmarks (through the provider and on the store): in process (no generated project to
/// build), one invocation of 1,024 commits per iteration (a Legacy one already takes over a hundred milliseconds of
/// fsyncs, and the start and end of an invocation — waking the committer threads, waiting for the last — are spread
/// over that many commits), 3 warm-up and 30 measured iterations (the disk's sync latency drifts within a run; more
/// iterations make the mean less a matter of which stretch a case ran on).
/// </summary>
public sealed class CommitJobConfig : ManualConfig
{
    /// <summary>Creates the configuration.</summary>
    public CommitJobConfig()
    {
        AddJob(Job.Default
            .WithToolchain(InProcessEmitToolchain.Instance)
            .WithLaunchCount(1)
            .WithWarmupCount(3)
            .WithIterationCount(30)
            .WithInvocationCount(1)
            .WithUnrollFactor(1));
    }
}
