using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Kit;

namespace SharpCoreDB.Storage.Tests.Paging;

public sealed class PageAllocatorTests
{
    [Fact]
    public void Churn_reuses_freed_pages_so_the_file_stays_bounded()
    {
        const int seed = 8675309;
        const int maxLive = 120;
        var rng = new Random(seed);
        using var kit = new PagerTestKit(cachePages: 32);
        var model = new Dictionary<uint, int>();
        int version = 0;
        int peakLive = 0;
        PagerStore store = kit.Open();
        try
        {
            int transactions = PagerTestKit.Stress ? 5_000 : 150;
            for (int txn = 0; txn < transactions; txn++)
            {
                var before = new Dictionary<uint, int>(model);
                using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
                {
                    for (int op = 0; op < 20; op++)
                    {
                        bool grow = model.Count < maxLive && (model.Count == 0 || rng.Next(2) == 0);
                        if (grow)
                        {
                            using PageLease page = tx.Allocate();
                            Assert.True(page.Data.IndexOfAnyExcept((byte)0) < 0, $"seed {seed}: allocated page {page.PageNumber} is not zero-filled");
                            Assert.False(model.ContainsKey(page.PageNumber), $"seed {seed}: page {page.PageNumber} handed out while in use");
                            PagerTestKit.Fill(page.Writable, page.PageNumber, ++version);
                            model[page.PageNumber] = version;
                        }
                        else
                        {
                            uint victim = model.Keys.ElementAt(rng.Next(model.Count));
                            tx.Free(victim);
                            model.Remove(victim);
                        }

                        peakLive = Math.Max(peakLive, model.Count);
                    }

                    if (rng.Next(10) == 0)
                    {
                        // A rolled-back transaction must leave the free list as it was.
                        tx.Rollback();
                        model = before;
                        AssertAccounted(store, model, $"seed {seed}, rolled back txn {txn}");
                        continue;
                    }

                    tx.Commit();
                }

                AssertAccounted(store, model, $"seed {seed}, txn {txn}");
                if (txn % 25 == 24)
                {
                    store.Dispose();
                    store = kit.Open();
                    PagerTestKit.AssertMatches(store, model, $"seed {seed}, reopen after txn {txn}");
                }
            }

            // Every page ever needed was live at some point or is a trunk holding free pages.
            Assert.True(store.CommittedPageCount <= peakLive + 3, $"seed {seed}: {store.CommittedPageCount} pages for a peak of {peakLive} live pages");
            Assert.True(kit.Database.Length <= (peakLive + 3) * 4096L, $"seed {seed}: file is {kit.Database.Length} bytes");
        }
        finally
        {
            store.Dispose();
        }
    }

    [Fact]
    public void Free_list_spanning_several_trunks_is_consumed_completely_before_the_file_grows()
    {
        using var kit = new PagerTestKit(cachePages: 16);
        using PagerStore store = kit.Open();
        int capacity = FreeListTrunk.Capacity(store.UsableSize);
        int pages = (2 * capacity) + 10;
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            for (int i = 0; i < pages; i++)
            {
                tx.Allocate().Dispose();
            }

            tx.Commit();
        }

        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            for (uint p = 1; p <= pages; p++)
            {
                tx.Free(p);
            }

            tx.Commit();
        }

        var free = new List<uint>();
        using (IReadTransaction read = store.BeginRead())
        {
            PageAllocator.CollectFreePages((ITransactionPageAccess)read, free);
        }

        Assert.Equal(pages, free.Count);
        uint pageCount = store.CommittedPageCount;
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            var handedOut = new HashSet<uint>();
            for (int i = 0; i < pages; i++)
            {
                using PageLease page = tx.Allocate();
                Assert.True(handedOut.Add(page.PageNumber), $"page {page.PageNumber} handed out twice");
            }

            using (PageLease grown = tx.Allocate())
            {
                Assert.Equal(pageCount, grown.PageNumber);
            }

            tx.Commit();
        }

        free.Clear();
        using IReadTransaction check = store.BeginRead();
        PageAllocator.CollectFreePages((ITransactionPageAccess)check, free);
        Assert.Empty(free);
    }

    [Fact]
    public void Freed_page_is_reusable_in_the_same_transaction()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
        uint first;
        using (PageLease page = tx.Allocate())
        {
            first = page.PageNumber;
        }

        using (PageLease page = tx.Allocate())
        {
            tx.Free(first);
        }

        using (PageLease again = tx.Allocate())
        {
            Assert.Equal(first, again.PageNumber);
        }
    }

    [Fact]
    public void Free_list_head_pointing_at_a_non_trunk_page_is_corrupt()
    {
        using var kit = new PagerTestKit();
        PagerStoreTests.WritePages(kit, 3);
        using PagerStore store = kit.Open();
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
        var access = (ITransactionPageAccess)tx;
        using (PageLease header = access.WritePage(0))
        {
            DatabaseHeader.SetFreeListHead(header.Writable, 2);
            DatabaseHeader.SetFreePageCount(header.Writable, 1);
        }

        var ex = Assert.Throws<SharpCoreDBException>(() => tx.Allocate());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, ex.ErrorCode);
        Assert.Contains("page 2 of 'test.scdb'", ex.Message, StringComparison.Ordinal);
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, Assert.Throws<SharpCoreDBException>(() => PageAllocator.CollectFreePages(access, new List<uint>())).ErrorCode);
    }

    [Fact]
    public void Freeing_page_zero_or_beyond_the_page_count_is_misuse()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
        Assert.Throws<ArgumentOutOfRangeException>(() => tx.Free(0));
        Assert.Throws<ArgumentOutOfRangeException>(() => tx.Free(7));
    }

    private static void AssertAccounted(PagerStore store, Dictionary<uint, int> model, string context)
    {
        var free = new List<uint>();
        using (IReadTransaction read = store.BeginRead())
        {
            PageAllocator.CollectFreePages((ITransactionPageAccess)read, free);
        }

        var all = new HashSet<uint>(free);
        foreach (uint live in model.Keys)
        {
            Assert.True(all.Add(live), $"{context}: live page {live} is also on the free list");
        }

        Assert.True(all.Count == store.CommittedPageCount - 1, $"{context}: {all.Count} pages accounted for, {store.CommittedPageCount - 1} exist");
        PagerTestKit.AssertMatches(store, model, context);
    }
}
