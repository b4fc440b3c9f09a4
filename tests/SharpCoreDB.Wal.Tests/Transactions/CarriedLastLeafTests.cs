using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.BTree;

using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// The last leaf of a tree carried from one write transaction to the next (<see cref="RightEdgeCache"/>): an append in
/// a transaction of its own goes to that leaf without descending, and a leaf that may no longer end its tree (a split,
/// a merge, a rollback, a drop in between) is never used.
/// </summary>
public sealed class CarriedLastLeafTests
{
    [Fact]
    public void An_append_of_a_given_key_per_transaction_compares_once_with_the_carried_last_leaf()
    {
        using WalPageStore store = WalPageStore.OpenMemory(new WalStoreOptions());
        uint root = Create(store);
        var comparer = new CountingComparer();
        long comparisons = 0;
        int appends = 0;
        for (int i = 0; i < 3_000; i++)
        {
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5));
            BTree tree = BTree.Rent(tx, root, comparer);
            long before = comparer.Calls;
            Assert.True(tree.TryInsert(TreeKeys.Of(i + 1), new byte[40]));
            if (tx.ShapeStamp == 0)
            {
                comparisons += comparer.Calls - before;
                appends++;
            }

            tx.Commit();
            tree.Return();
        }

        using (IReadTransaction read = store.BeginRead())
        {
            var tree = new BTree(read, root, comparer);
            Assert.True(tree.Verify().Depth >= 2, "the tree should have grown an interior level");
            Assert.Equal(3_000, tree.Count());
        }

        // Descending from the root compares with the separators of every interior node on the way and then with the
        // leaf's keys; from the carried leaf one comparison with its last key places the key.
        Assert.True(appends > 2_500, $"only {appends} appends allocated nothing");
        // The first append after a split descends once (the split moved the generation on).
        Assert.True(comparisons < appends * 1.2, $"{comparisons} comparisons for {appends} appends in transactions of their own");
    }

    [Fact]
    public void A_rewrite_of_an_existing_key_per_transaction_does_not_compare_with_the_carried_last_leaf()
    {
        using WalPageStore store = WalPageStore.OpenMemory(new WalStoreOptions());
        uint root = Create(store);
        var comparer = new CountingComparer();
        using (IWriteTransaction fill = store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            var tree = new BTree(fill, root, comparer);
            for (int i = 1; i <= 2_000; i++)
            {
                Assert.True(tree.TryInsert(TreeKeys.Of(i), new byte[40]));
            }

            fill.Commit();
        }

        // One append per transaction carries the tree's last leaf over; an UPDATE's rewrite of an existing row (an
        // upsert) is then no append, and reading the carried leaf to find that out would cost a page read and a
        // comparison in every such transaction. Measured: the rewrite's comparisons against a rewrite of the same key
        // by a lookup of the same key, which descends the same way and knows nothing of edges.
        var random = new Random(7);
        long withCarried = 0;
        long baseline = 0;
        int measured = 0;
        for (int i = 0; i < 400; i++)
        {
            long key = random.Next(1, 2_000);
            using (IWriteTransaction append = store.BeginWrite(TimeSpan.FromSeconds(5)))
            {
                var tree = new BTree(append, root, comparer);
                Assert.True(tree.TryInsert(TreeKeys.Of(10_000 + i), new byte[40]));
                append.Commit();
            }

            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5));
            var rewrite = new BTree(tx, root, comparer);
            long before = comparer.Calls;
            Assert.False(rewrite.Upsert(TreeKeys.Of(key), new byte[40]));
            withCarried += comparer.Calls - before;
            tx.Rollback();

            using IReadTransaction read = store.BeginRead();
            var reader = new BTree(read, root, comparer);
            before = comparer.Calls;
            Assert.True(reader.TryGet(TreeKeys.Of(key), new byte[64], out _));
            baseline += comparer.Calls - before;
            measured++;
        }

        Assert.Equal(400, measured);
        Assert.True(withCarried <= baseline, $"{withCarried} comparisons for {measured} rewrites after an append, {baseline} after none");
    }

    [Fact]
    public void A_carried_leaf_is_never_used_after_a_split_a_merge_a_rollback_or_a_drop()
    {
        using WalPageStore store = WalPageStore.OpenMemory(new WalStoreOptions());
        uint table = Create(store);
        uint other = Create(store);
        var model = new SortedDictionary<long, int>();
        var otherModel = new SortedDictionary<long, int>();
        var random = new Random(22);
        long nextKey = 1;
        for (int step = 0; step < 4_000; step++)
        {
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5));
            var tree = new BTree(tx, table);
            var second = new BTree(tx, other);
            var changes = new SortedDictionary<long, int>(model);
            var otherChanges = new SortedDictionary<long, int>(otherModel);
            int rows = random.Next(4) == 0 ? random.Next(2, 40) : 1;
            for (int r = 0; r < rows; r++)
            {
                int choice = random.Next(10);
                if (choice < 6)
                {
                    // Appends, with values large enough that leaves split every few rows.
                    long key = nextKey++;
                    Assert.True(tree.TryInsert(TreeKeys.Of(key), new byte[random.Next(1, 300)]), $"append {key}");
                    changes[key] = 1;
                }
                else if (choice < 8 && changes.Count > 0)
                {
                    // Deletes from the end empty the last leaf now and then: it leaves the tree (a free).
                    long key = changes.Keys.Last() - random.Next(3);
                    Assert.Equal(changes.Remove(key), tree.Delete(TreeKeys.Of(key)));
                }
                else
                {
                    // Another tree splits and merges between the table's appends.
                    long key = random.Next(5_000);
                    if (random.Next(3) == 0)
                    {
                        Assert.Equal(otherChanges.Remove(key), second.Delete(TreeKeys.Of(key)));
                    }
                    else
                    {
                        second.Upsert(TreeKeys.Of(key), new byte[random.Next(1, 400)]);
                        otherChanges[key] = 1;
                    }
                }
            }

            if (random.Next(5) == 0)
            {
                // Rolled back: the next transaction sees the committed tree, whatever this one split or freed.
                tx.Rollback();
                nextKey = model.Count == 0 ? nextKey : Math.Max(model.Keys.Last() + 1, nextKey);
            }
            else
            {
                tx.Commit();
                model.Clear();
                foreach (KeyValuePair<long, int> entry in changes)
                {
                    model[entry.Key] = entry.Value;
                }

                otherModel.Clear();
                foreach (KeyValuePair<long, int> entry in otherChanges)
                {
                    otherModel[entry.Key] = entry.Value;
                }
            }

            if (step % 500 == 499)
            {
                // A drop and a new tree that may reuse the freed pages, the old root among them.
                using IWriteTransaction drop = store.BeginWrite(TimeSpan.FromSeconds(5));
                new BTree(drop, other).Drop();
                other = BTree.Create(drop);
                drop.Commit();
                otherModel.Clear();
            }
        }

        using IReadTransaction read = store.BeginRead();
        AssertMatches(new BTree(read, table), model, "table");
        AssertMatches(new BTree(read, other), otherModel, "other tree");
    }

    private static uint Create(WalPageStore store)
    {
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5));
        uint root = BTree.Create(tx);
        tx.Commit();
        return root;
    }

    private static void AssertMatches(BTree tree, SortedDictionary<long, int> model, string context)
    {
        tree.Verify();
        Assert.Equal(model.Count, tree.Count());
        using BTreeCursor cursor = tree.OpenCursor();
        bool more = cursor.First();
        foreach (long key in model.Keys)
        {
            Assert.True(more, $"{context}: {key} missing");
            Assert.Equal(key, BinaryPrimitives.ReadInt64BigEndian(cursor.Key));
            more = cursor.MoveNext();
        }

        Assert.False(more, $"{context}: keys past the model's last");
    }
}
