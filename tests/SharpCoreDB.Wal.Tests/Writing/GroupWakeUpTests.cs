using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Writing;

/// <summary>
/// How FullSync committers that sleep until their group is durable are woken: the log writer wakes one and they wake
/// each other, so the writer goes back to the log at once; and sleeping allocates nothing.
/// </summary>
public sealed class GroupWakeUpTests
{
    // A hang detector only: the waits below end as soon as the condition holds.
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(30);

    [Fact]
    public void FullSync_group_of_sleeping_committers_costs_the_log_writer_one_wake_up()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("wake-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync);
        log.Commit(1);
        HoldNextSync(log, device, page: 2);
        try
        {
            RunSleepers(log, device);
        }
        finally
        {
            // A failed assertion must not leave the writer stuck at the gate, or closing the log would hang.
            device.Open();
        }
    }

    private static void RunSleepers(FrameLog log, GatedDevice device)
    {
        const int Committers = 24;
        long wakeUpsBefore = log.Writer.WakeUpsByWorker;
        var queued = new WalCommit[Committers];
        var threads = new Thread[Committers];
        for (int t = 0; t < Committers; t++)
        {
            int index = t;
            threads[t] = new Thread(() =>
            {
                lock (log.Gate)
                {
                    queued[index] = log.Append([(uint)(10 + index)]);
                }

                log.Writer.WaitFor(queued[index]);
            });
            threads[t].Start();
        }

        // Every committer spins out its budget and goes to sleep behind the held sync.
        WaitUntil(() => log.Writer.SleepingWaiters == Committers, "all committers asleep");
        device.Open();
        foreach (Thread thread in threads)
        {
            Assert.True(thread.Join(HangGuard), "a committer was never woken");
        }

        Assert.All(queued, c => Assert.True(c.Completion!.Task.IsCompletedSuccessfully));
        Assert.Equal(queued.Max(c => c.Sequence), log.LastDurable);
        Assert.Equal(1, log.Writer.WakeUpsByWorker - wakeUpsBefore);
    }

