using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// The remembered parent: a key outside the remembered leaf but inside the range of that leaf's parent starts its
/// descent at the parent, not the root (a cascade deletes child rows scattered over one part of a table, a random
/// update lands in the subtree of the last one). Counted in page reads; a model run checks nothing is lost when other
/// tree objects reshape the tree between such descents.
/// </summary>
public sealed class BTreeParentHintTests
{
    private const int Keys = 6_000;

    [Fact]
    public void Lookups_scattered_over_one_subtree_read_the_parent_and_the_leaf_not_the_root()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        Fill(tree);
        int depth = tree.Verify().Depth;
        Assert.True(depth >= 3, $"the tree should have a level between the root and the leaves (depth {depth})");

        // Keys within a window about as wide as one parent's range: most fall in another leaf than the last one, few
        // in another parent. From the root each costs `depth` reads; from the remembered parent, two.
        var random = new Random(5);
        byte[] buffer = new byte[16];
        const int Lookups = 2_000;
        long before = tx.Reads;
        for (int i = 0; i < Lookups; i++)
        {
            long id = 3_000 + random.Next(0, 200);
            Assert.True(tree.TryGet(Key(id), buffer, out _), $"key {id}");
        }

        double perLookup = (double)(tx.Reads - before) / Lookups;
        Assert.True(perLookup < depth - 0.6, $"{perLookup:F2} page reads per lookup in a tree of depth {depth}");
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void Writes_scattered_over_one_subtree_read_the_parent_and_the_leaf_not_the_root()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        var model = Fill(tree);
        int depth = tree.Verify().Depth;

        // Same-size overwrites: no split or merge changes the shape, so the remembered path stays good throughout.
        var random = new Random(6);
        const int Writes = 2_000;
        long before = tx.Reads;
        for (int i = 0; i < Writes; i++)
        {
            long id = 3_000 + random.Next(0, 200);
            byte[] value = Value(id);
            value.AsSpan().Fill((byte)i);
            Assert.False(tree.Upsert(Key(id), value), $"key {id}");
            model[Key(id)] = value;
        }

        double perWrite = (double)(tx.Reads - before) / Writes;
        Assert.True(perWrite < depth - 0.6, $"{perWrite:F2} page reads per overwrite in a tree of depth {depth}");
        TreeOracle.AssertMatches(tree, model, "after the overwrites");
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void An_overwrite_still_checks_the_old_value_chain_before_writing_anything()
    {
        // The descent now tells whether the old cell has chains (so a cell without any is not read again); one with a
        // damaged chain must still fail the overwrite before the tree changes.
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        byte[] big = new byte[5_000];
        new Random(7).NextBytes(big);
        Assert.True(tree.TryInsert("big"u8, big));
        uint leaf = tree.RootPage;
        var cell = new NodeReader(tx.RawPage(leaf).AsSpan(0, tx.UsableSize), leaf).GetLeafCell(0);
        uint first = cell.OverflowPage;
        uint second = BinaryPrimitives.ReadUInt32LittleEndian(tx.RawPage(first).AsSpan(NodeLayout.OverflowNextOffset));
        byte[] leafBefore = tx.RawPage(leaf).ToArray();

        tx.RawPage(second)[NodeLayout.KindOffset] = NodeLayout.LeafKind;
        var error = Assert.Throws<SharpCoreDBException>(() => tree.Upsert("big"u8, [1, 2, 3]));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Equal(leafBefore, tx.RawPage(leaf));

        tx.RawPage(second)[NodeLayout.KindOffset] = NodeLayout.OverflowKind;
        Assert.Equal(big, tree.Get("big"u8));
        Assert.Equal(0, tx.OpenLeases);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void A_remembered_parent_is_not_used_after_another_instance_reshapes_the_tree(int seed)
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        var other = new Tree(tx, root);
        var model = Fill(tree);
        var random = new Random(seed);
        string context = "start";
        try
        {
            for (int round = 0; round < 150; round++)
            {
                // The first instance remembers a leaf and its parent; the second one then splits and merges in that
                // subtree (and empties whole leaves), and the first works across the subtree again.
                long center = random.Next(1, Keys + 1);
                context = $"seed {seed}, round {round}, center {center}";
                Assert.Equal(model.ContainsKey(Key(center)), tree.ContainsKey(Key(center)));
                int run = random.Next(0, 3) == 0 ? 120 : 30;
                for (int i = 0; i < run; i++)
                {
                    long id = center + random.Next(-300, 300);
                    if (random.Next(3) > 0)
                    {
                        Assert.Equal(model.Remove(Key(id)), other.Delete(Key(id)));
                    }
                    else
                    {
                        byte[] value = new byte[random.Next(40)];
                        Assert.Equal(model.TryAdd(Key(id), value), other.TryInsert(Key(id), value));
                    }
                }

                for (int i = 0; i < 30; i++)
                {
                    long id = center + random.Next(-300, 300);
                    switch (random.Next(3))
                    {
                        case 0:
                            Assert.Equal(model.Remove(Key(id)), tree.Delete(Key(id)));
                            break;
                        case 1:
                            byte[] value = new byte[random.Next(40)];
                            Assert.Equal(model.TryAdd(Key(id), value), tree.TryInsert(Key(id), value));
                            break;
                        default:
                            byte[] buffer = new byte[64];
                            Assert.Equal(model.ContainsKey(Key(id)), tree.TryGet(Key(id), buffer, out _));
                            break;
                    }
                }
            }
        }
        catch (Exception e) when (e is not Xunit.Sdk.XunitException)
        {
            throw new InvalidOperationException(context, e);
        }

        TreeOracle.AssertMatches(tree, model, context);
        TreeOracle.AssertMatches(other, model, context);
        Assert.Equal(0, tx.OpenLeases);
    }

    private static SortedDictionary<byte[], byte[]> Fill(Tree tree)
    {
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        for (long id = 1; id <= Keys; id++)
        {
            byte[] value = Value(id);
            Assert.True(tree.TryInsert(Key(id), value));
            model.Add(Key(id), value);
        }

        return model;
    }

    private static byte[] Value(long id) => new byte[id % 7];

    private static byte[] Key(long id)
    {
        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }
}
