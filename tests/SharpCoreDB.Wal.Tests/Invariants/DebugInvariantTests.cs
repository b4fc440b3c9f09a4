using SharpCoreDB.Storage.Tests.Kit;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Invariants;

/// <summary>
/// The Debug-only invariant checks fire on a broken state, and are compiled out of Release builds. The checks are
/// called here on hand-made states (they are pure functions of the marks or commits they are given), so nothing in
/// a live store has to be broken to show them working.
/// </summary>
public sealed class DebugInvariantTests
{
    [Fact]
    public void Sequence_marks_check_reports_a_backfilled_mark_past_the_durable_one_in_debug_builds()
    {
        using var trap = new DebugAssertTrap();
        WalPageStore.AssertSequenceMarks(backfilled: 5, durable: 4, visible: 4, enqueued: 5, asyncVisibility: false, new Queue<(ulong, uint)>());
        AssertFiredInDebug(trap, "Backfilled sequence 5 is past the durable sequence 4.");
    }

    [Fact]
    public void Sequence_marks_check_reports_an_in_flight_commit_that_is_already_visible_in_debug_builds()
    {
        using var trap = new DebugAssertTrap();
        var inFlight = new Queue<(ulong Sequence, uint PageCount)>();
        inFlight.Enqueue((7, 2));
        WalPageStore.AssertSequenceMarks(backfilled: 3, durable: 8, visible: 8, enqueued: 8, asyncVisibility: false, inFlight);
        AssertFiredInDebug(trap, "In-flight commit 7 follows 8: not newer than what is visible, or out of order.");
    }

    [Fact]
    public void Sequence_marks_check_accepts_sound_marks()
    {
        using var trap = new DebugAssertTrap();
        var inFlight = new Queue<(ulong Sequence, uint PageCount)>();
        inFlight.Enqueue((9, 2));
        inFlight.Enqueue((10, 2));
        WalPageStore.AssertSequenceMarks(backfilled: 3, durable: 8, visible: 8, enqueued: 10, asyncVisibility: false, inFlight);
        WalPageStore.AssertSequenceMarks(backfilled: 3, durable: 4, visible: 10, enqueued: 10, asyncVisibility: true, new Queue<(ulong, uint)>());
        Assert.Empty(trap.Failures);
    }

    [Fact]
    public void Write_order_check_reports_a_transaction_written_before_an_older_one_in_debug_builds()
    {
        using var trap = new DebugAssertTrap();
        var index = new WalIndex();
        WalCommit newer = WalCommit.ForFrames(new uint[1], 0, 2, sequence: 12, index, awaited: false);
        WalCommit older = WalCommit.ForFrames(new uint[1], 0, 2, sequence: 11, index, awaited: false);
        WalWriter.AssertWriteOrder(lastWritten: 10, [newer, older]);
        AssertFiredInDebug(trap, "Transaction 11 would be written after 12: the log would not be in commit order.");
    }

    private static void AssertFiredInDebug(DebugAssertTrap trap, string message)
    {
#if DEBUG
        Assert.Equal([message], trap.Failures);
#else
        // The check and its call are compiled out: nothing runs, nothing fires.
        _ = message;
        Assert.Empty(trap.Failures);
#endif
    }
}
