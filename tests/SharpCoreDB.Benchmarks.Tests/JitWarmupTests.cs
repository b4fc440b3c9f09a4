using SharpCoreDB.Benchmarks.Contenders;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>The warm-up before a contender's first case runs once per process and contender, and leaves nothing behind.</summary>
public sealed class JitWarmupTests
{
    [Fact]
    public void Warm_up_runs_once_per_contender_and_removes_its_scratch_database()
    {
        string? configured = Environment.GetEnvironmentVariable(SharpCoreDB.Benchmarks.Support.BenchmarkDirectory.RootVariable);
        string root = string.IsNullOrWhiteSpace(configured) ? Path.GetTempPath() : configured;
        string pattern = $"sharpcoredb-bench-jit-warmup-{Contender.SQLite_Memory}-*".ToLowerInvariant();

        Assert.True(JitWarmup.Ensure(Contender.SQLite_Memory, 1024 * 1024));
        Assert.False(JitWarmup.Ensure(Contender.SQLite_Memory, 1024 * 1024));
        Assert.Empty(Directory.GetDirectories(root, pattern));
    }
}
