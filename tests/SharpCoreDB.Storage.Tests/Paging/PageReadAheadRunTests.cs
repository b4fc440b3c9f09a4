using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>
/// Runs of consecutive database-file pages read ahead: one device read per run, each page verified on its own, and a
/// bad page inside a run kept out of the cache and reported by the reader's own read with its page number.
/// </summary>
public sealed class PageReadAheadRunTests
{
    private const int Pages = 40;
    private static readonly TimeSpan s_patience = TimeSpan.FromSeconds(30);
    private static readonly byte[] s_rawKey = Enumerable.Range(3, 32).Select(i => (byte)i).ToArray();

    public static TheoryData<bool> Encrypted => new() { false, true };

    [Theory]
    [MemberData(nameof(Encrypted))]
    public void Queued_run_of_file_pages_is_read_with_one_device_read_and_every_page_verifies(bool encrypted)
    {
        using var rig = new Rig(encrypted);
        (GatedCountingDevice device, PageFile file, PageCache cache, PageReadAhead readAhead) =
            (rig.Device, rig.File, rig.Cache, rig.ReadAhead);

        // Page 1 loads alone while the device holds its read; pages 2..33 queue behind it and go as one batch.
        int readsBefore = device.Reads;
        device.HoldNextRead();
        readAhead.Enqueue(1, 0, file);
        Assert.True(device.Entered.Wait(s_patience), "the read of page 1 should start");
        for (uint page = 2; page <= 33; page++)
        {
            readAhead.Enqueue(page, 0, file);
        }

        device.Release.Set();
        WaitUntil(() => readAhead.Loaded == 33, "the 33 pages to load");
        Assert.Equal(2, device.Reads - readsBefore);

        for (uint page = 1; page <= 33; page++)
        {
            using PageLease lease = cache.Read(page, 0, file);
            PagerTestKit.AssertPage(lease.Data, page, 1, $"page {page}");
        }

        Assert.Equal(33, cache.Hits);
        Assert.Equal(2, device.Reads - readsBefore);
        readAhead.Stop();
    }

    [Theory]
    [MemberData(nameof(Encrypted))]
    public void Run_with_short_gaps_is_one_device_read_and_the_pages_in_the_gaps_stay_uncached(bool encrypted)
    {
        using var rig = new Rig(encrypted);
        (GatedCountingDevice device, PageFile file, PageCache cache, PageReadAhead readAhead) =
            (rig.Device, rig.File, rig.Cache, rig.ReadAhead);
        int readsBefore = device.Reads;

        // Queued without starting, then started: the whole hint is one batch (as WalPageStore queues a hint).
        for (uint page = 3; page <= 33; page += 2)
        {
            readAhead.Enqueue(page, 0, file, start: false);
        }

        readAhead.Start();
        WaitUntil(() => readAhead.Loaded == 16, "the 16 pages to load");
        Assert.Equal(1, device.Reads - readsBefore);
        for (uint page = 2; page <= 34; page++)
        {
            Assert.Equal(page % 2 == 1, cache.Contains(page, 0));
        }

        for (uint page = 3; page <= 33; page += 2)
        {
            using PageLease lease = cache.Read(page, 0, file);
            PagerTestKit.AssertPage(lease.Data, page, 1, $"page {page}");
        }

        Assert.Equal(16, cache.Hits);
        readAhead.Stop();
    }

    [Theory]
    [MemberData(nameof(Encrypted))]
    public void Flipped_byte_in_a_page_inside_a_run_is_kept_out_of_the_cache_and_reported_with_its_page_number(bool encrypted)
    {
        using var rig = new Rig(encrypted);
        (GatedCountingDevice device, PageFile file, PageCache cache, PageReadAhead readAhead) =
            (rig.Device, rig.File, rig.Cache, rig.ReadAhead);
        const uint bad = 17;
        rig.FlipByte(bad);

        device.HoldNextRead();
        readAhead.Enqueue(1, 0, file);
        Assert.True(device.Entered.Wait(s_patience), "the read of page 1 should start");
        for (uint page = 2; page <= 33; page++)
        {
            readAhead.Enqueue(page, 0, file);
        }

        device.Release.Set();
        WaitUntil(() => readAhead.IsStopped, "the read-ahead to stop at the bad page");

        // The good pages of the run were verified one by one and cached; the bad one was not.
        rig.AssertOnlyBadPageKeptOutAndReported(bad, 1, 33);
        readAhead.Stop();
    }

