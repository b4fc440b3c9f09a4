using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>A database and its log in memory that can be reopened, crashed (cloned without closing) and checked.</summary>
internal sealed class WalTestKit : IDisposable
{
    /// <summary>A KDF iteration count that keeps tests fast.</summary>
    public const int FastIterations = 64;

    public WalTestKit(DurabilityMode mode = DurabilityMode.FullSync, PageFileOptions? file = null)
    {
        Mode = mode;
        File = file ?? new PageFileOptions();
        Database = new MemoryStorageDevice("test.scdb");
        Wal = new MemoryStorageDevice("test.scdb-wal");
    }

    public static bool Stress { get; } = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    public DurabilityMode Mode { get; set; }

    public PageFileOptions File { get; set; }

    public IStorageDevice Database { get; set; }

    public IStorageDevice Wal { get; set; }

    public long CheckpointThreshold { get; set; } = 4L * 1024 * 1024;

    public bool AutoCheckpoint { get; set; } = true;

    public TimeSpan FlushInterval { get; set; } = TimeSpan.FromMilliseconds(2);

    public TimeSpan BusyTimeout { get; set; } = TimeSpan.FromSeconds(10);

    public int CachePages { get; set; } = 64;

    /// <summary>False: the store disposes the devices when it closes, as it does outside tests.</summary>
    public bool LeaveDevicesOpen { get; set; } = true;

    public static PageFileOptions Encrypted(string password = "correct horse") =>
        new() { Password = password, KdfIterations = FastIterations };

    public WalStoreOptions Options(bool readOnly = false) => new()
    {
        File = File,
        Durability = new DurabilityOptions
        {
            Mode = Mode,
            CheckpointThreshold = CheckpointThreshold,
            AutoCheckpoint = AutoCheckpoint,
            FlushInterval = FlushInterval,
            BusyTimeout = BusyTimeout,
            ReadOnly = readOnly,
        },
        CachePages = CachePages,
        LeaveDevicesOpen = LeaveDevicesOpen,
    };

    public WalPageStore Open(bool readOnly = false) => WalPageStore.Open(Database, Wal, Options(readOnly));

    /// <summary>Copies both devices as they are now, as if the process died here.</summary>
    public (MemoryStorageDevice Database, MemoryStorageDevice Wal) Crash() => (CloneOf(Database), CloneOf(Wal));

    public static MemoryStorageDevice CloneOf(IStorageDevice device)
    {
        if (device is MemoryStorageDevice memory)
        {
            return memory.Clone();
        }

        var copy = new MemoryStorageDevice(device.Name);
        byte[] buffer = new byte[device.Length];
        device.Read(0, buffer);
        copy.Write(0, buffer);
        return copy;
    }

    /// <summary>Fills a page's usable bytes with a pattern derived from its number and version.</summary>
    public static void Fill(Span<byte> page, uint pageNumber, int version)
    {
        new Random(HashCode.Combine(pageNumber, version)).NextBytes(page);
        BinaryPrimitives.WriteUInt32LittleEndian(page, pageNumber);
        BinaryPrimitives.WriteInt32LittleEndian(page[4..], version);
    }

    /// <summary>The version a page written by <see cref="Fill"/> carries.</summary>
    public static int VersionOf(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadInt32LittleEndian(page[4..]);

    public static void AssertPage(ReadOnlySpan<byte> page, uint pageNumber, int version, string context)
    {
        byte[] expected = new byte[page.Length];
        Fill(expected, pageNumber, version);
        if (!page.SequenceEqual(expected))
        {
            Assert.Fail($"page {pageNumber}: expected version {version}, found ({BinaryPrimitives.ReadUInt32LittleEndian(page)}, {VersionOf(page)}); {context}");
        }
    }

    /// <summary>Checks that every page a transaction sees matches <paramref name="model"/> (page → version).</summary>
    public static void AssertMatches(IPageTransaction tx, IReadOnlyDictionary<uint, int> model, string context)
    {
        foreach ((uint pageNumber, int version) in model)
        {
            using PageLease lease = tx.Read(pageNumber);
            AssertPage(lease.Data, pageNumber, version, context);
        }
    }

    /// <summary>
    /// The full integrity walk: every page below the page count verifies, the tree rooted at the catalog root
    /// (when there is one) is ordered and sound, the free list is consistent, and every page is either in the
    /// tree or free, exactly once.
    /// </summary>
    public static void AssertIntegrity(WalPageStore store, string context)
    {
        using var read = store.BeginSnapshot();
        for (uint page = 1; page < read.PageCount; page++)
        {
            using PageLease lease = read.ReadPage(page);
        }

        var free = new List<uint>();
        PageAllocator.CollectFreePages(read, free);
        uint root = read.CatalogRoot;
        if (root == 0)
        {
            return;
        }

        var used = new HashSet<uint>();
        new BTree(read, root).Verify(used);
        foreach (uint page in free)
        {
            Assert.True(used.Add(page), $"page {page} is both free and in the tree; {context}");
        }

        Assert.True(used.Count == read.PageCount - 1, $"{read.PageCount - 1} pages, {used.Count} accounted for; {context}");
    }

    public void Dispose()
    {
        Database.Dispose();
        Wal.Dispose();
    }
}
