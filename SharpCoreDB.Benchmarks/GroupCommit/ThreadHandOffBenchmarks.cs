using BenchmarkDotNet.Attributes;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// The machine's own cost of putting a thread to sleep and waking it, measured in the same run as the commit
/// benchmarks because it bounds group commit: every FullSync committer sleeps while its group syncs and is woken
/// after, and the commits of a group pass the writer slot one after another, so each needs its thread scheduled
/// again. Two threads hand a turn back and forth 1,024 times per invocation; the figure is one round trip (two
/// hand-offs).
/// </summary>
/// <remarks>
/// <see cref="BlockingRoundTrip"/> uses Monitor.Wait/Pulse: the waiter always sleeps in the kernel, so this is the
/// price of a wake-up. <see cref="SpinningRoundTrip"/> uses SemaphoreSlim, which spins (yielding) before it sleeps,
/// so the other thread is usually still awake when its turn comes. On bare metal both are a few microseconds; on a
/// virtual machine whose idle virtual CPUs halt, the blocking one can cost a hundred times more.
/// </remarks>
[MemoryDiagnoser]
[Config(typeof(CommitJobConfig))]
public class ThreadHandOffBenchmarks
{
    private const int RoundTrips = 1024;

    /// <summary>1,024 round trips between two threads that sleep while they wait.</summary>
    /// <returns>The round trips made.</returns>
    [Benchmark(OperationsPerInvoke = RoundTrips)]
    public int BlockingRoundTrip()
    {
        object gate = new();
        bool served = false;
        var server = new Thread(() =>
        {
            for (int i = 0; i < RoundTrips; i++)
            {
                lock (gate)
                {
                    while (!served)
                    {
                        Monitor.Wait(gate);
                    }

                    served = false;
                    Monitor.Pulse(gate);
                }
            }
        });
        server.Start();
        for (int i = 0; i < RoundTrips; i++)
        {
            lock (gate)
            {
                served = true;
                Monitor.Pulse(gate);
                while (served)
                {
                    Monitor.Wait(gate);
                }
            }
        }

        server.Join();
        return RoundTrips;
    }

    /// <summary>1,024 round trips between two threads that spin (yielding) before they sleep.</summary>
    /// <returns>The round trips made.</returns>
    [Benchmark(OperationsPerInvoke = RoundTrips)]
    public int SpinningRoundTrip()
    {
        using var ping = new SemaphoreSlim(0);
        using var pong = new SemaphoreSlim(0);
        var server = new Thread(() =>
        {
            for (int i = 0; i < RoundTrips; i++)
            {
                ping.Wait();
                pong.Release();
            }
        });
        server.Start();
        for (int i = 0; i < RoundTrips; i++)
        {
            ping.Release();
            pong.Wait();
        }

        server.Join();
        return RoundTrips;
    }
}
