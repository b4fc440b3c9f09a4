using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Kit;

/// <summary>How to open a <see cref="PagerStore"/>.</summary>
internal sealed class PagerStoreOptions
{
    /// <summary>The default page cache size in pages (8 MiB of 4 KiB pages).</summary>
    public const int DefaultCachePages = 2048;

    /// <summary>Password or key, page size for creation, read-only, create mode.</summary>
    public PageFileOptions File { get; init; } = new();

    /// <summary>The most unpinned pages kept in the page cache.</summary>
    public int CachePages { get; init; } = DefaultCachePages;

    /// <summary>True to leave both devices open when the store is disposed (tests that reopen in memory).</summary>
    public bool LeaveDevicesOpen { get; init; }
}
