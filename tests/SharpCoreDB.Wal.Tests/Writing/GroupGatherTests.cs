using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Writing;

/// <summary>
/// The FullSync log writer's group-commit delay: in a crowd of committers it sleeps until the committer that completes
/// the group wakes it, instead of spinning (each round a <c>sched_yield</c> taken from the committers); and whatever
/// the timing, no commit is acknowledged before it is durable and none is left waiting.
/// </summary>
public sealed class GroupGatherTests
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(60);

    [Fact]
    public void FullSync_log_writer_gathering_a_crowded_group_sleeps_without_spinning_and_is_woken_by_the_commits()
    {
        const int Committers = 12;
        const int CommitsEach = 15;

        // A sync of 3 ms makes the group-commit delay's deadline its cap (1 ms), and the committers released by one sync
        // come back one by one: the writer has a group to gather after every sync.
        using var log = new FrameLog(new SlowFlushDevice(new MemoryStorageDevice("gather-wal"), TimeSpan.FromMilliseconds(3)), DurabilityMode.FullSync, committersAhead: () => 100);
        log.Commit(1);
        long sleptBefore = log.Writer.GatherSleeps;
        string? early = RunCommitters(log, Committers, CommitsEach, seed: null);

        Assert.Null(early);
        Assert.Equal(0, log.Writer.GatherSpinRounds);
        Assert.True(log.Writer.GatherSleeps > sleptBefore, "The writer never slept for a group.");
        Assert.True(log.Writer.SyncCount < 1 + (Committers * CommitsEach), $"{log.Writer.SyncCount} syncs: no commit was grouped.");
    }

    [Theory]
    [InlineData(7)]
    [InlineData(1_234)]
    [InlineData(99_991)]
    public void FullSync_random_crowd_acknowledges_no_commit_before_it_is_durable_and_leaves_none_waiting(int seed)
    {
        // The crowd's size as the writer sees it changes at random, so gathers sleep or spin, wake by the group's last
        // commit or by the deadline, and committers pause at random between commits.
        int ahead = 0;
        using var log = new FrameLog(new SlowFlushDevice(new MemoryStorageDevice("gather-stress-wal"), TimeSpan.FromMilliseconds(1)), DurabilityMode.FullSync, committersAhead: () => Volatile.Read(ref ahead));
        log.Commit(1);
        var random = new Random(seed);
        using var stop = new CancellationTokenSource();
        var crowd = new Thread(() =>
        {
            var own = new Random(seed ^ 0x5EED);
            while (!stop.IsCancellationRequested)
            {
                Volatile.Write(ref ahead, own.Next(3) == 0 ? 0 : own.Next(1, 40));
                Thread.Sleep(own.Next(2));
            }
        });
        crowd.Start();
        string? early;
        try
        {
            early = RunCommitters(log, 16, 25, random.Next());
        }
        finally
        {
            stop.Cancel();
            crowd.Join();
        }

        Assert.True(early is null, $"seed {seed}: {early}");
        log.Flush();
        Assert.Equal(1 + (16UL * 25), log.LastDurable);
    }

    // Runs `committers` threads making `commitsEach` FullSync commits of their own pages each, waiting for each to be
    // durable; returns the first commit acknowledged before the log called it durable, or null. A seed adds random pauses.
    private static string? RunCommitters(FrameLog log, int committers, int commitsEach, int? seed)
    {
        string? early = null;
        var threads = new Thread[committers];
        for (int t = 0; t < committers; t++)
        {
            int index = t;
            threads[t] = new Thread(() =>
            {
                Random? random = seed is { } s ? new Random(s + index) : null;
                for (int i = 0; i < commitsEach; i++)
                {
                    WalCommit commit;
                    lock (log.Gate)
                    {
                        commit = log.Append([(uint)(10 + index)]);
                    }

                    log.Writer.WaitFor(commit);
                    if (log.LastDurable < commit.Sequence)
                    {
                        Interlocked.CompareExchange(ref early, $"commit {commit.Sequence} returned while {log.LastDurable} was durable", null);
                    }

                    if (random is not null)
                    {
                        Pause(random);
                    }
                }
            });
            threads[t].Start();
        }

        foreach (Thread thread in threads)
        {
            Assert.True(thread.Join(HangGuard), "a committer was never released");
        }

        return early;
    }

    private static void Pause(Random random)
    {
        switch (random.Next(8))
        {
            case 0:
                Thread.Yield();
                break;
            case 1:
                Thread.SpinWait(random.Next(1, 2_000));
                break;
            case 2:
                Thread.Sleep(random.Next(2));
                break;
        }
    }
}
