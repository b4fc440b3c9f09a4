using System.Buffers.Binary;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Kit;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>A database and journal in memory that can be reopened any number of times, plus page-content helpers.</summary>
internal sealed class PagerTestKit : IDisposable
{
    /// <summary>A KDF iteration count that keeps tests fast; one test covers the default.</summary>
    public const int FastIterations = 64;

    /// <summary>True when SHARPCOREDB_STRESS=1 asks for the long versions of the randomized tests.</summary>
    public static bool Stress { get; } = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    public PagerTestKit(PageFileOptions? file = null, int cachePages = 64)
    {
        File = file ?? new PageFileOptions();
        CachePages = cachePages;
    }

    public MemoryStorageDevice Database { get; } = new("test.scdb");

    public MemoryStorageDevice Journal { get; } = new("test.scdb-journal");

    public PageFileOptions File { get; set; }

    public int CachePages { get; }

    public static PageFileOptions Encrypted(string password = "correct horse") =>
        new() { Password = password, KdfIterations = FastIterations };

    public PagerStore Open() => Open(Database, Journal);

    public PagerStore Open(IStorageDevice database, IStorageDevice journal) =>
        PagerStore.Open(database, journal, new PagerStoreOptions { File = File, CachePages = CachePages, LeaveDevicesOpen = true });

    /// <summary>Fills the usable bytes of a page with a pattern derived from its number and version.</summary>
    public static void Fill(Span<byte> page, uint pageNumber, int version)
    {
        new Random(HashCode.Combine(pageNumber, version)).NextBytes(page);
        BinaryPrimitives.WriteUInt32LittleEndian(page, pageNumber);
        BinaryPrimitives.WriteInt32LittleEndian(page[4..], version);
    }

    /// <summary>Asserts a page holds the pattern of <paramref name="version"/>.</summary>
    public static void AssertPage(ReadOnlySpan<byte> page, uint pageNumber, int version, string context)
    {
        byte[] expected = new byte[page.Length];
        Fill(expected, pageNumber, version);
        if (!page.SequenceEqual(expected))
        {
            Assert.Fail($"page {pageNumber}: expected version {version}, found header ({BinaryPrimitives.ReadUInt32LittleEndian(page)}, {BinaryPrimitives.ReadInt32LittleEndian(page[4..])}); {context}");
        }
    }

    /// <summary>Checks every page of <paramref name="model"/> against the store, and the page count.</summary>
    public static void AssertMatches(PagerStore store, IReadOnlyDictionary<uint, int> model, string context)
    {
        using IReadTransaction read = store.BeginRead();
        foreach ((uint pageNumber, int version) in model)
        {
            using PageLease lease = read.Read(pageNumber);
            AssertPage(lease.Data, pageNumber, version, context);
        }
    }

    public void Dispose()
    {
        Database.Dispose();
        Journal.Dispose();
    }
}
