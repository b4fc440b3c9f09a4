using System.Buffers.Binary;
using System.Collections.Concurrent;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>
/// The background loader behind <see cref="IPageTransaction.ReadAhead"/>: pages load on another thread, in order, into
/// the cache; stopping waits for the load under way; a failed load stops it and is reported by the reader's own read.
/// </summary>
public sealed class PageReadAheadTests
{
    private const int PageSize = 4096;
    private const int Usable = 4088;
    private static readonly TimeSpan s_patience = TimeSpan.FromSeconds(30);

    [Fact]
    public void Queued_pages_load_on_another_thread_in_order_and_are_then_read_from_the_cache()
    {
        var loader = new GatedLoader();
        using var cache = new PageCache(PageSize, Usable, capacity: 64);
        var readAhead = new PageReadAhead(cache, limit: 16);
        for (uint page = 1; page <= 10; page++)
        {
            readAhead.Enqueue(page, 0, loader);
        }

        WaitUntil(() => readAhead.Loaded == 10, "the ten pages to load");
        Assert.Equal([1u, 2, 3, 4, 5, 6, 7, 8, 9, 10], loader.Order);
        Assert.DoesNotContain(Environment.CurrentManagedThreadId, loader.Threads);

        for (uint page = 1; page <= 10; page++)
        {
            using PageLease lease = cache.Read(page, 0, loader);
            Assert.Equal(page, BinaryPrimitives.ReadUInt32LittleEndian(lease.Data));
        }

        Assert.Equal(10, cache.Hits);
        Assert.Equal(10, loader.Order.Count);
        readAhead.Stop();
    }

    [Fact]
    public void Stop_waits_for_the_load_under_way_and_drops_what_is_queued()
    {
        var loader = new GatedLoader { BlockOn = 1 };
        using var cache = new PageCache(PageSize, Usable, capacity: 64);
        var readAhead = new PageReadAhead(cache, limit: 16);
        for (uint page = 1; page <= 5; page++)
        {
            readAhead.Enqueue(page, 0, loader);
        }

        Assert.True(loader.Entered.Wait(s_patience), "the load of page 1 should start");
        var stop = new Thread(readAhead.Stop);
        stop.Start();

        // While page 1 is still loading, Stop must not return: the snapshot that keeps it readable would end.
        Assert.False(stop.Join(TimeSpan.FromMilliseconds(200)), "Stop returned while a load was under way");
        loader.Release.Set();
        Assert.True(stop.Join(s_patience), "Stop should return once the load ends");

        Assert.Equal([1u], loader.Order);
        Assert.True(readAhead.IsStopped);
        readAhead.Enqueue(6, 0, loader);
        Assert.Equal(1, readAhead.Loaded);
    }

    [Fact]
    public void Only_the_limit_waits_and_the_rest_is_ignored()
    {
        var loader = new GatedLoader { BlockOn = 1 };
        using var cache = new PageCache(PageSize, Usable, capacity: 64);
        var readAhead = new PageReadAhead(cache, limit: 8);
        readAhead.Enqueue(1, 0, loader);
        Assert.True(loader.Entered.Wait(s_patience), "the load of page 1 should start");
        for (uint page = 2; page <= 100; page++)
        {
            readAhead.Enqueue(page, 0, loader);
        }

        loader.Release.Set();
        WaitUntil(() => readAhead.Loaded == 9, "page 1 and the eight queued behind it");
        readAhead.Stop();
        Assert.Equal([1u, 2, 3, 4, 5, 6, 7, 8, 9], loader.Order);
    }

    [Fact]
    public void A_failed_load_stops_reading_ahead_and_the_readers_own_read_reports_the_error()
    {
        var loader = new GatedLoader { FailOn = 3 };
        using var cache = new PageCache(PageSize, Usable, capacity: 64);
        var readAhead = new PageReadAhead(cache, limit: 16);
        for (uint page = 1; page <= 6; page++)
        {
            readAhead.Enqueue(page, 0, loader);
        }

        // No exception escapes the pool thread (it would end the process); reading ahead just stops.
        WaitUntil(() => readAhead.IsStopped, "the failure to stop reading ahead");
        Assert.Equal([1u, 2], loader.Order);
        Assert.Equal(0, cache.PinnedCount);

        // The cache kept nothing of the failed load: the reader's own read tries again and gets the error.
        var error = Assert.Throws<SharpCoreDBException>(() => cache.Read(3, 0, loader).Dispose());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains("page 3", error.Message, StringComparison.Ordinal);
        using PageLease fourth = cache.Read(4, 0, loader);
        Assert.Equal(4u, BinaryPrimitives.ReadUInt32LittleEndian(fourth.Data));
    }

    private static void WaitUntil(Func<bool> condition, string what)
    {
        DateTime deadline = DateTime.UtcNow + s_patience;
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, $"timed out waiting for {what}");
            Thread.Sleep(1);
        }
    }

    private sealed class GatedLoader : IPageCacheLoader
    {
        private readonly ConcurrentQueue<uint> _order = new();
        private readonly ConcurrentBag<int> _threads = [];

        public uint BlockOn { get; init; }

        public uint FailOn { get; init; }

        public ManualResetEventSlim Entered { get; } = new();

        public ManualResetEventSlim Release { get; } = new();

        public List<uint> Order => [.. _order];

        public IReadOnlyCollection<int> Threads => _threads;

        public void LoadPage(uint pageNumber, ulong version, Span<byte> destination)
        {
            if (pageNumber == FailOn)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"page {pageNumber} failed its check");
            }

            if (pageNumber == BlockOn)
            {
                Entered.Set();
                Release.Wait();
            }

            _threads.Add(Environment.CurrentManagedThreadId);
            _order.Enqueue(pageNumber);
            destination[..Usable].Clear();
            BinaryPrimitives.WriteUInt32LittleEndian(destination, pageNumber);
        }
    }
}
