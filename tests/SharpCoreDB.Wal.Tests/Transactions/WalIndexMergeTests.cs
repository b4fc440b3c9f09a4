using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// The log writer forgets the versions it merged away in a group with one pass per page (<see cref="WalIndex.RemoveMerged"/>).
/// Removed one at a time, each search and move covered every newer version, the group's and those queued behind it,
/// so an Async group of a thousand commits to one leaf cost about a million entry moves; now about two per version.
/// </summary>
public sealed class WalIndexMergeTests
{
    [Fact]
    public void A_merged_group_is_forgotten_in_work_linear_in_its_versions()
    {
        // A group of commits 1..1000 to page 7, merged into version 1000, with commits 1001..2000 queued behind it.
        const int Group = 1000;
        WalIndex index = QueuedVersions.OfOnePage(7, 1, 2 * Group);

        var merged = new List<(uint PageNumber, ulong Sequence)>();
        for (ulong sequence = Group - 1; sequence >= 1; sequence--)
        {
            merged.Add((7, sequence));
        }

        index.RemoveMerged(merged);

        Assert.Equal(Group + 1, index.FrameCount);
        Assert.False(index.TryFind(7, Group - 1, out _, out _));
        Assert.True(index.TryFind(7, Group, out ulong found, out _));
        Assert.Equal((ulong)Group, found);
        Assert.True(index.TryFind(7, 2 * Group, out found, out _));
        Assert.Equal((ulong)(2 * Group), found);
        Assert.True(index.EntriesMoved <= 2 * Group + 1, $"{index.EntriesMoved} entries looked at or moved to forget {Group - 1} versions");
    }

    [Fact]
    public void Merged_versions_of_several_pages_given_in_any_order_are_all_forgotten_and_no_other()
    {
        var index = new WalIndex();
        var expected = new SortedDictionary<(uint, ulong), bool>();
        var random = new Random(22);
        for (ulong sequence = 1; sequence <= 300; sequence++)
        {
            uint page = (uint)random.Next(1, 6);
            index.Add(page, sequence, WalIndex.Unwritten);
            expected[(page, sequence)] = true;
        }

        var merged = expected.Keys.Where(_ => random.Next(3) == 0).OrderBy(_ => random.Next()).ToList();
        foreach ((uint, ulong) version in merged)
        {
            expected.Remove(version);
        }

        index.RemoveMerged(merged);

        Assert.Equal(expected.Count, index.FrameCount);
        for (uint page = 1; page <= 5; page++)
        {
            for (ulong sequence = 1; sequence <= 300; sequence++)
            {
                // The newest surviving version at or below each sequence, by the oracle.
                ulong newest = expected.Keys.Where(k => k.Item1 == page && k.Item2 <= sequence).Select(k => k.Item2).DefaultIfEmpty(0UL).Max();
                bool has = index.TryFind(page, sequence, out ulong found, out _);
                Assert.Equal(newest != 0, has);
                Assert.Equal(newest, has ? found : 0);
            }
        }
    }

    [Fact]
    public void Forgetting_a_version_the_index_does_not_hold_throws()
    {
        var index = new WalIndex();
        index.Add(3, 1, WalIndex.Unwritten);
        index.Add(3, 2, WalIndex.Unwritten);

        Assert.Throws<InvalidOperationException>(() => index.RemoveMerged([(3, 5)]));
        Assert.Throws<InvalidOperationException>(() => index.RemoveMerged([(4, 1)]));
    }
}
