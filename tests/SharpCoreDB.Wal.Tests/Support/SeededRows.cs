using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>
/// A table of rows 1..n (keys from <see cref="TreeKeys"/>) whose values are seeded by their id, loaded in one commit
/// into a FullSync store that checkpoints only when told to, over devices that count their reads (the page cache tests).
/// </summary>
internal static class SeededRows
{
    /// <summary>A FullSync kit, plain or encrypted, with automatic checkpoints off and a cache of the given pages.</summary>
    public static WalTestKit Kit(bool encrypted, int cachePages) =>
        new(DurabilityMode.FullSync)
        {
            File = encrypted ? WalTestKit.Encrypted() : new PageFileOptions(),
            AutoCheckpoint = false,
            CachePages = cachePages,
        };

    /// <summary>Opens the kit's store over counting wrappers of its database and log devices.</summary>
    public static WalPageStore OpenCounting(WalTestKit kit, out ReadCountingDevice database, out ReadCountingDevice log)
    {
        database = new ReadCountingDevice(kit.Database);
        log = new ReadCountingDevice(kit.Wal);
        kit.Database = database;
        kit.Wal = log;
        return kit.Open();
    }

    /// <summary>Creates the catalog-root B+tree and inserts rows 1..<paramref name="rows"/> in one commit.</summary>
    public static void Load(WalPageStore store, int rows, int valueLength)
    {
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30));
        uint root = BTree.Create(tx);
        tx.CatalogRoot = root;
        var tree = new BTree(tx, root);
        for (long id = 1; id <= rows; id++)
        {
            tree.Upsert(TreeKeys.Of(id), Value(id, valueLength));
        }

        tx.Commit();
    }

    /// <summary>The value of row <paramref name="id"/>.</summary>
    public static byte[] Value(long id, int valueLength)
    {
        byte[] value = new byte[valueLength];
        new Random((int)id).NextBytes(value);
        return value;
    }
}
