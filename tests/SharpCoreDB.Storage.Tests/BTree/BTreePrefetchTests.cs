using System.Runtime.Intrinsics.X86;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// What a cursor hints to the CPU's cache: every line of the slot array and the cells of each leaf a scan steps onto,
/// or of the whole page of a leaf it reads ahead (so a warm scan does not wait for its lines one at a time wherever
/// its buffers lie in memory), and nothing for point reads or moves within one leaf.
/// </summary>
public sealed class BTreePrefetchTests
{
    private const int Line = NodeReader.CacheLineSize;

    [Theory]
    [InlineData(0)]
    [InlineData(16)]
    [InlineData(40)]
    [InlineData(63)]
    public void PrefetchCells_hints_each_line_of_the_slots_and_of_the_cells_once(int misalignment)
    {
        (MemoryPageTransaction tx, Tree tree) = BTreeReadAheadTests.BuildTree();
        uint leafPage = BTreeReadAheadTests.LeavesInOrder(tx, tree.RootPage)[1].Page;
        byte[] copy;
        using (var lease = tx.Read(leafPage))
        {
            copy = lease.Data.ToArray();
        }

        // A pinned buffer, so the page's place relative to line boundaries is known and stays put.
        byte[] buffer = GC.AllocateArray<byte>(copy.Length + (2 * Line), pinned: true);
        int start = Offset(buffer, misalignment);
        copy.CopyTo(buffer.AsSpan(start));
        var node = new NodeReader(buffer.AsSpan(start, copy.Length), leafPage);
        Assert.True(node.Count > 3, "the leaf should hold several cells");

        // Counted byte by byte: the lines holding the slot array, and those holding the cell area.
        long slots = LinesTouched(buffer, start + NodeLayout.HeaderSize, start + NodeLayout.HeaderSize + (NodeLayout.SlotSize * node.Count));
        long cells = LinesTouched(buffer, start + node.ContentStart, start + copy.Length);
        // Without SSE (another architecture) there is no hint to give.
        long expected = Sse.IsSupported ? slots + cells : 0;
        Assert.Equal(expected, node.PrefetchCells(forward: true));
        Assert.Equal(expected, node.PrefetchCells(forward: false));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void A_scan_hints_the_whole_of_every_leaf_it_steps_onto(bool forward)
    {
        (MemoryPageTransaction tx, Tree tree) = BTreeReadAheadTests.BuildTree();
        List<BTreeReadAheadTests.Leaf> leaves = BTreeReadAheadTests.LeavesInOrder(tx, tree.RootPage);
        List<BTreeReadAheadTests.Leaf> order = forward ? leaves : Enumerable.Reverse(leaves).ToList();

        // Each leaf but the first one reached is stepped onto. One the cursor read ahead (see BTreeNextLeafTests) had
        // every line of its page hinted then; any other gets the lines of its slots and cells hinted when reached.
        // Where a buffer lies decides whether a range's ends share a line, so each range's count is known to within one.
        long least = 0;
        long most = 0;
        foreach (BTreeReadAheadTests.Leaf leaf in order.Skip(1))
        {
            using var lease = tx.Read(leaf.Page);
            var node = new NodeReader(lease.Data, leaf.Page);
            int[] ranges = BTreeNextLeafTests.IsReadAhead(leaf, order)
                ? [lease.Data.Length]
                : [NodeLayout.SlotSize * node.Count, lease.Data.Length - node.ContentStart];
            foreach (int bytes in ranges)
            {
                least += (bytes + Line - 1) / Line;
                most += ((bytes + Line - 1) / Line) + 1;
            }
        }

        using BTreeCursor cursor = tree.OpenCursor();
        int entries = 0;
        for (bool on = forward ? cursor.First() : cursor.Last(); on; on = forward ? cursor.MoveNext() : cursor.MovePrevious())
        {
            entries++;
        }

        Assert.Equal(3_000, entries);
        Assert.True(least > 0, "the scan should cross leaves");
        if (Sse.IsSupported)
        {
            Assert.InRange(cursor.PrefetchedLines, least, most);
        }
        else
        {
            Assert.Equal(0, cursor.PrefetchedLines);
        }
    }

    [Fact]
    public void Point_reads_and_moves_within_one_leaf_hint_nothing()
    {
        (_, Tree tree) = BTreeReadAheadTests.BuildTree();
        using BTreeCursor cursor = tree.OpenCursor();
        for (long id = 1; id <= 3_000; id += 97)
        {
            Assert.True(cursor.SeekExact(BTreeReadAheadTests.Key(id)));
            Assert.True(cursor.Seek(BTreeReadAheadTests.Key(id), BTreeSeek.LessOrEqual));
            Assert.True(cursor.Seek(BTreeReadAheadTests.Key(id), BTreeSeek.GreaterOrEqual));
        }

        Assert.True(cursor.First());
        Assert.True(cursor.MoveNext());
        Assert.True(cursor.Last());
        Assert.True(cursor.MovePrevious());
        Assert.Equal(0, cursor.PrefetchedLines);
    }

    // The index in buffer whose address lies misalignment bytes past a line boundary.
    private static unsafe int Offset(byte[] buffer, int misalignment)
    {
        fixed (byte* p = buffer)
        {
            return (int)(((misalignment - ((long)p % Line)) + Line) % Line);
        }
    }

    // The distinct cache lines holding buffer[from..to).
    private static unsafe long LinesTouched(byte[] buffer, int from, int to)
    {
        fixed (byte* p = buffer)
        {
            var lines = new HashSet<long>();
            for (int i = from; i < to; i++)
            {
                lines.Add((long)(p + i) / Line);
            }

            return lines.Count;
        }
    }
}
