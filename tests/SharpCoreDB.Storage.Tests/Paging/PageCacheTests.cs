using System.Buffers.Binary;
using System.Collections.Concurrent;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

public sealed class PageCacheTests
{
    private const int PageSize = 4096;
    private const int Usable = 4088;

    [Fact]
    public void Cache_never_holds_more_unpinned_pages_than_its_capacity()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        for (uint round = 0; round < 3; round++)
        {
            for (uint page = 1; page <= 100; page++)
            {
                using PageLease lease = cache.Read(page, 0, loader);
                Assert.Equal(page, BinaryPrimitives.ReadUInt32LittleEndian(lease.Data));
                Assert.True(cache.Count <= 8, $"count {cache.Count} after page {page}");
            }
        }

        Assert.Equal(300, loader.Loads);
        Assert.Equal(0, cache.PinnedCount);
    }

    [Fact]
    public void Hot_page_stays_cached_under_a_scan()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        for (uint page = 100; page < 400; page++)
        {
            cache.Read(1, 0, loader).Dispose();
            cache.Read(page, 0, loader).Dispose();
        }

        Assert.Equal(1, loader.LoadsOf(1));
        Assert.Equal(299, cache.Hits);
    }

    [Fact]
    public void Pinned_pages_are_never_evicted_and_the_cache_grows_then_shrinks_back()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 4);
        var pinned = new List<PageLease>();
        for (uint page = 1; page <= 10; page++)
        {
            pinned.Add(cache.Read(page, 0, loader));
        }

        Assert.Equal(10, cache.Count);
        Assert.Equal(10, cache.PinnedCount);
        for (uint page = 11; page <= 40; page++)
        {
            cache.Read(page, 0, loader).Dispose();
        }

        for (int i = 0; i < pinned.Count; i++)
        {
            Assert.Equal((uint)(i + 1), BinaryPrimitives.ReadUInt32LittleEndian(pinned[i].Data));
            Assert.Equal((byte)(i + 1), pinned[i].Data[Usable - 1]);
        }

        foreach (PageLease lease in pinned)
        {
            lease.Dispose();
        }

        Assert.True(cache.Count <= 4, $"count {cache.Count}");
        Assert.Equal(0, cache.PinnedCount);
    }

    [Fact]
    public void Update_of_a_leased_page_leaves_the_lease_unchanged_and_serves_new_bytes_to_new_readers()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 4);
        PageLease old = cache.Read(7, 0, loader);
        byte[] updated = new byte[Usable];
        updated.AsSpan().Fill(0xAB);
        cache.Update(7, 0, updated);

        Assert.Equal(7u, BinaryPrimitives.ReadUInt32LittleEndian(old.Data));
        using (PageLease fresh = cache.Read(7, 0, loader))
        {
            // The detached old slot is not served any more; the page is loaded again from its source.
            Assert.Equal(7u, BinaryPrimitives.ReadUInt32LittleEndian(fresh.Data));
            Assert.Equal(2, loader.LoadsOf(7));
        }

        old.Dispose();
        cache.Update(7, 0, updated);
        using PageLease refreshed = cache.Read(7, 0, loader);
        Assert.Equal(0xAB, refreshed.Data[0]);
        Assert.Equal(2, loader.LoadsOf(7));
    }

    [Fact]
    public void Versions_of_a_page_are_cached_separately_and_invalidated_one_by_one()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        cache.Read(3, 0, loader).Dispose();
        cache.Read(3, 5, loader).Dispose();
        using (PageLease v5 = cache.Read(3, 5, loader))
        {
            Assert.Equal(5, v5.Data[8]);
        }

        cache.Invalidate(3, 5);
        cache.Read(3, 0, loader).Dispose();
        cache.Read(3, 5, loader).Dispose();
        Assert.Equal(3, loader.LoadsOf(3));
    }

    [Fact]
    public void A_committed_version_is_cached_when_the_version_it_replaces_was()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        cache.Read(3, 0, loader).Dispose();
        byte[] committed = new byte[Usable];
        committed.AsSpan().Fill(0xC5);
        cache.AddCommitted(3, previousVersion: 0, version: 9, committed, previousUnread: false);

        using (PageLease v9 = cache.Read(3, 9, loader))
        {
            Assert.True(v9.Data.SequenceEqual(committed), "the committed bytes are served");
        }

        // The replaced version is still served to the snapshots that read it.
        using (PageLease v0 = cache.Read(3, 0, loader))
        {
            Assert.Equal(3u, BinaryPrimitives.ReadUInt32LittleEndian(v0.Data));
        }

        Assert.Equal(1, loader.LoadsOf(3));
    }

    [Fact]
    public void A_committed_version_takes_over_the_slot_of_an_unpinned_previous_version_no_snapshot_reads()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        cache.Read(3, 0, loader).Dispose();
        byte[] committed = new byte[Usable];
        committed.AsSpan().Fill(0xC5);
        cache.AddCommitted(3, previousVersion: 0, version: 9, committed, previousUnread: true);

        Assert.Equal(1, cache.Count);
        Assert.False(cache.Contains(3, 0), "the unread previous version gave its slot to the new one");
        using (PageLease v9 = cache.Read(3, 9, loader))
        {
            Assert.True(v9.Data.SequenceEqual(committed), "the committed bytes are served");
        }

        Assert.Equal(1, loader.LoadsOf(3));

        // A late reader of the old version (one whose snapshot began before the commit was visible) loads it again.
        using (PageLease v0 = cache.Read(3, 0, loader))
        {
            Assert.Equal(3u, BinaryPrimitives.ReadUInt32LittleEndian(v0.Data));
            Assert.Equal(0, v0.Data[8]);
        }

        Assert.Equal(2, loader.LoadsOf(3));
    }

    [Fact]
    public void A_pinned_previous_version_keeps_its_slot_and_bytes_even_when_no_snapshot_reads_it()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        byte[] committed = new byte[Usable];
        committed.AsSpan().Fill(0xC5);
        using (PageLease held = cache.Read(3, 0, loader))
        {
            byte[] before = held.Data.ToArray();
            cache.AddCommitted(3, previousVersion: 0, version: 9, committed, previousUnread: true);

            Assert.True(held.Data.SequenceEqual(before), "a leased version's bytes never change under its holder");
            Assert.Equal(2, cache.Count);
            Assert.True(cache.Contains(3, 0), "a pinned version stays cached");
        }

        using (PageLease v9 = cache.Read(3, 9, loader))
        {
            Assert.True(v9.Data.SequenceEqual(committed), "the committed bytes are served");
        }

        cache.Read(3, 0, loader).Dispose();
        Assert.Equal(1, loader.LoadsOf(3));
    }

    [Fact]
    public void A_previous_version_a_snapshot_reads_keeps_its_slot()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        cache.Read(3, 4, loader).Dispose();
        cache.AddCommitted(3, previousVersion: 4, version: 9, new byte[Usable], previousUnread: false);

        Assert.Equal(2, cache.Count);
        using (PageLease v4 = cache.Read(3, 4, loader))
        {
            Assert.Equal(4, v4.Data[8]);
        }

        Assert.Equal(1, loader.LoadsOf(3));
    }

    [Fact]
    public void A_committed_version_of_an_uncached_page_takes_a_free_slot()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        byte[] committed = new byte[Usable];
        BinaryPrimitives.WriteUInt32LittleEndian(committed, 44);
        cache.AddCommitted(4, previousVersion: 0, version: 2, committed, previousUnread: false);

        Assert.Equal(1, cache.Count);
        using (PageLease lease = cache.Read(4, 2, loader))
        {
            Assert.Equal(44u, BinaryPrimitives.ReadUInt32LittleEndian(lease.Data));
        }

        Assert.Equal(0, loader.LoadsOf(4));
    }

    [Fact]
    public void A_committed_version_of_an_uncached_page_evicts_nothing_from_a_full_cache()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 2);
        cache.Read(1, 0, loader).Dispose();
        cache.Read(2, 0, loader).Dispose();
        cache.AddCommitted(4, previousVersion: 0, version: 2, new byte[Usable], previousUnread: false);

        Assert.Equal(2, cache.Count);
        cache.Read(1, 0, loader).Dispose();
        cache.Read(2, 0, loader).Dispose();
        cache.Read(4, 2, loader).Dispose();
        Assert.Equal(1, loader.LoadsOf(1));
        Assert.Equal(1, loader.LoadsOf(2));
        Assert.Equal(1, loader.LoadsOf(4));
    }

    [Fact]
    public void A_committed_version_evicts_nothing_when_every_slot_is_pinned()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 2);
        using PageLease first = cache.Read(1, 0, loader);
        using PageLease second = cache.Read(2, 0, loader);
        cache.AddCommitted(1, previousVersion: 0, version: 5, new byte[Usable], previousUnread: false);

        Assert.Equal(2, cache.Count);
        Assert.Equal(1u, BinaryPrimitives.ReadUInt32LittleEndian(first.Data));
    }

    [Fact]
    public void A_replaced_version_is_the_first_to_be_evicted()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 3);
        for (uint page = 1; page <= 3; page++)
        {
            // Read twice: each page has its second chance.
            cache.Read(page, 0, loader).Dispose();
            cache.Read(page, 0, loader).Dispose();
        }

        cache.AddCommitted(2, previousVersion: 0, version: 7, new byte[Usable], previousUnread: false);
        cache.Read(1, 0, loader).Dispose();
        cache.Read(3, 0, loader).Dispose();
        cache.Read(2, 7, loader).Dispose();

        Assert.Equal(1, loader.LoadsOf(1));
        Assert.Equal(1, loader.LoadsOf(3));
        Assert.Equal(1, loader.LoadsOf(2));
        cache.Read(2, 0, loader).Dispose();
        Assert.Equal(2, loader.LoadsOf(2));
    }

    [Fact]
    public void Disposing_a_lease_twice_throws()
    {
        using var cache = new PageCache(PageSize, Usable, capacity: 2);
        PageLease lease = cache.Read(1, 0, new CountingLoader());
        lease.Dispose();
        Assert.Throws<InvalidOperationException>(() => lease.Dispose());
    }

    [Fact]
    public void Failed_load_reaches_the_caller_and_a_later_read_retries()
    {
        var loader = new CountingLoader { FailPage = 9 };
        using var cache = new PageCache(PageSize, Usable, capacity: 2);
        var ex = Assert.Throws<SharpCoreDBException>(() => cache.Read(9, 0, loader));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, ex.ErrorCode);
        Assert.Equal(0, cache.Count);
        loader.FailPage = 0;
        using PageLease lease = cache.Read(9, 0, loader);
        Assert.Equal(9u, BinaryPrimitives.ReadUInt32LittleEndian(lease.Data));
    }

    [Fact]
    public void Concurrent_readers_always_see_the_right_page()
    {
        const int seed = 31337;
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 16);
        var failures = new ConcurrentBag<string>();
        Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, t =>
        {
            var rng = new Random(seed + t);
            var held = new Queue<PageLease>();
            for (int i = 0; i < 3000; i++)
            {
                uint page = (uint)rng.Next(1, 64);
                PageLease lease = cache.Read(page, 0, loader);
                if (BinaryPrimitives.ReadUInt32LittleEndian(lease.Data) != page || lease.Data[Usable - 1] != (byte)page)
                {
                    failures.Add($"seed {seed + t}, iteration {i}, page {page}");
                }

                held.Enqueue(lease);
                if (held.Count > 3)
                {
                    held.Dequeue().Dispose();
                }
            }

            while (held.Count > 0)
            {
                held.Dequeue().Dispose();
            }
        });

        Assert.Empty(failures);
        Assert.Equal(0, cache.PinnedCount);
        Assert.True(cache.Count <= 16);
    }

    [Fact]
    public void Readers_of_a_page_being_loaded_wait_for_that_load_and_retry_after_a_failed_one()
    {
        using var cache = new PageCache(PageSize, Usable, capacity: 4);
        using var started = new ManualResetEventSlim();
        using var release = new ManualResetEventSlim();
        var loader = new GatedLoader(started, release);
        Task<uint> first = Task.Run(() => ReadFirstWord(cache, 5, loader));

        // Generous hang guards only: a lost wake-up would leave the readers waiting for good.
        Assert.True(started.Wait(TimeSpan.FromSeconds(30)), "the first load never started");
        Task<uint>[] waiting = [.. Enumerable.Range(0, 4).Select(_ => Task.Run(() => ReadFirstWord(cache, 5, loader)))];
        SpinWait.SpinUntil(() => waiting.All(t => t.Status == TaskStatus.Running), TimeSpan.FromSeconds(5));
        loader.FailNext = true;
        release.Set();
        Task all = Task.WhenAll([first, .. waiting]);
        Assert.True(SpinWait.SpinUntil(() => all.IsCompleted, TimeSpan.FromSeconds(30)), "readers waiting for a load were never woken");

        // The gated load failed: its caller got the error, every waiter retried and read the page once more.
        Assert.IsType<SharpCoreDBException>(first.Exception?.InnerException);
        Assert.All(waiting, t => Assert.Equal(5u, t.Result));
        Assert.Equal(0, cache.PinnedCount);
        Assert.Equal(1, loader.Loads);
    }

    private static uint ReadFirstWord(PageCache cache, uint page, IPageCacheLoader loader)
    {
        using PageLease lease = cache.Read(page, 0, loader);
        return BinaryPrimitives.ReadUInt32LittleEndian(lease.Data);
    }

    [Fact]
    public void Hits_allocate_nothing()
    {
        var loader = new CountingLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 8);
        for (uint page = 1; page <= 4; page++)
        {
            cache.Read(page, 0, loader).Dispose();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            using PageLease lease = cache.Read((uint)(1 + (i % 4)), 0, loader);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    // The first load waits for a signal (so other readers queue behind it) and fails when told to; later loads succeed.
    private sealed class GatedLoader(ManualResetEventSlim started, ManualResetEventSlim release) : IPageCacheLoader
    {
        private int _calls;
        private int _loads;

        public bool FailNext { get; set; }

        public int Loads => Volatile.Read(ref _loads);

        public void LoadPage(uint pageNumber, ulong version, Span<byte> destination)
        {
            if (Interlocked.Increment(ref _calls) == 1)
            {
                started.Set();
                release.Wait();
                if (FailNext)
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"page {pageNumber} failed");
                }
            }

            Interlocked.Increment(ref _loads);
            BinaryPrimitives.WriteUInt32LittleEndian(destination, pageNumber);
        }
    }

    private sealed class CountingLoader : IPageCacheLoader
    {
        private readonly ConcurrentDictionary<uint, int> _loads = new();

        public uint FailPage { get; set; }

        public int Loads => _loads.Values.Sum();

        public int LoadsOf(uint page) => _loads.GetValueOrDefault(page);

        public void LoadPage(uint pageNumber, ulong version, Span<byte> destination)
        {
            if (pageNumber == FailPage)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"page {pageNumber} failed");
            }

            _loads.AddOrUpdate(pageNumber, 1, (_, n) => n + 1);
            destination[..Usable].Fill((byte)pageNumber);
            BinaryPrimitives.WriteUInt32LittleEndian(destination, pageNumber);
            destination[8] = (byte)version;
        }
    }
}
