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
        byte[] one = new byte[1];
        long offset = ((long)bad * file.PageSize) + 100;
        rig.Memory.Read(offset, one);
        one[0] ^= 0x04;
        rig.Memory.Write(offset, one);

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
        for (uint page = 1; page <= 33; page++)
        {
            Assert.Equal(page != bad, cache.Contains(page, 0));
        }

        var error = Assert.Throws<SharpCoreDBException>(() => cache.Read(bad, 0, file).Dispose());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains($"page {bad} of 'db'", error.Message, StringComparison.Ordinal);
        readAhead.Stop();
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

        public void Dispose()
        {
            Cache.Dispose();
            File.Dispose();
            Memory.Dispose();
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