    [Theory]
    [MemberData(nameof(Encrypted))]
    public void Page_of_a_run_is_readable_as_soon_as_it_verified_while_later_pages_of_the_run_are_still_verifying(bool encrypted)
    {
        using var rig = new Rig(encrypted);
        using var loader = new HeldVerifyLoader(rig.File, heldPage: 6);
        for (uint page = 1; page <= 8; page++)
        {
            rig.ReadAhead.Enqueue(page, 0, loader, start: false);
        }

        rig.ReadAhead.Start();
        Assert.True(loader.Entered.Wait(s_patience), "the read-ahead should reach page 6 of the run");
        try
        {
            // Pages 1..5 verified before page 6: a scan waiting for them must not wait for the rest of the run.
            Exception? failure = null;
            var reader = new Thread(() =>
            {
                try
                {
                    for (uint page = 1; page <= 5; page++)
                    {
                        using PageLease lease = rig.Cache.Read(page, 0, loader);
                        PagerTestKit.AssertPage(lease.Data, page, 1, $"page {page}");
                    }
                }
                catch (Exception ex)
                {
                    failure = ex;
                }
            });
            reader.Start();

            // A hang guard: the reads are cache hits once published; before, they waited for page 6's verification.
            Assert.True(reader.Join(s_patience), "pages 1..5 should be readable while page 6 is still being verified");
            Assert.Null(failure);
            Assert.Equal(5, rig.Cache.Hits);
        }
        catch
        {
            // Let the held load finish before the rig goes away.
            loader.Release.Set();
            rig.ReadAhead.Stop();
            throw;
        }

        loader.Release.Set();
        WaitUntil(() => rig.ReadAhead.Loaded == 8, "the 8 pages to load");
        for (uint page = 6; page <= 8; page++)
        {
            using PageLease lease = rig.Cache.Read(page, 0, loader);
            PagerTestKit.AssertPage(lease.Data, page, 1, $"page {page}");
        }

        Assert.Equal(8, rig.Cache.Hits);
        Assert.Equal(8, rig.Cache.Misses);
        rig.ReadAhead.Stop();
    }

    [Theory]
    [MemberData(nameof(Encrypted))]
    public void Reader_that_reaches_the_queued_head_loads_its_run_with_one_device_read_and_leaves_the_rest_queued(bool encrypted)
    {
        using var rig = new Rig(encrypted);
        PageReadAhead readAhead = rig.ReadAhead;

        // Two runs queued and never started: 2..9, then 20..23 (too far from 9 to share its read).
        for (uint page = 2; page <= 9; page++)
        {
            readAhead.Enqueue(page, 0, rig.File, start: false);
        }

        for (uint page = 20; page <= 23; page++)
        {
            readAhead.Enqueue(page, 0, rig.File, start: false);
        }

        // A page that is queued but not next is left to the background load.
        int readsBefore = rig.Device.Reads;
        readAhead.LoadQueuedRun(20);
        Assert.Equal(0, rig.Device.Reads - readsBefore);
        Assert.False(rig.Cache.Contains(20, 0));

        readAhead.LoadQueuedRun(2);
        Assert.Equal(1, rig.Device.Reads - readsBefore);
        Assert.Equal(1, readAhead.RunsTakenByReader);
        for (uint page = 2; page <= 23; page++)
        {
            Assert.Equal(page <= 9, rig.Cache.Contains(page, 0));
        }

        for (uint page = 2; page <= 9; page++)
        {
            using PageLease lease = rig.Cache.Read(page, 0, rig.File);
            PagerTestKit.AssertPage(lease.Data, page, 1, $"page {page}");
        }

        // The second run is still queued: the next pass (here in line) reads it.
        readAhead.Start(inBackground: false);
        Assert.Equal(2, rig.Device.Reads - readsBefore);
        Assert.True(rig.Cache.Contains(23, 0));
        readAhead.Stop();
    }

