using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Benchmarks.Ycsb;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>The paired YCSB run measures every contender in every round of every workload, and its ratios pair rounds.</summary>
public sealed class PairedYcsbRunTests
{
    /// <summary>Creates the tests (tiny scale: no JIT warm-up).</summary>
    public PairedYcsbRunTests() => BenchScale.Tiny = true;

    [Theory]
    [InlineData(YcsbWorkload.A)]
    [InlineData(YcsbWorkload.B)]
    [InlineData(YcsbWorkload.C)]
    [InlineData(YcsbWorkload.D)]
    [InlineData(YcsbWorkload.E)]
    [InlineData(YcsbWorkload.F)]
    public void Every_contender_is_measured_in_every_round(YcsbWorkload workload)
    {
        PairedYcsbResult result = PairedYcsbRun.Measure(workload, records: 300, operations: 20, warmupRounds: 1, measuredRounds: 3);

        Assert.Equal(workload, result.Workload);
        Assert.Equal(PairedYcsbRun.Contenders.Length, result.Micros.Length);
        foreach (double[] rounds in result.Micros)
        {
            Assert.Equal(3, rounds.Length);
            Assert.All(rounds, micros => Assert.True(micros > 0, $"a round of {workload} measured {micros} µs per operation"));
        }
    }

    [Fact]
    public void Round_ratios_divide_the_same_round_and_come_sorted()
    {
        var result = new PairedYcsbResult(YcsbWorkload.A, [[100, 200, 400], [150, 100, 350]]);

        Assert.Equal([0.5, 0.875, 1.5], result.RoundRatios(1, 0));
        Assert.Equal(200, result.Mean(1), 6);
    }
}
