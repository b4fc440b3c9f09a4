using SharpCoreDB.Storage.Collections;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Writing;

/// <summary>
/// The page map the log writer plans each group with is emptied after every log transaction, and emptying a dictionary
/// costs its capacity, not its count: one bulk commit used to make every one-page commit after it clear a map sized for
/// the bulk (a user-space memset on the path of every lone durable commit).
/// </summary>
public sealed class SegmentMapTests
{
    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void A_small_group_after_a_large_one_empties_a_small_page_map(DurabilityMode mode)
    {
        using var device = new MemoryStorageDevice("wal");
        using var log = new FrameLog(device, mode);
        log.Commit([.. Enumerable.Range(1, 3_000).Select(i => (uint)i)]);
        Assert.True(log.Writer.SegmentMapCapacity >= 3_000, $"capacity {log.Writer.SegmentMapCapacity} after 3,000 pages");

        log.Commit(7);
        log.Commit(8);
        log.Flush();
        Assert.True(log.Writer.SegmentMapCapacity <= 2 * ReusedMap.KeptCapacity, $"after one-page commits the map still has room for {log.Writer.SegmentMapCapacity} pages");
        Assert.Equal(3_002, FrameLog.Scan(device).Frames.Count);
    }

    [Fact]
    public void A_small_group_after_a_large_one_empties_a_small_set_of_pages_sealed_ahead()
    {
        using var device = new MemoryStorageDevice("wal");
        // A write transaction reported under way makes the worker take its group-commit delay, which seals ahead.
        using var log = new FrameLog(device, DurabilityMode.FullSync, committersAhead: () => 1);
        // Its room after the large group is not asserted: the worker may already have emptied it by then.
        log.Commit([.. Enumerable.Range(1, 3_000).Select(i => (uint)i)]);
        log.Flush();

        // The worker empties the set after it completes a group's committers: the second commit's group starts only
        // after the first group's set was emptied.
        log.Commit(7);
        log.Commit(8);
        log.Flush();
        Assert.True(log.Writer.AheadPagesCapacity <= 2 * ReusedMap.KeptCapacity, $"after one-page groups the set still has room for {log.Writer.AheadPagesCapacity} pages");
        Assert.Equal(3_002, FrameLog.Scan(device).Frames.Count);
    }
}
