using System.Runtime.InteropServices;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Writing;

/// <summary>
/// The event a FullSync committer sleeps on until its group is durable: set before the wait, the wait returns without
/// sleeping; set during it, the sleeper is woken by one wake-up call (a futex on Linux x64 and Arm64; the slim-event
/// fallback elsewhere behaves the same, without the counts).
/// </summary>
public sealed class WakeEventTests
{
    // A hang detector only: the waits below end as soon as the condition holds.
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(30);

    [Fact]
    public void Futex_is_used_on_Linux_x64_and_Arm64()
    {
        bool expected = OperatingSystem.IsLinux()
            && RuntimeInformation.ProcessArchitecture is Architecture.X64 or Architecture.Arm64;
        Assert.Equal(expected, new WakeEvent().UsesFutex);
        Assert.False(new WakeEvent(useFutex: false).UsesFutex);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Wait_after_Set_returns_without_sleeping(bool useFutex)
    {
        var wake = new WakeEvent(useFutex);
        wake.Set();
        wake.Wait();
        Assert.Equal(0, wake.Sleeps);
        Assert.Equal(0, wake.WakeCalls);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Set_wakes_a_sleeping_owner_with_one_wake_up_call(bool useFutex)
    {
        var wake = new WakeEvent(useFutex);
        for (int round = 0; round < 3; round++)
        {
            wake.Reset();
            var sleeper = new Thread(wake.Wait);
            sleeper.Start();
            WaitUntil(() => wake.IsWaiting, "the owner asleep");
            Assert.True(sleeper.IsAlive);
            wake.Set();
            Assert.True(sleeper.Join(HangGuard), "the owner was never woken");
        }

        if (wake.UsesFutex)
        {
            // One call per set; the sleeps are at least one per round (a signal can end one early, and it sleeps again).
            Assert.Equal(3, wake.WakeCalls);
            Assert.InRange(wake.Sleeps, 3, long.MaxValue);
        }
    }

    [Fact]
    public void Set_without_a_sleeper_makes_no_wake_up_call()
    {
        var wake = new WakeEvent();
        wake.Set();
        wake.Set();
        wake.Reset();
        wake.Set();
        Assert.Equal(0, wake.WakeCalls);
        Assert.False(wake.IsWaiting);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Timed_wait_that_nobody_sets_returns_false_and_a_later_set_needs_no_wake_up_call(bool useFutex)
    {
        var wake = new WakeEvent(useFutex);
        Assert.False(wake.Wait(20, CancellationToken.None));
        Assert.False(wake.IsWaiting);
        wake.Set();
        Assert.Equal(0, wake.WakeCalls);
        Assert.True(wake.Wait(Timeout.Infinite, CancellationToken.None));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Timed_wait_is_ended_by_a_set_with_one_wake_up_call(bool useFutex)
    {
        var wake = new WakeEvent(useFutex);
        bool woken = false;
        var sleeper = new Thread(() => woken = wake.Wait((int)HangGuard.TotalMilliseconds, CancellationToken.None));
        sleeper.Start();
        WaitUntil(() => wake.IsWaiting, "the owner asleep");
        wake.Set();
        Assert.True(sleeper.Join(HangGuard), "the owner was never woken");
        Assert.True(woken);
        if (wake.UsesFutex)
        {
            Assert.Equal(1, wake.WakeCalls);
        }
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Canceling_the_token_ends_a_wait_with_OperationCanceledException(bool useFutex)
    {
        var wake = new WakeEvent(useFutex);
        using var cancel = new CancellationTokenSource();
        Exception? thrown = null;
        var sleeper = new Thread(() => thrown = Record.Exception(() => wake.Wait(Timeout.Infinite, cancel.Token)));
        sleeper.Start();
        WaitUntil(() => wake.IsWaiting, "the owner asleep");
        cancel.Cancel();
        Assert.True(sleeper.Join(HangGuard), "the owner was never woken");
        Assert.IsAssignableFrom<OperationCanceledException>(thrown);

        // Canceled before the wait: it throws without sleeping.
        wake.Reset();
        long sleeps = wake.Sleeps;
        Assert.ThrowsAny<OperationCanceledException>(() => wake.Wait(Timeout.Infinite, cancel.Token));
        Assert.Equal(sleeps, wake.Sleeps);
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
