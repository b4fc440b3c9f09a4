using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Wal;

/// <summary>How to open a <see cref="WalPageStore"/>: the database file's options plus the log's.</summary>
internal sealed class WalStoreOptions
{
    /// <summary>The default page cache size in pages (8 MiB of 4 KiB pages).</summary>
    public const int DefaultCachePages = 2048;

    /// <summary>The suffix of the log's file name.</summary>
    public const string WalSuffix = "-wal";

    /// <summary>Password or key, page size for creation, create mode; read-only here or in <see cref="Durability"/> opens read-only.</summary>
    public PageFileOptions File { get; init; } = new();

    /// <summary>Durability mode, flush interval, checkpoint threshold, busy timeout, read-only.</summary>
    public DurabilityOptions Durability { get; init; } = DurabilityOptions.Default;

    /// <summary>The most unpinned pages kept in the page cache.</summary>
    public int CachePages { get; init; } = DefaultCachePages;

    /// <summary>True to leave both devices open when the store is disposed (tests that reopen in memory).</summary>
    public bool LeaveDevicesOpen { get; init; }

    /// <summary>For <see cref="WalPageStore.Open(string, WalStoreOptions)"/>: told of every creation, write, resize and sync of both files (crash tests).</summary>
    public IFileDeviceObserver? FileObserver { get; init; }

    /// <summary>Told of each synced commit group and each checkpoint (metrics); null for none.</summary>
    public IWalEvents? Events { get; init; }

    /// <summary>True when either part asks for a read-only open.</summary>
    public bool ReadOnly => File.ReadOnly || Durability.ReadOnly;
}
