using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// What a cursor tells its transaction to read ahead: while scanning, the leaves it will read next under the current
/// parent, each named before it is read, in scan order, once; nothing for point reads.
/// </summary>
public sealed class BTreeReadAheadTests
{
    [Fact]
    public void A_forward_scan_names_every_later_leaf_of_each_parent_before_reading_it()
    {
        (MemoryPageTransaction tx, Tree tree) = BuildTree();
        List<Leaf> leaves = LeavesInOrder(tx, tree.RootPage);
        Assert.True(leaves.Select(l => l.Parent).Distinct().Count() >= 3, "the test needs several parents of leaves");

        tx.AccessLog = [];
        using (BTreeCursor cursor = tree.OpenCursor())
        {
            int entries = 0;
            for (bool on = cursor.First(); on; on = cursor.MoveNext())
            {
                entries++;
            }

            Assert.Equal(3_000, entries);
        }

        // Under each parent the first two leaves are read before the scan shows it is a scan; every later one is
        // named, and named before the cursor reads it.
        AssertHints(tx.AccessLog, leaves, leaves.Where(l => l.ChildIndex >= 2).ToList());
    }

    [Fact]
    public void A_backward_scan_names_the_leaves_before_it_in_descending_order()
    {
        (MemoryPageTransaction tx, Tree tree) = BuildTree();
        List<Leaf> leaves = LeavesInOrder(tx, tree.RootPage);

        tx.AccessLog = [];
        using (BTreeCursor cursor = tree.OpenCursor())
        {
            for (bool on = cursor.Last(); on; on = cursor.MovePrevious())
            {
            }
        }

        List<Leaf> reversed = [.. leaves];
        reversed.Reverse();
        AssertHints(tx.AccessLog, reversed, reversed.Where(l => l.ChildIndex <= l.LastChildIndex - 2).ToList());
    }

    [Fact]
    public void Point_reads_and_moves_within_one_leaf_name_nothing_and_a_short_range_names_few()
    {
        (MemoryPageTransaction tx, Tree tree) = BuildTree();
        tx.AccessLog = [];
        using BTreeCursor cursor = tree.OpenCursor();
        for (long id = 1; id <= 3_000; id += 97)
        {
            Assert.True(cursor.SeekExact(Key(id)));
            Assert.True(cursor.Seek(Key(id), BTreeSeek.LessOrEqual));
        }

        // Moving within the first leaf.
        Assert.True(cursor.First());
        Assert.True(cursor.MoveNext());
        Assert.True(cursor.MoveNext());

        Assert.DoesNotContain(tx.AccessLog, access => access.Hint);

        // Crossing two leaves: the first hint is small (a short range should not load what it never reads).
        Assert.True(cursor.First());
        for (int i = 0; i < 40 && cursor.MoveNext(); i++)
        {
        }

        int hints = tx.AccessLog.Count(access => access.Hint);
        Assert.InRange(hints, 1, 4 + 8);
    }

