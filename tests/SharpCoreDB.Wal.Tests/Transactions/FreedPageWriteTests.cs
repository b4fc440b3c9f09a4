using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// A page a transaction frees onto the free list is not written to the log: its content is never read again (the
/// allocator hands a free page out zero-filled), so its committed image stays, as SQLite leaves a free-list leaf
/// unwritten. Counted in frames per commit; the data, the free list and every page's image stay sound across a reopen,
/// reuse of the freed pages, and a crash.
/// </summary>
public sealed class FreedPageWriteTests
{
    private const int Keys = 6_000;
    private const int Deleted = 4_500;

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_delete_that_frees_most_leaves_writes_only_the_pages_still_in_use(bool encrypted)
    {
        using var kit = new WalTestKit(DurabilityMode.FullSync, encrypted ? WalTestKit.Encrypted() : null) { AutoCheckpoint = false };
        uint root;
        using (WalPageStore store = kit.Open())
        {
            root = Fill(store);
            uint freeBefore = FreePages(store);
            long walBefore = store.WalSize;
            using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
            {
                var tree = new BTree(tx, root);
                for (int i = 1; i <= Deleted; i++)
                {
                    Assert.True(tree.Delete(TreeKeys.Of(i)), $"delete {i}");
                }

                tx.Commit();
            }

            uint freed = FreePages(store) - freeBefore;
            long frames = (store.WalSize - walBefore) / (WalFrameHeader.SizeOf + store.PageSize);

            // Three quarters of the leaves leave the tree. Left: page 0, the free-list trunk, the leaf where the
            // deleted range ends and the interior nodes above it. Before, every freed page was written too.
            Assert.True(freed >= 50, $"only {freed} pages were freed");
            Assert.True(frames <= 8, $"the commit wrote {frames} frames while freeing {freed} pages");
            WalTestKit.AssertIntegrity(store, "after the delete");
        }

        using (WalPageStore store = kit.Open())
        {
            WalTestKit.AssertIntegrity(store, "reopened");
            AssertKeys(store, root, Deleted + 1, Keys, "reopened");

            // The freed pages come back zero-filled whatever image they kept.
            using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
            {
                var tree = new BTree(tx, root);
                for (int i = 1; i <= Deleted; i++)
                {
                    Assert.True(tree.TryInsert(TreeKeys.Of(i), Value(i, 2)), $"insert {i} again");
                }

                tx.Commit();
            }

            (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
            using var crashed = WalPageStore.Open(database, wal, kit.Options());
            WalTestKit.AssertIntegrity(crashed, "after a crash");
            AssertKeys(crashed, root, 1, Keys, "after a crash");
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_page_freed_and_allocated_again_in_one_transaction_is_written(bool encrypted)
    {
        using var kit = new WalTestKit(DurabilityMode.FullSync, encrypted ? WalTestKit.Encrypted() : null) { AutoCheckpoint = false };
        using WalPageStore store = kit.Open();
        uint root = Fill(store);
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            var tree = new BTree(tx, root);
            for (int i = 1; i <= Deleted; i++)
            {
                Assert.True(tree.Delete(TreeKeys.Of(i)));
            }

            // Reinserted in the same transaction: the splits take the freed pages back from the free list.
            for (int i = 1; i <= Deleted; i++)
            {
                Assert.True(tree.TryInsert(TreeKeys.Of(i), Value(i, 3)));
            }

            tx.Commit();
        }

        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        using var crashed = WalPageStore.Open(database, wal, kit.Options());
        WalTestKit.AssertIntegrity(crashed, "after a crash");
        AssertKeys(crashed, root, 1, Keys, "after a crash");
    }

    private static uint Fill(WalPageStore store)
    {
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5));
        uint root = BTree.Create(tx);
        tx.CatalogRoot = root;
        var tree = new BTree(tx, root);
        for (int i = 1; i <= Keys; i++)
        {
            Assert.True(tree.TryInsert(TreeKeys.Of(i), Value(i, 1)));
        }

        tx.Commit();
        return root;
    }

    private static uint FreePages(WalPageStore store)
    {
        using WalReadTransaction read = store.BeginSnapshot();
        var free = new List<uint>();
        PageAllocator.CollectFreePages(read, free);
        return (uint)free.Count;
    }

    private static void AssertKeys(WalPageStore store, uint root, int first, int last, string context)
    {
        using IReadTransaction read = store.BeginRead();
        var tree = new BTree(read, root);
        Assert.Equal(last - first + 1L, tree.Count());
        byte[] value = new byte[64];
        for (int i = first; i <= last; i++)
        {
            Assert.True(tree.TryGet(TreeKeys.Of(i), value, out int length), $"key {i}; {context}");
            Assert.Equal(i, BinaryPrimitives.ReadInt32LittleEndian(value.AsSpan(0, length)));
        }
    }

    private static byte[] Value(int key, int version)
    {
        byte[] value = new byte[40];
        BinaryPrimitives.WriteInt32LittleEndian(value, key);
        value[4] = (byte)version;
        return value;
    }
}
