using SharpCoreDB.Benchmarks.Crud;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Benchmarks.Ycsb;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>The paired runs measure every contender in every round, and their ratios pair rounds.</summary>
public sealed class PairedRunTests
{
    /// <summary>Creates the tests (tiny scale: no JIT warm-up, tiny tables).</summary>
    public PairedRunTests() => BenchScale.Tiny = true;

    [Theory]
    [InlineData(YcsbWorkload.A)]
    [InlineData(YcsbWorkload.B)]
    [InlineData(YcsbWorkload.C)]
    [InlineData(YcsbWorkload.D)]
    [InlineData(YcsbWorkload.E)]
    [InlineData(YcsbWorkload.F)]
    public void Every_ycsb_contender_is_measured_in_every_round(YcsbWorkload workload)
    {
        PairedResult result = PairedYcsbRun.Measure(workload, warmupRounds: 1, measuredRounds: 3);

        Assert.Equal(workload.ToString(), result.Scenario);
        AssertEveryRoundMeasured(result, PairedYcsbRun.Contenders.Length, 3);
    }

    [Fact]
    public void Every_crud_contender_is_measured_in_every_round_and_deletes_leave_the_tables_whole()
    {
        var benchmarks = new CrudBenchmarks[PairedCrudRun.Contenders.Length];
        try
        {
            for (int c = 0; c < benchmarks.Length; c++)
            {
                benchmarks[c] = new CrudBenchmarks { Contender = PairedCrudRun.Contenders[c] };
                benchmarks[c].Setup();
            }

            AssertEveryRoundMeasured(PairedCrudRun.Measure(benchmarks, PairedCrudRun.Write.Update, 2, 1, 3), benchmarks.Length, 3);
            AssertEveryRoundMeasured(PairedCrudRun.Measure(benchmarks, PairedCrudRun.Write.Delete, 2, 1, 3), benchmarks.Length, 3);
            AssertEveryRoundMeasured(PairedCrudRun.MeasureScan(benchmarks, 2, 1, 3), benchmarks.Length, 3);

            // Every delete was put back: a full range scan still reads every record.
            foreach (CrudBenchmarks benchmark in benchmarks)
            {
                Assert.Equal(BenchScale.Records(100_000), benchmark.CountRecords());
            }
        }
        finally
        {
            foreach (CrudBenchmarks? benchmark in benchmarks)
            {
                benchmark?.Cleanup();
            }
        }
    }

    [Fact]
    public void Rounds_rotate_the_first_contender_and_time_only_the_invocations()
    {
        var order = new List<int>();
        var prepared = new int[3];
        Func<int>[] invocations = [() => Record(order, 0), () => Record(order, 1), () => Record(order, 2)];
        Action?[] prepare = [() => prepared[0]++, null, () => prepared[2]++];

        double[][] micros = PairedRounds.Measure(invocations, prepare, invocationsPerRound: 2, warmupRounds: 1, measuredRounds: 2);

        Assert.Equal([0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 0, 0, 2, 2, 0, 0, 1, 1], order);
        Assert.Equal([6, 0, 6], prepared);
        Assert.All(micros, rounds => Assert.Equal(2, rounds.Length));
    }

    [Fact]
    public void Round_ratios_divide_the_same_round_and_come_sorted()
    {
        var result = new PairedResult("A", [[100, 200, 400], [150, 100, 350]]);

        Assert.Equal([0.5, 0.875, 1.5], result.RoundRatios(1, 0));
        Assert.Equal(200, result.Mean(1), 6);
        Assert.Equal("0.86 (0.88 [0.50-1.50])", PairedReport.Ratio(result, 1, 0));
    }

    private static int Record(List<int> order, int contender)
    {
        order.Add(contender);
        return 10;
    }

    private static void AssertEveryRoundMeasured(PairedResult result, int contenders, int rounds)
    {
        Assert.Equal(contenders, result.Micros.Length);
        foreach (double[] perRound in result.Micros)
        {
            Assert.Equal(rounds, perRound.Length);
            Assert.All(perRound, micros => Assert.True(micros > 0, $"a round of {result.Scenario} measured {micros} µs per operation"));
        }
    }
}
