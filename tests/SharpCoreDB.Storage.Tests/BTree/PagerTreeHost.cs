using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Kit;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>A real <see cref="PagerStore"/> on memory devices, closed and reopened on demand.</summary>
internal sealed class PagerTreeHost : TreeHost
{
    private readonly MemoryStorageDevice _database = new("btree.scdb");
    private readonly MemoryStorageDevice _journal = new("btree.scdb-journal");
    private readonly int _pageSize;
    private readonly byte[]? _key;
    private PagerStore _store;
    private IWriteTransaction _tx;

    /// <summary>Creates the store; with <paramref name="key"/>, encrypted under that raw key.</summary>
    public PagerTreeHost(int pageSize, byte[]? key = null)
    {
        _pageSize = pageSize;
        _key = key;
        _store = Open();
        _tx = _store.BeginWrite(TimeSpan.FromSeconds(5));
    }

    public override IPageTransaction Tx => _tx;

    public override string Description => $"pager store, {_pageSize}-byte pages{(_key is null ? "" : ", encrypted")}";

    public int Reopens { get; private set; }

    public override void CommitAndReopen()
    {
        _tx.Commit();
        _tx.Dispose();
        _store.Dispose();
        _store = Open();
        _tx = _store.BeginWrite(TimeSpan.FromSeconds(5));
        Reopens++;
    }

    /// <summary>
    /// Drops the open transaction without committing (what a crash before the commit leaves) and reopens the store,
    /// so the committed state comes back through the store's recovery.
    /// </summary>
    public void AbandonAndReopen()
    {
        _tx.Dispose();
        _store.Dispose();
        _store = Open();
        _tx = _store.BeginWrite(TimeSpan.FromSeconds(5));
        Reopens++;
    }

    /// <summary>Starts a read transaction on the committed state.</summary>
    public IReadTransaction BeginRead() => _store.BeginRead();

    public override void AssertPagesAccounted(ISet<uint> treePages, string context)
    {
        var access = (ITransactionPageAccess)_tx;
        var free = new List<uint>();
        PageAllocator.CollectFreePages(access, free);
        uint pageCount;
        using (PageLease header = access.ReadPage(0))
        {
            pageCount = DatabaseHeader.GetPageCount(header.Data);
        }

        var all = new HashSet<uint>(treePages) { 0 };
        foreach (uint page in free)
        {
            Assert.True(all.Add(page), $"{context}: page {page} is both free and in use");
        }

        Assert.True(all.Count == pageCount, $"{context}: {all.Count} pages accounted for (tree {treePages.Count}, free {free.Count}, header) of {pageCount}");
    }

    public override void Dispose()
    {
        _tx.Dispose();
        _store.Dispose();
        _database.Dispose();
        _journal.Dispose();
        base.Dispose();
    }

    private PagerStore Open() => PagerStore.Open(
        _database,
        _journal,
        new PagerStoreOptions
        {
            File = new PageFileOptions { PageSize = _pageSize, RawKey = _key is null ? null : (ReadOnlyMemory<byte>?)_key },
            LeaveDevicesOpen = true,
        });
}