    [Theory]
    [MemberData(nameof(Encrypted))]
    public void Flipped_byte_in_a_run_the_reader_took_stops_reading_ahead_and_is_reported_by_its_own_read(bool encrypted)
    {
        using var rig = new Rig(encrypted);
        rig.FlipByte(5);
        for (uint page = 2; page <= 9; page++)
        {
            rig.ReadAhead.Enqueue(page, 0, rig.File, start: false);
        }

        rig.ReadAhead.LoadQueuedRun(2);
        Assert.True(rig.ReadAhead.IsStopped);
        rig.AssertOnlyBadPageKeptOutAndReported(5, 2, 9);
        rig.ReadAhead.Stop();
    }

    /// <summary>A memory device behind a gated counter, a file of <see cref="Pages"/> filled pages, a cache and a
    /// read-ahead over it: what every test here starts from.</summary>
    private sealed class Rig : IDisposable
    {
        public Rig(bool encrypted)
        {
            Memory = new MemoryStorageDevice("db");
            Device = new GatedCountingDevice(Memory);
            File = CreateFile(Device, encrypted);
            Cache = new PageCache(File.PageSize, File.UsableSize, capacity: 128);
            ReadAhead = new PageReadAhead(Cache, limit: 64);
        }

        public MemoryStorageDevice Memory { get; }

        public GatedCountingDevice Device { get; }

        public PageFile File { get; }

        public PageCache Cache { get; }

        public PageReadAhead ReadAhead { get; }

        // Flips one bit inside a stored page, as a disk that returned wrong bytes would.
        public void FlipByte(uint page)
        {
            byte[] one = new byte[1];
            long offset = ((long)page * File.PageSize) + 100;
            Memory.Read(offset, one);
            one[0] ^= 0x04;
            Memory.Write(offset, one);
        }

        // Every page from first to last but the bad one is cached, and the bad one's own read reports it by number.
        public void AssertOnlyBadPageKeptOutAndReported(uint bad, uint first, uint last)
        {
            for (uint page = first; page <= last; page++)
            {
                Assert.Equal(page != bad, Cache.Contains(page, 0));
            }

            var error = Assert.Throws<SharpCoreDBException>(() => Cache.Read(bad, 0, File).Dispose());
            Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
            Assert.Contains($"page {bad} of 'db'", error.Message, StringComparison.Ordinal);
        }

        public void Dispose()
        {
            Cache.Dispose();
            File.Dispose();
            Memory.Dispose();
        }
    }

    /// <summary>The file's run loader, holding the verification of one page until released (a slow decrypt).</summary>
    private sealed class HeldVerifyLoader(PageFile file, uint heldPage) : IPageRunLoader, IDisposable
    {
        public ManualResetEventSlim Entered { get; } = new();

        public ManualResetEventSlim Release { get; } = new();

        public int PageSize => file.PageSize;

        public void LoadPage(uint pageNumber, ulong version, Span<byte> destination) => ((IPageCacheLoader)file).LoadPage(pageNumber, version, destination);

        public int ReadStoredRun(uint firstPage, Span<byte> stored) => file.ReadStoredRun(firstPage, stored);

        public bool TryOpenStoredPage(uint pageNumber, ReadOnlySpan<byte> stored, Span<byte> plain)
        {
            if (pageNumber == heldPage)
            {
                Entered.Set();
                // Never throw here (a thread-pool thread): the test releases it, on failure too; this is a hang guard.
                Release.Wait(s_patience * 4);
            }

            return file.TryOpenStoredPage(pageNumber, stored, plain);
        }

        public void Dispose()
        {
            Release.Set();
            Entered.Dispose();
            Release.Dispose();
        }
    }

    private static PageFile CreateFile(IStorageDevice device, bool encrypted)
    {
        PageFileOptions options = encrypted ? new PageFileOptions { RawKey = s_rawKey } : new PageFileOptions();
        PageFile file = PageFile.Open(device, options, leaveOpen: true);
        byte[] page = new byte[file.UsableSize];
        for (uint number = 1; number <= Pages; number++)
        {
            PagerTestKit.Fill(page, number, 1);
            file.WritePage(number, page);
        }

        return file;
    }

    private static void WaitUntil(Func<bool> condition, string what)
    {
        // A hang guard only: the loads take microseconds.
        var deadline = DateTime.UtcNow + s_patience;
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, $"timed out waiting for {what}");
            Thread.Sleep(1);
        }
    }
}
