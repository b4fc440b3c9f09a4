using System.Diagnostics;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>Paired rounds time each contender by the clock and by the process's CPU time, apart.</summary>
[Collection(SerialCollection.Name)]
public sealed class PairedCpuTimeTests
{
    [Fact]
    public void A_contender_that_computes_and_one_that_sleeps_differ_in_cpu_time_not_in_clock_time()
    {
        // Each invocation lasts 20 ms and makes two operations: one spins, the other sleeps.
        Func<int>[] invocations =
        [
            () =>
            {
                long end = Stopwatch.GetTimestamp() + (Stopwatch.Frequency / 50);
                while (Stopwatch.GetTimestamp() < end)
                {
                }

                return 2;
            },
            () =>
            {
                Thread.Sleep(20);
                return 2;
            },
        ];

        double[][] micros = PairedRounds.Measure(invocations, new Action?[2], invocationsPerRound: 1, warmupRounds: 1, measuredRounds: 3, out double[][] cpu);

        for (int round = 0; round < 3; round++)
        {
            string context = $"round {round}: clock {micros[0][round]:F0} / {micros[1][round]:F0}, CPU {cpu[0][round]:F0} / {cpu[1][round]:F0} µs per operation";
            Assert.True(micros[0][round] >= 10_000 && micros[1][round] >= 10_000, context);

            // Even on a machine busy with other processes the spinning thread gets a share of a core; the sleeping
            // one's process does next to nothing.
            Assert.True(cpu[0][round] >= 2_500, context);
            Assert.True(cpu[1][round] < micros[1][round] / 4, context);
            Assert.True(cpu[0][round] > 2 * cpu[1][round], context);
        }

        var result = new PairedResult("spin and sleep", micros, cpu);
        Assert.Same(cpu, result.InCpuTime!.Micros);
        Assert.Null(new PairedResult("clock only", micros).InCpuTime);
    }
}
