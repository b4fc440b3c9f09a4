using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// The job of the workload suites (CRUD, YCSB, large values, read-only, open, contender commits): BenchmarkDotNet's
/// default iteration policy, in process (no generated project to build, and the read-only suite's fsync counter is
/// the benchmark process's own), with allocations measured. <c>--quick</c> shortens it like any other job.
/// </summary>
public sealed class SuiteConfig : ManualConfig
{
    /// <summary>Creates the configuration.</summary>
    public SuiteConfig()
    {
        AddJob(Job.Default.WithToolchain(InProcessEmitToolchain.Instance));
        AddDiagnoser(MemoryDiagnoser.Default);
    }
}
