using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// The last key and the remembered right edge: <see cref="Tree.CopyLastKey"/> and the insert after it that skips
/// the descent. The edge must be used when nothing changed in between, and never when anything did.
/// </summary>
public sealed class BTreeEdgeTests
{
    [Fact]
    public void Copy_last_key_reports_an_empty_tree_and_then_the_largest_key()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        Span<byte> buffer = stackalloc byte[16];
        Assert.Equal(-1, tree.CopyLastKey(buffer));

        for (long id = 1; id <= 300; id++)
        {
            Assert.True(tree.TryInsert(Key(id * 3), [1, 2, 3]));
        }

        Assert.True(tree.TryInsert(Key(5), [4]));
        Assert.Equal(8, tree.CopyLastKey(buffer));
        Assert.Equal(900, BinaryPrimitives.ReadInt64BigEndian(buffer));

        // A key longer than the destination: its full length, and the bytes that fit.
        byte[] longKey = [.. Key(1000), .. new byte[40]];
        Assert.True(tree.TryInsert(longKey, [9]));
        Span<byte> small = stackalloc byte[8];
        Assert.Equal(48, tree.CopyLastKey(small));
        Assert.Equal(1000, BinaryPrimitives.ReadInt64BigEndian(small));
    }

    [Fact]
    public void An_insert_right_after_copy_last_key_reads_no_page()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        long id = 0;
        Span<byte> last = stackalloc byte[16];
        for (int i = 0; i < 2_000; i++)
        {
            int length = tree.CopyLastKey(last);
            long next = (length < 0 ? 0 : BinaryPrimitives.ReadInt64BigEndian(last)) + 1;
            Assert.Equal(id, next - 1);
            byte[] value = new byte[i % 40];
            Assert.True(tree.TryInsert(Key(next), value));
            model.Add(Key(next), value);
            id = next;
        }

        Assert.True(tree.Verify().Depth >= 3, "the tree should have grown interior levels");
        TreeOracle.AssertMatches(tree, model, "appended ids");

        // Only a leaf that has to split sends an insert down the tree again: the others read no page at all.
        int descents = 0;
        for (int i = 0; i < 200; i++)
        {
            tree.CopyLastKey(last);
            long readsBefore = tx.Reads;
            Assert.True(tree.TryInsert(Key(BinaryPrimitives.ReadInt64BigEndian(last) + 1), [1]));
            descents += tx.Reads != readsBefore ? 1 : 0;
        }

        Assert.True(descents < 40, $"{descents} of 200 appends after CopyLastKey descended the tree again");
    }

    [Fact]
    public void A_change_through_another_instance_between_copy_last_key_and_insert_is_seen()
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        var other = new Tree(tx, root);
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        for (long id = 1; id <= 500; id++)
        {
            Assert.True(tree.TryInsert(Key(id * 10), [1]));
            model.Add(Key(id * 10), [1]);
        }

        Span<byte> last = stackalloc byte[16];
        Assert.Equal(8, tree.CopyLastKey(last));

        // The other instance appends larger keys until the remembered leaf has split: the edge moved on.
        for (long id = 501; id <= 600; id++)
        {
            Assert.True(other.TryInsert(Key(id * 10), [2]));
            model.Add(Key(id * 10), [2]);
        }

        // Larger than the remembered last key, smaller than the new ones: it belongs before them, not at the old edge.
        Assert.True(tree.TryInsert(Key(5_005), [3]));
        model.Add(Key(5_005), [3]);
        TreeOracle.AssertMatches(tree, model, "insert after another instance moved the edge");

        // And a deletion of the last key through the other instance.
        Assert.Equal(8, tree.CopyLastKey(last));
        Assert.True(other.Delete(Key(6_000)));
        model.Remove(Key(6_000));
        Assert.False(tree.Update(Key(6_000), [4]), "the deleted last key must not be found");
        Assert.False(tree.TryInsert(Key(5_990), [5]), "5990 exists");
        TreeOracle.AssertMatches(tree, model, "after the other instance deleted the last key");
    }

    [Fact]
    public void An_append_after_a_write_to_another_tree_compares_once_with_the_edge_leaf()
    {
        var tx = new MemoryPageTransaction(512);
        var comparer = new CountingComparer();
        var table = new Tree(tx, Tree.Create(tx), comparer);
        var index = new Tree(tx, Tree.Create(tx));
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        for (long key = 0; key < 20; key++)
        {
            Assert.True(index.TryInsert(Key(key), [0]));
        }

        long comparisons = 0;
        int appends = 0;
        for (long id = 1; id <= 2_000; id++)
        {
            // A page of another tree changes between two appends, as an index entry is written after each row; no page
            // is allocated or freed, so the table's last leaf is still its last leaf.
            Assert.False(index.Upsert(Key(id % 20), [(byte)id]));
            long allocations = tx.AllocateCount;
            long before = comparer.Calls;
            Assert.True(table.TryInsert(Key(id), [1, 2, 3]));
            model.Add(Key(id), [1, 2, 3]);
            if (tx.AllocateCount == allocations)
            {
                comparisons += comparer.Calls - before;
                appends++;
            }
        }

        TreeOracle.AssertMatches(table, model, "appends between writes to another tree");
        Assert.True(table.Verify().Depth >= 3, "the tree should have grown interior levels");

        // One comparison with the last leaf's last key per append; a descent (even to the remembered leaf) takes
        // a fence comparison and a binary search of the leaf. Only the appends right after a split descend.
        Assert.True(appends > 1_500, $"{appends} appends without a split");
        Assert.True(comparisons < appends * 1.3, $"{comparisons} comparisons for {appends} appends");
    }

    [Theory]
    [InlineData(512, 301)]
    [InlineData(1024, 302)]
    [InlineData(4096, 303)]
    public void Appends_mixed_with_changes_match_a_sorted_dictionary(int pageSize, int seed)
    {
        var tx = new MemoryPageTransaction(pageSize);
        var host = new MemoryTreeHost(tx);
        var tree = new Tree(tx, Tree.Create(tx));
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        var random = new Random(seed);
        int steps = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? 60_000 : 6_000;
        string context = $"seed {seed}, {pageSize}-byte pages, step 0";
        Span<byte> last = stackalloc byte[16];
        for (int step = 0; step < steps; step++)
        {
            context = $"seed {seed}, {pageSize}-byte pages, step {step}";
            int length = tree.CopyLastKey(last);
            byte[]? modelLast = model.Count == 0 ? null : model.Keys.Last();
            Assert.True(length == (modelLast?.Length ?? -1), $"{context}: CopyLastKey length {length}");
            if (modelLast is not null)
            {
                Assert.True(last[..Math.Min(length, 16)].SequenceEqual(modelLast.AsSpan(0, Math.Min(length, 16))), $"{context}: CopyLastKey bytes");
            }

            // Sometimes something changes between finding the edge and inserting past it.
            int between = random.Next(10);
            if (between == 0 && model.Count > 0)
            {
                byte[] victim = random.Next(2) == 0 ? model.Keys.Last() : model.Keys.ElementAt(random.Next(model.Count));
                Assert.True(tree.Delete(victim), $"{context}: delete");
                model.Remove(victim);
            }
            else if (between == 1)
            {
                byte[] key = RandomKey(random);
                byte[] value = Value(random, tree.MaxCellFootprint);
                Assert.True(tree.Upsert(key, value) == !model.ContainsKey(key), $"{context}: upsert");
                model[key] = value;
            }

            long lastId = modelLast is { Length: >= 8 } ? BinaryPrimitives.ReadInt64BigEndian(modelLast) : 0;
            byte[] next = random.Next(20) switch
            {
                0 => [.. Key(lastId + 1), .. new byte[random.Next(1, 30)]],  // longer than the edge remembers
                1 => Key(Math.Max(0, lastId - random.Next(1, 50))),          // not past the edge
                _ => Key(lastId + random.Next(1, 4)),
            };
            byte[] nextValue = Value(random, tree.MaxCellFootprint);
            int mode = random.Next(10);
            bool exists = model.ContainsKey(next);
            if (mode == 0)
            {
                Assert.True(tree.Update(next, nextValue) == exists, $"{context}: update {TreeOracle.Hex(next)}");
                if (exists)
                {
                    model[next] = nextValue;
                }
            }
            else if (mode == 1)
            {
                Assert.True(tree.Upsert(next, nextValue) == !exists, $"{context}: upsert {TreeOracle.Hex(next)}");
                model[next] = nextValue;
            }
            else
            {
                Assert.True(tree.TryInsert(next, nextValue) == !exists, $"{context}: insert {TreeOracle.Hex(next)}");
                if (!exists)
                {
                    model.Add(next, nextValue);
                }
            }

            if (step % 250 == 249)
            {
                TreeOracle.AssertMatches(tree, model, context, host);
            }
        }

        TreeOracle.AssertMatches(tree, model, $"seed {seed}, end", host);
    }

    private static byte[] Key(long id)
    {
        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }

    private static byte[] RandomKey(Random random)
    {
        byte[] key = new byte[random.Next(1, 12)];
        random.NextBytes(key);
        return key;
    }

    // Mostly small values; sometimes one large enough to need an overflow chain, which allocates pages mid-insert.
    private static byte[] Value(Random random, int maxCell)
    {
        byte[] value = new byte[random.Next(10) == 0 ? random.Next(maxCell, maxCell * 3) : random.Next(0, 60)];
        random.NextBytes(value);
        return value;
    }
}