    [Fact]
    public void FullSync_failed_sync_wakes_every_sleeping_committer_of_its_group_with_the_error()
    {
        const int Committers = 12;

        // The gate sits outside the fault injector: a flush held at the gate must not hold the injector's lock.
        using var faults = new FaultInjectingDevice(new MemoryStorageDevice("wake-fail-wal"), trackPowerLoss: false);
        using var device = new GatedDevice(faults);
        using var log = new FrameLog(device, DurabilityMode.FullSync);
        log.Commit(1);
        HoldNextSync(log, device, page: 2);
        var errors = new SharpCoreDBException?[Committers];
        Thread[] threads = [];
        try
        {
            threads = StartCommitters(log, Committers, (index, commit) => errors[index] = Assert.Throws<SharpCoreDBException>(() => log.Writer.WaitFor(commit)));
            WaitUntil(() => log.Writer.SleepingWaiters == Committers, "all committers asleep");

            // The held sync succeeds; the next one, the sleepers' group's, fails, and is not retried.
            faults.FailFlushAt(faults.FlushCount + 2, forever: true);
        }
        finally
        {
            device.Open();
        }

        foreach (Thread thread in threads)
        {
            Assert.True(thread.Join(HangGuard), "a committer was never woken");
        }

        Assert.All(errors, e => Assert.Equal(SharpCoreDBErrorCode.IoError, e!.ErrorCode));
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => log.Commit(9)).ErrorCode);
    }

    [Fact]
    public void FullSync_committer_sleeping_until_its_commit_is_durable_allocates_nothing_while_it_waits()
    {
        using var device = new GatedDevice(new MemoryStorageDevice("alloc-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync);
        log.Commit(1);
        long waitAllocated = -1;
        WalCommit? waiting = null;
        using var go = new SemaphoreSlim(0);
        var committer = new Thread(() =>
        {
            // The first sleep sets up what the thread sleeps on; the second is measured. Each round's commit queues
            // behind a sync the test holds, so the committer spins out its budget and sleeps.
            for (int round = 0; round < 2; round++)
            {
                if (!go.Wait(HangGuard))
                {
                    return;
                }

                WalCommit commit;
                lock (log.Gate)
                {
                    commit = log.Append([(uint)(10 + round)]);
                }

                Volatile.Write(ref waiting, commit);
                long before = GC.GetAllocatedBytesForCurrentThread();
                log.Writer.WaitFor(commit);
                waitAllocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }
        });
        committer.Start();
        try
        {
            for (int round = 0; round < 2; round++)
            {
                HoldNextSync(log, device, page: (uint)(2 + round));
                go.Release();
                WaitUntil(() => log.Writer.SleepingWaiters == 1 && Volatile.Read(ref waiting) is { HasWaitingSleeper: true }, "the committer asleep");
                device.Open();
                WaitUntil(() => log.Writer.SleepingWaiters == 0, "the committer awake");
            }
        }
        finally
        {
            device.Open();
        }

        Assert.True(committer.Join(HangGuard), "the committer was never woken");
        Assert.Equal(0, waitAllocated);
    }

    [Fact]
    public void FullSync_committers_waiting_while_more_writers_have_begun_than_there_are_CPUs_sleep_without_spinning()
    {
        const int Committers = 4;

        // More write transactions begun (holding or queued for the writer slot) than CPUs: a committer released by its
        // group would queue behind them, so spinning for the release only takes CPU from the slot's holder.
        using var device = new GatedDevice(new MemoryStorageDevice("crowded-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync, committersAhead: () => Environment.ProcessorCount + 1);
        log.Commit(1);
        HoldNextSync(log, device, page: 2);
        long spunBefore = log.Writer.WaitSpinRounds;
        Thread[] threads = [];
        try
        {
            threads = StartCommitters(log, Committers, (_, commit) => log.Writer.WaitFor(commit));
            WaitUntil(() => log.Writer.SleepingWaiters == Committers, "all committers asleep");
        }
        finally
        {
            device.Open();
        }

        foreach (Thread thread in threads)
        {
            Assert.True(thread.Join(HangGuard), "a committer was never woken");
        }

        Assert.Equal(0, log.Writer.WaitSpinRounds - spunBefore);
    }

    [Fact]
    public void FullSync_committers_beyond_two_per_CPU_waiting_for_one_sync_sleep_without_spinning()
    {
        int committers = (2 * Environment.ProcessorCount) + 8;
        using var device = new GatedDevice(new MemoryStorageDevice("spinners-wal"));
        using var log = new FrameLog(device, DurabilityMode.FullSync);
        log.Commit(1);
        HoldNextSync(log, device, page: 2);
        long spinningBefore = log.Writer.SpinningWaits;
        Thread[] threads = [];
        try
        {
            threads = StartCommitters(log, committers, (_, commit) => log.Writer.WaitFor(commit));
            WaitUntil(() => log.Writer.SleepingWaiters == committers, "all committers asleep");
        }
        finally
        {
            device.Open();
        }

        foreach (Thread thread in threads)
        {
            Assert.True(thread.Join(HangGuard), "a committer was never woken");
        }

        Assert.Equal(2 * Environment.ProcessorCount, log.Writer.SpinningWaits - spinningBefore);
    }

    // Starts `count` committer threads, each appending one commit (of page 10 + its index) and passing it to `wait`.
    private static Thread[] StartCommitters(FrameLog log, int count, Action<int, WalCommit> wait)
    {
        var threads = new Thread[count];
        for (int t = 0; t < count; t++)
        {
            int index = t;
            threads[t] = new Thread(() =>
            {
                WalCommit commit;
                lock (log.Gate)
                {
                    commit = log.Append([(uint)(10 + index)]);
                }

                wait(index, commit);
            });
            threads[t].Start();
        }

        return threads;
    }

    // Makes the log's next sync (of one commit of `page`) wait at the gate, so what is appended next queues behind it.
    private static void HoldNextSync(FrameLog log, GatedDevice device, uint page)
    {
        device.Close();
        lock (log.Gate)
        {
            _ = log.Append([page]);
        }

        device.WaitForFlushAtGate();
    }

    private static void WaitUntil(Func<bool> condition, string what)
    {
        var guard = System.Diagnostics.Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(guard.Elapsed < HangGuard, $"Gave up waiting for {what}.");
            Thread.Sleep(1);
        }
    }
}
