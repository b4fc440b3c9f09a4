using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// How many pages a scanning cursor looks up: stepping to the next leaf under the same parent reads that leaf only
/// (the parent stays pinned from the way down), so a scan reads each leaf once and each interior page about once.
/// </summary>
public sealed class BTreeCursorPathTests
{
    private const int Rows = 3_000;

    [Theory]
    [InlineData(false, 11)]
    [InlineData(true, 12)]
    public void A_scan_of_1000_rows_reads_each_leaf_once_and_no_parent_per_leaf_step(bool backward, int seed)
    {
        (MemoryPageTransaction tx, Tree tree) = BuildTree(seed);
        var random = new Random(seed);
        for (int round = 0; round < 20; round++)
        {
            long start = backward ? 1_000 + random.Next(Rows - 1_000) : 1 + random.Next(Rows - 1_000);
            var leaves = new HashSet<uint>();
            var interior = new HashSet<uint>();
            tx.AccessLog = [];
            long readsBefore = tx.Reads;
            using (BTreeCursor cursor = tree.OpenCursor())
            {
                int read = 0;
                for (bool on = cursor.Seek(Key(start), backward ? BTreeSeek.LessOrEqual : BTreeSeek.GreaterOrEqual);
                     on && read < 1_000;
                     on = backward ? cursor.MovePrevious() : cursor.MoveNext())
                {
                    Assert.Equal(backward ? start - read : start + read, Id(cursor.Key));
                    read++;
                }

                Assert.Equal(1_000, read);
            }

            long reads = tx.Reads - readsBefore;
            List<(bool Hint, uint Page)> log = tx.AccessLog;
            tx.AccessLog = null;
            foreach ((bool hint, uint page) in log)
            {
                if (!hint)
                {
                    (IsLeaf(tx, page) ? leaves : interior).Add(page);
                }
            }

            // Each leaf once; each interior page once on the way down, and the pages above a parent once more each
            // time the scan crosses to the next parent (at most once per parent). Looking the parent up again on
            // every leaf step would read about twice as many pages as there are leaves.
            Assert.True(leaves.Count >= 50, $"seed {seed}: the scan crossed only {leaves.Count} leaves");
            Assert.True(
                reads <= leaves.Count + (2 * interior.Count) + 1,
                $"seed {seed}, round {round}: {reads} page reads for {leaves.Count} leaves under {interior.Count} interior pages");
        }

        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void A_cursor_pins_its_leaf_and_the_leaf_s_parent_and_releases_both()
    {
        (MemoryPageTransaction tx, Tree tree) = BuildTree(seed: 5);
        BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.Seek(Key(1_500), BTreeSeek.GreaterOrEqual));
        Assert.Equal(2, tx.OpenLeases);
        while (cursor.MoveNext())
        {
        }

        // Run off the end: nothing is pinned any more.
        Assert.Equal(0, tx.OpenLeases);
        Assert.True(cursor.Last());
        Assert.Equal(2, tx.OpenLeases);

        // A change through the tree unpins both before it writes.
        Assert.True(tree.TryInsert(Key(Rows + 1), [1]));
        Assert.Equal(0, tx.OpenLeases);
        Assert.True(cursor.First());
        cursor.Dispose();
        Assert.Equal(0, tx.OpenLeases);
    }

    private static bool IsLeaf(MemoryPageTransaction tx, uint page)
    {
        using var lease = tx.Read(page);
        return new NodeReader(lease.Data, page).IsLeaf;
    }

    private static (MemoryPageTransaction Tx, Tree Tree) BuildTree(int seed)
    {
        // Small pages and values of seeded random sizes, inserted in a seeded order, so leaves are uneven and split.
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        var random = new Random(seed);
        long[] ids = Enumerable.Range(1, Rows).Select(i => (long)i).ToArray();
        random.Shuffle(ids);
        foreach (long id in ids)
        {
            Assert.True(tree.TryInsert(Key(id), new byte[random.Next(40)]));
        }

        Assert.True(tree.Verify().Depth >= 3, $"seed {seed}: the tree should have more than one parent of leaves");
        return (tx, tree);
    }

    private static long Id(ReadOnlySpan<byte> key) => BinaryPrimitives.ReadInt64BigEndian(key);

    private static byte[] Key(long id)
    {
        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }
}
