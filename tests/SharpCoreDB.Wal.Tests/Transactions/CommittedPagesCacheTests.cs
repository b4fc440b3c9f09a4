using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// The pages a commit writes stay in the page cache while it has free slots, new pages included: a table just loaded
/// is read without one load from the log or the file (as in SQLite, whose cache keeps what a writer wrote). Before,
/// only a page whose previous version was cached was kept, so the first use of every page of a fresh table was a
/// device read, a verification and, encrypted, a decryption. A commit larger than the cache evicts nothing for its
/// pages.
/// </summary>
public sealed class CommittedPagesCacheTests
{
    private const int Rows = 4_000;
    private const int ValueLength = 100;

    [Theory]
    [InlineData(false, false)]
    [InlineData(false, true)]
    [InlineData(true, false)]
    [InlineData(true, true)]
    public void A_table_loaded_into_a_cache_with_room_is_read_without_a_single_load(bool encrypted, bool checkpointed)
    {
        using WalTestKit kit = SeededRows.Kit(encrypted, cachePages: 1024);
        using WalPageStore store = SeededRows.OpenCounting(kit, out ReadCountingDevice database, out ReadCountingDevice log);
        SeededRows.Load(store, Rows, ValueLength);
        if (checkpointed)
        {
            // The log restarts: the cached versions become the cached file copies.
            store.Checkpoint();
        }

        int reads = database.Reads + log.Reads;
        long misses = store.Cache.Misses;
        using (WalReadTransaction read = store.BeginSnapshot())
        {
            AssertScan(new BTree(read, read.CatalogRoot));
            Assert.Equal(0, read.ReadAheadLoads);
        }

        Assert.Equal(0, store.Cache.Misses - misses);
        Assert.Equal(0, database.Reads + log.Reads - reads);
    }

    [Fact]
    public void A_commit_larger_than_the_cache_fills_only_its_free_slots_and_is_read_whole()
    {
        using WalTestKit kit = SeededRows.Kit(encrypted: false, cachePages: 16);
        using WalPageStore store = kit.Open();
        SeededRows.Load(store, Rows, ValueLength);

        Assert.True(store.Cache.Count <= 16, $"{store.Cache.Count} pages cached in a 16-page cache");
        using WalReadTransaction read = store.BeginSnapshot();
        AssertScan(new BTree(read, read.CatalogRoot));
    }

    private static void AssertScan(BTree tree)
    {
        using BTreeCursor cursor = tree.OpenCursor();
        long expected = 1;
        for (bool on = cursor.First(); on; on = cursor.MoveNext())
        {
            long id = BinaryPrimitives.ReadInt64BigEndian(cursor.Key);
            Assert.Equal(expected, id);
            Assert.Equal(SeededRows.Value(id, ValueLength), cursor.GetValue());
            expected++;
        }

        Assert.Equal(Rows + 1, expected);
    }
}
