using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Kit;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>The tree over the real pager store: several trees per file, read transactions, rollback.</summary>
public sealed class BTreePagerStoreTests
{
    [Fact]
    public void Read_transaction_sees_the_committed_tree_not_the_writers_changes_and_refuses_writes()
    {
        using var host = new PagerTreeHost(4096);
        uint root = Tree.Create(host.Tx);
        var tree = new Tree(host.Tx, root);
        for (int i = 0; i < 5000; i++)
        {
            tree.TryInsert(BTreeBasicTests.Key(i), BTreeBasicTests.Value(i));
        }

        host.CommitAndReopen();
        tree = new Tree(host.Tx, root);
        for (int i = 5000; i < 6000; i++)
        {
            tree.TryInsert(BTreeBasicTests.Key(i), BTreeBasicTests.Value(i));
        }

        using (IReadTransaction read = host.BeginRead())
        {
            var view = new Tree(read, root);
            Assert.Equal(5000, view.Count());
            Assert.Equal(5000, view.Verify().EntryCount);
            Assert.Equal(BTreeBasicTests.Value(4999), view.Get(BTreeBasicTests.Key(4999)));
            Assert.Null(view.Get(BTreeBasicTests.Key(5000)));
            var error = Assert.Throws<SharpCoreDBException>(() => view.Upsert([1], [1]));
            Assert.Equal(SharpCoreDBErrorCode.ReadOnly, error.ErrorCode);
        }

        Assert.Equal(6000, tree.Count());
    }

    [Fact]
    public void Many_trees_share_one_file_and_each_keeps_its_root_across_reopens()
    {
        using var host = new PagerTreeHost(4096);
        var random = new Random(31);
        uint[] roots = new uint[6];
        var models = new SortedDictionary<byte[], byte[]>[roots.Length];
        for (int t = 0; t < roots.Length; t++)
        {
            roots[t] = Tree.Create(host.Tx);
            models[t] = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        }

        for (int round = 0; round < 4; round++)
        {
            // Interleave the trees so their pages mix in the file, then drop and recreate one of them.
            for (int n = 0; n < 3000; n++)
            {
                int t = random.Next(roots.Length);
                var tree = new Tree(host.Tx, roots[t]);
                byte[] key = BTreeBasicTests.Key(random.Next(2000));
                byte[] value = new byte[random.Next(0, random.Next(10) == 0 ? 9000 : 200)];
                random.NextBytes(value);
                if (random.Next(4) == 0)
                {
                    Assert.Equal(models[t].Remove(key), tree.Delete(key));
                }
                else
                {
                    tree.Upsert(key, value);
                    models[t][key] = value;
                }
            }

            int dropped = random.Next(roots.Length);
            new Tree(host.Tx, roots[dropped]).Drop();
            roots[dropped] = Tree.Create(host.Tx);
            models[dropped].Clear();

            // The catalog root is how a database finds its first tree again after reopening.
            host.Tx.CatalogRoot = roots[0];
            host.CommitAndReopen();
            var allPages = new HashSet<uint>();
            for (int t = 0; t < roots.Length; t++)
            {
                // One shared set: a page claimed by two trees is reported as used twice.
                var pages = new HashSet<uint>();
                TreeOracle.AssertMatches(new Tree(host.Tx, roots[t]), models[t], $"seed 31 round {round} tree {t}");
                new Tree(host.Tx, roots[t]).Verify(pages);
                foreach (uint page in pages)
                {
                    Assert.True(allPages.Add(page), $"seed 31 round {round}: page {page} belongs to two trees");
                }
            }

            host.AssertPagesAccounted(allPages, $"seed 31 round {round}");
            Assert.Equal(roots[0], host.Tx.CatalogRoot);
        }
    }
}
