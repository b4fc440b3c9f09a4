using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

public sealed class PageBufferPoolTests
{
    private const int PageSize = 4096;
    private const int Usable = 4088;
    private const int Pages = 50;

    [Fact]
    public void Next_cache_reuses_the_buffers_a_disposed_cache_gave_back_instead_of_allocating()
    {
        var pool = new PageBufferPool(PageBufferPool.MaxBytes);
        var loader = new FillingLoader(0x11);
        using (var first = new PageCache(PageSize, Usable, capacity: 64, bufferPool: pool))
        {
            ReadAll(first, loader);
        }

        Assert.Equal((long)Pages * PageSize, pool.HeldBytes);

        long before = GC.GetAllocatedBytesForCurrentThread();
        using (var second = new PageCache(PageSize, Usable, capacity: 64, bufferPool: pool))
        {
            ReadAll(second, loader);
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // The cache's own bookkeeping (slot array, map) is a few KiB; its 50 pages alone would be 200 KiB.
        Assert.True(allocated < Pages * PageSize / 8, $"allocated {allocated} bytes");
        Assert.Equal(Pages, pool.Reused);
    }

    [Fact]
    public void Cache_of_decrypted_pages_zeroes_its_buffers_before_giving_them_back()
    {
        var pool = new PageBufferPool(PageBufferPool.MaxBytes);
        using (var cache = new PageCache(PageSize, Usable, capacity: 64, clearOnDispose: true, bufferPool: pool))
        {
            ReadAll(cache, new FillingLoader(0xA5));
        }

        for (int i = 0; i < Pages; i++)
        {
            byte[] buffer = pool.Rent(PageSize);
            Assert.False(buffer.AsSpan().ContainsAnyExcept((byte)0), $"buffer {i} kept bytes of the closed database");
        }

        Assert.Equal(Pages, pool.Reused);
    }

    [Fact]
    public void Closing_a_cache_of_decrypted_pages_leaves_the_zeroing_to_the_pool_wiper_and_not_the_closing_thread()
    {
        var scheduled = new List<IThreadPoolWorkItem>();
        var pool = new PageBufferPool(PageBufferPool.MaxBytes, scheduled.Add);
        using (var cache = new PageCache(PageSize, Usable, capacity: 64, clearOnDispose: true, bufferPool: pool))
        {
            ReadAll(cache, new FillingLoader(0xA5));
        }

        // Nothing zeroed yet: the close only handed the buffers over, and scheduled one wiper for all of them.
        Assert.Single(scheduled);
        Assert.Equal(0, pool.WipedInBackground);
        Assert.Equal((long)Pages * PageSize, pool.HeldBytes);

        scheduled[0].Execute();
        Assert.Equal(Pages, pool.WipedInBackground);
        for (int i = 0; i < Pages; i++)
        {
            byte[] buffer = pool.Rent(PageSize);
            Assert.False(buffer.AsSpan().ContainsAnyExcept((byte)0), $"buffer {i} kept bytes of the closed database");
        }

        // The next close schedules the wiper again.
        pool.Return(new byte[PageSize], clear: true);
        Assert.Equal(2, scheduled.Count);
    }

    [Fact]
    public void Wiped_buffers_come_back_out_in_the_order_clean_ones_do()
    {
        // The order decides where the next cache's pages lie in memory, and a warm scan's speed depends on it, so an
        // encrypted database must get its buffers back as a plain one with the same history does: newest first.
        const int Count = 10;
        var scheduled = new List<IThreadPoolWorkItem>();
        var wiped = new PageBufferPool(PageBufferPool.MaxBytes, scheduled.Add);
        var clean = new PageBufferPool(PageBufferPool.MaxBytes);
        var returned = new byte[Count][];
        for (int i = 0; i < Count; i++)
        {
            returned[i] = new byte[PageSize];
            wiped.Return(returned[i], clear: true);
            clean.Return(returned[i], clear: false);
        }

        // A renter that comes before the wiper takes the newest waiting buffer, as it would take the newest clean one.
        Assert.Same(returned[Count - 1], wiped.Rent(PageSize));
        Assert.Same(returned[Count - 1], clean.Rent(PageSize));

        Assert.Single(scheduled);
        scheduled[0].Execute();
        Assert.Equal(Count - 1, wiped.WipedInBackground);
        for (int i = Count - 2; i >= 0; i--)
        {
            Assert.Same(clean.Rent(PageSize), wiped.Rent(PageSize));
        }
    }

    [Fact]
    public void Buffer_rented_before_the_wiper_reached_it_is_zeroed_before_it_is_handed_out()
    {
        var pool = new PageBufferPool(PageBufferPool.MaxBytes, static _ => { });
        for (int i = 0; i < 3; i++)
        {
            byte[] decrypted = new byte[PageSize];
            decrypted.AsSpan().Fill(0x5A);
            pool.Return(decrypted, clear: true);
        }

        for (int i = 0; i < 3; i++)
        {
            byte[] buffer = pool.Rent(PageSize);
            Assert.False(buffer.AsSpan().ContainsAnyExcept((byte)0), $"buffer {i} was handed out with a closed database's bytes");
        }

        Assert.Equal(3, pool.Reused);
        Assert.Equal(0, pool.WipedInBackground);
    }

    [Fact]
    public void Decrypted_buffer_the_full_pool_drops_is_zeroed_at_once()
    {
        var pool = new PageBufferPool(PageSize, static _ => { });
        byte[] kept = new byte[PageSize];
        byte[] dropped = new byte[PageSize];
        kept.AsSpan().Fill(0x5A);
        dropped.AsSpan().Fill(0x5A);
        pool.Return(kept, clear: true);
        pool.Return(dropped, clear: true);

        Assert.Equal(PageSize, pool.HeldBytes);
        Assert.False(dropped.AsSpan().ContainsAnyExcept((byte)0), "a buffer left to the garbage collector kept decrypted bytes");
    }

    [Fact]
    public void Reused_buffer_exposes_only_the_bytes_the_new_database_loaded()
    {
        var pool = new PageBufferPool(PageBufferPool.MaxBytes);
        using (var first = new PageCache(PageSize, Usable, capacity: 64, bufferPool: pool))
        {
            ReadAll(first, new FillingLoader(0x11));
        }

        using var second = new PageCache(PageSize, Usable, capacity: 64, bufferPool: pool);
        var loader = new FillingLoader(0x22);
        for (uint page = 1; page <= Pages; page++)
        {
            using PageLease lease = second.Read(page, 0, loader);
            Assert.Equal(Usable, lease.Data.Length);
            Assert.False(lease.Data.ContainsAnyExcept((byte)0x22), $"page {page} shows bytes of the other database");
        }

        Assert.Equal(Pages, pool.Reused);
    }

    [Fact]
    public void Buffer_still_leased_at_dispose_stays_with_its_holder_and_never_enters_the_pool()
    {
        var pool = new PageBufferPool(PageBufferPool.MaxBytes);
        var cache = new PageCache(PageSize, Usable, capacity: 64, clearOnDispose: true, bufferPool: pool);
        ReadAll(cache, new FillingLoader(0x33));
        PageLease held = cache.Read(1, 0, new FillingLoader(0x33));
        cache.Dispose();

        Assert.Equal((long)(Pages - 1) * PageSize, pool.HeldBytes);
        Assert.False(held.Data.ContainsAnyExcept((byte)0x33));
        held.Dispose();
        Assert.Equal((long)(Pages - 1) * PageSize, pool.HeldBytes);
    }

    [Fact]
    public void Pool_holds_no_more_than_its_limit()
    {
        var pool = new PageBufferPool(3L * PageSize);
        for (int i = 0; i < 5; i++)
        {
            pool.Return(new byte[PageSize], clear: false);
        }

        Assert.Equal(3L * PageSize, pool.HeldBytes);
        pool.Return(new byte[100], clear: false);
        Assert.Equal(3L * PageSize, pool.HeldBytes);
    }

    private static void ReadAll(PageCache cache, IPageCacheLoader loader)
    {
        for (uint page = 1; page <= Pages; page++)
        {
            cache.Read(page, 0, loader).Dispose();
        }
    }

    // Fills the whole destination (page and trailer room) with one byte, as a load overwrites a whole buffer.
    private sealed class FillingLoader(byte fill) : IPageCacheLoader
    {
        public void LoadPage(uint pageNumber, ulong version, Span<byte> destination) => destination.Fill(fill);
    }
}