    [Fact]
    public void Hints_of_a_scan_s_first_sixteen_leaves_load_in_line_and_later_ones_in_the_background()
    {
        (MemoryPageTransaction tx, Tree tree) = BuildTree();
        List<Leaf> leaves = LeavesInOrder(tx, tree.RootPage);
        long end = FirstKey(tx, leaves[16].Page);

        // Sixteen leaves: every hint asks for loading in line.
        tx.AccessLog = [];
        using (BTreeCursor cursor = tree.OpenCursor())
        {
            for (bool on = cursor.First(); on && Id(cursor.Key) < end; on = cursor.MoveNext())
            {
            }
        }

        Assert.Contains(tx.AccessLog, access => access.Hint);
        Assert.Equal(0, tx.BackgroundHints);

        // A scan of every leaf goes on past them: later hints go to the background.
        using (BTreeCursor cursor = tree.OpenCursor())
        {
            for (bool on = cursor.First(); on; on = cursor.MoveNext())
            {
            }
        }

        Assert.True(tx.BackgroundHints > 0, "a full scan never read ahead in the background");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_range_scan_with_a_limit_names_no_leaf_past_its_end(bool backward)
    {
        (MemoryPageTransaction tx, Tree tree) = BuildTree();
        List<Leaf> leaves = LeavesInOrder(tx, tree.RootPage);
        Dictionary<uint, long> firstKey = leaves.ToDictionary(l => l.Page, l => FirstKey(tx, l.Page));
        Dictionary<uint, long> lastKey = leaves.ToDictionary(l => l.Page, l => LastKey(tx, l.Page));
        const int seed = 2_211;
        var random = new Random(seed);
        int hintsInRange = 0;
        for (int round = 0; round < 200; round++)
        {
            long start = 1 + random.Next(3_000);
            long length = random.Next(round % 2 == 0 ? 40 : 600);
            long end = backward ? Math.Max(1, start - length) : Math.Min(3_000, start + length);

            // Every third round limits by a prefix of the end key: keys sharing its first 7 bytes are still read.
            byte[] limit = round % 3 == 0 ? Key(end)[..7] : Key(end);
            long lastRead = round % 3 == 0 ? (backward ? end & ~0xFFL : end | 0xFF) : end;
            tx.AccessLog = [];
            using (BTreeCursor cursor = tree.OpenCursor())
            {
                cursor.LimitReadAhead(limit, forward: !backward);
                int read = 0;
                for (bool on = cursor.Seek(Key(start), backward ? BTreeSeek.LessOrEqual : BTreeSeek.GreaterOrEqual);
                     on && (backward ? Id(cursor.Key) >= lastRead : Id(cursor.Key) <= lastRead);
                     on = backward ? cursor.MovePrevious() : cursor.MoveNext())
                {
                    read++;
                }

                Assert.Equal(Math.Min(3_000, Math.Max(1, backward ? start : lastRead)) - Math.Max(1, backward ? lastRead : start) + 1, read);
            }

            foreach ((bool hint, uint page) in tx.AccessLog)
            {
                if (!hint)
                {
                    continue;
                }

                hintsInRange++;
                Assert.True(
                    backward ? lastKey[page] >= lastRead : firstKey[page] <= lastRead,
                    $"seed {seed}, round {round}: scanning {start} to {lastRead} named leaf {page} ({firstKey[page]}..{lastKey[page]})");
            }
        }

        // The limit cuts read-ahead at the end of the range, not off altogether.
        Assert.True(hintsInRange > 100, $"seed {seed}: only {hintsInRange} leaves named");
    }

    private static long Id(ReadOnlySpan<byte> key) => BinaryPrimitives.ReadInt64BigEndian(key);

    private static long FirstKey(MemoryPageTransaction tx, uint page) => EdgeKey(tx, page, last: false);

    private static long LastKey(MemoryPageTransaction tx, uint page) => EdgeKey(tx, page, last: true);

    private static long EdgeKey(MemoryPageTransaction tx, uint page, bool last)
    {
        using var lease = tx.Read(page);
        var node = new NodeReader(lease.Data, page);
        return Id(node.LocalKey(last ? node.Count - 1 : 0, out _, out _));
    }

    private static void AssertHints(List<(bool Hint, uint Page)> log, List<Leaf> scanOrder, List<Leaf> expected)
    {
        var leafPages = scanOrder.Select(l => l.Page).ToHashSet();
        List<uint> hinted = log.Where(a => a.Hint).Select(a => a.Page).ToList();
        Assert.Equal(hinted.Count, hinted.Distinct().Count());
        Assert.All(hinted, page => Assert.Contains(page, leafPages));

        // In scan order.
        var position = scanOrder.Select((leaf, i) => (leaf.Page, i)).ToDictionary(p => p.Page, p => p.i);
        for (int i = 1; i < hinted.Count; i++)
        {
            Assert.True(position[hinted[i - 1]] < position[hinted[i]], $"leaf {hinted[i]} was named after leaf {hinted[i - 1]}, which comes later");
        }

        Assert.Equal(expected.Select(l => l.Page).Order(), hinted.Order());

        // Each named before its first read.
        foreach (uint page in hinted)
        {
            int named = log.IndexOf((true, page));
            int read = log.IndexOf((false, page));
            Assert.True(read < 0 || named < read, $"leaf {page} was read before it was named");
        }
    }

    /// <summary>A tree of 3,000 keys on 512-byte pages, with several parents of leaves (shared with <see cref="BTreePrefetchTests"/>).</summary>
    internal static (MemoryPageTransaction Tx, Tree Tree) BuildTree()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        for (long id = 1; id <= 3_000; id++)
        {
            Assert.True(tree.TryInsert(Key(id), new byte[(int)(id % 30)]));
        }

        Assert.True(tree.Verify().Depth >= 3, "the tree should have more than one parent of leaves");
        return (tx, tree);
    }

    // Every leaf with its parent and its place among the parent's children, left to right.
    internal static List<Leaf> LeavesInOrder(MemoryPageTransaction tx, uint root)
    {
        var leaves = new List<Leaf>();
        Walk(root, parent: 0, childIndex: 0, lastChildIndex: 0);
        return leaves;

        void Walk(uint page, uint parent, int childIndex, int lastChildIndex)
        {
            uint[] children;
            using (var lease = tx.Read(page))
            {
                var node = new NodeReader(lease.Data, page);
                if (node.IsLeaf)
                {
                    leaves.Add(new Leaf(page, parent, childIndex, lastChildIndex));
                    return;
                }

                children = new uint[node.Count + 1];
                for (int i = 0; i < children.Length; i++)
                {
                    children[i] = node.Child(i);
                }
            }

            for (int i = 0; i < children.Length; i++)
            {
                Walk(children[i], page, i, children.Length - 1);
            }
        }
    }

    internal static byte[] Key(long id)
    {
        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }

    internal readonly record struct Leaf(uint Page, uint Parent, int ChildIndex, int LastChildIndex);
}
