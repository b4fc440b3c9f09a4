using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// The log writer fills in each written version's offset while the commits queued after it are still in the index:
/// an Async committer runs up to the queue's 4,096 commits ahead, all to the same hot leaf. The version was found by a
/// scan from the newest, which looked at that whole backlog for every frame written (about 8.4 million entries for
/// 4,096 versions written oldest first); a binary search looks at 13 or 14 each.
/// </summary>
public sealed class WalIndexOffsetTests
{
    [Fact]
    public void A_version_not_in_the_index_is_refused_wherever_it_would_fall()
    {
        WalIndex index = QueuedVersions.OfOnePage(7, 2, 20, step: 2);

        // Before the oldest, between two versions, after the newest, and a page with no versions at all.
        Assert.Throws<InvalidOperationException>(() => index.SetOffset(7, 1, 100));
        Assert.Throws<InvalidOperationException>(() => index.SetOffset(7, 11, 100));
        Assert.Throws<InvalidOperationException>(() => index.SetOffset(7, 21, 100));
        Assert.Throws<InvalidOperationException>(() => index.SetOffset(8, 2, 100));

        index.SetOffset(7, 2, 200);
        index.SetOffset(7, 20, 2000);
        Assert.True(index.TryFind(7, 3, out ulong found, out long offset));
        Assert.Equal((2UL, 200L), (found, offset));
        Assert.True(index.TryFind(7, 20, out found, out offset));
        Assert.Equal((20UL, 2000L), (found, offset));
    }

    [Fact]
    public void Filling_in_offsets_behind_a_backlog_searches_a_few_entries_each()
    {
        const int Versions = 4096;
        WalIndex index = QueuedVersions.OfOnePage(7, 1, Versions);
        for (ulong sequence = 1; sequence <= Versions; sequence++)
        {
            index.SetOffset(7, sequence, (long)sequence * 100);
        }

        for (ulong sequence = 1; sequence <= Versions; sequence++)
        {
            Assert.True(index.TryFind(7, sequence, out ulong found, out long offset));
            Assert.Equal(sequence, found);
            Assert.Equal((long)sequence * 100, offset);
        }

        Assert.True(index.EntriesSearched <= Versions * 14L, $"{index.EntriesSearched} entries searched to fill in {Versions} offsets");
    }
}
