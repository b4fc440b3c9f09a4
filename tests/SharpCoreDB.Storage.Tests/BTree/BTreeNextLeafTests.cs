using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// A scanning cursor reads the leaf after the one it steps onto and holds it, so the next step takes it without a
/// lookup: every leaf is still read once, in scan order; the held page is dropped with the parent (a new position, a
/// change to the tree, disposal, the end of the scan); nothing is held for point reads; a limited range reads no leaf
/// ahead past its end.
/// </summary>
public sealed class BTreeNextLeafTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void A_scan_steps_onto_the_leaf_it_read_ahead_and_reads_every_leaf_once(bool forward)
    {
        (MemoryPageTransaction tx, Tree tree) = BTreeReadAheadTests.BuildTree();
        List<BTreeReadAheadTests.Leaf> leaves = BTreeReadAheadTests.LeavesInOrder(tx, tree.RootPage);
        List<BTreeReadAheadTests.Leaf> order = forward ? leaves : Enumerable.Reverse(leaves).ToList();
        int parents = leaves.Select(l => l.Parent).Distinct().Count();
        Assert.True(parents >= 3, "the test needs several parents of leaves");

        tx.AccessLog = [];
        long hits;
        using (BTreeCursor cursor = tree.OpenCursor())
        {
            int entries = 0;
            for (bool on = forward ? cursor.First() : cursor.Last(); on; on = forward ? cursor.MoveNext() : cursor.MovePrevious())
            {
                entries++;
            }

            Assert.Equal(3_000, entries);
            hits = cursor.NextLeafHits;
        }

        // The first step, and each crossing to another parent, reach a leaf not read ahead; every other step does.
        Assert.Equal(order.Count(leaf => IsReadAhead(leaf, order)), hits);
        Assert.Equal(leaves.Count - 1 - parents, hits);

        // Each leaf read once, in scan order.
        var leafPages = leaves.Select(l => l.Page).ToHashSet();
        List<uint> reads = tx.AccessLog.Where(a => !a.Hint && leafPages.Contains(a.Page)).Select(a => a.Page).ToList();
        Assert.Equal(order.Select(l => l.Page), reads);
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void The_leaf_held_ahead_is_dropped_on_a_change_a_new_position_the_end_and_disposal()
    {
        (MemoryPageTransaction tx, Tree tree) = BTreeReadAheadTests.BuildTree();

        // Positioned on the first leaf: the leaf and its parent. One step on: the next leaf too.
        BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.First());
        Assert.Equal(2, tx.OpenLeases);
        while (cursor.NextLeafHits == 0)
        {
            Assert.True(cursor.MoveNext());
        }

        Assert.Equal(3, tx.OpenLeases);

        // A change to the tree invalidates the cursor and drops all three.
        Assert.True(tree.TryInsert(BTreeReadAheadTests.Key(1_000_000), [1]));
        Assert.Equal(0, tx.OpenLeases);

        // A seek (a point read) holds no leaf ahead; stepping on does.
        Assert.True(cursor.SeekExact(BTreeReadAheadTests.Key(100)));
        Assert.Equal(2, tx.OpenLeases);
        long hits = cursor.NextLeafHits;
        while (cursor.NextLeafHits == hits)
        {
            Assert.True(cursor.MoveNext());
        }

        Assert.Equal(3, tx.OpenLeases);
        Assert.True(cursor.Seek(BTreeReadAheadTests.Key(2_000), BTreeSeek.GreaterOrEqual));
        Assert.Equal(2, tx.OpenLeases);

        // Running off the end drops everything; so does disposal.
        while (cursor.MoveNext())
        {
        }

        Assert.Equal(0, tx.OpenLeases);
        Assert.True(cursor.Last());
        Assert.True(cursor.MovePrevious());
        cursor.Dispose();
        Assert.Equal(0, tx.OpenLeases);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_limited_range_reads_at_most_the_one_leaf_where_it_stops_past_its_end(bool backward)
    {
        (MemoryPageTransaction tx, Tree tree) = BTreeReadAheadTests.BuildTree();
        List<BTreeReadAheadTests.Leaf> leaves = BTreeReadAheadTests.LeavesInOrder(tx, tree.RootPage);
        Dictionary<uint, (long First, long Last)> keys = leaves.ToDictionary(l => l.Page, l => Edges(tx, l.Page));
        const int seed = 2_212;
        var random = new Random(seed);
        long held = 0;
        for (int round = 0; round < 200; round++)
        {
            long start = 1 + random.Next(3_000);
            long length = random.Next(round % 2 == 0 ? 40 : 600);
            long end = backward ? Math.Max(1, start - length) : Math.Min(3_000, start + length);
            tx.AccessLog = [];
            using (BTreeCursor cursor = tree.OpenCursor())
            {
                cursor.LimitReadAhead(BTreeReadAheadTests.Key(end), forward: !backward);
                for (bool on = cursor.Seek(BTreeReadAheadTests.Key(start), backward ? BTreeSeek.LessOrEqual : BTreeSeek.GreaterOrEqual);
                     on && (backward ? Id(cursor.Key) >= end : Id(cursor.Key) <= end);
                     on = backward ? cursor.MovePrevious() : cursor.MoveNext())
                {
                }

                held += cursor.NextLeafHits;
            }

            // Leaves wholly past the end that were read: only the one holding the key the scan stopped at.
            int past = tx.AccessLog
                .Where(a => !a.Hint && keys.ContainsKey(a.Page))
                .Select(a => a.Page)
                .Distinct()
                .Count(page => backward ? keys[page].Last < end : keys[page].First > end);
            Assert.True(past <= 1, $"seed {seed}, round {round}: scanning {start} to {end} read {past} leaves past the end");
        }

        Assert.True(held > 100, $"seed {seed}: only {held} steps onto a leaf read ahead");
    }

    /// <summary>
    /// Whether a scan visiting <paramref name="order"/> steps onto <paramref name="leaf"/> from the leaf it read
    /// ahead: the cursor reads ahead when it steps onto a leaf (not when a seek lands on one), and only a neighbour
    /// under the same parent.
    /// </summary>
    internal static bool IsReadAhead(BTreeReadAheadTests.Leaf leaf, List<BTreeReadAheadTests.Leaf> order)
    {
        int position = order.IndexOf(leaf);
        return position >= 2 && order[position - 1].Parent == leaf.Parent;
    }

    private static (long First, long Last) Edges(MemoryPageTransaction tx, uint page)
    {
        using var lease = tx.Read(page);
        var node = new NodeReader(lease.Data, page);
        return (Id(node.LocalKey(0, out _, out _)), Id(node.LocalKey(node.Count - 1, out _, out _)));
    }

    private static long Id(ReadOnlySpan<byte> key) => BinaryPrimitives.ReadInt64BigEndian(key);
}
