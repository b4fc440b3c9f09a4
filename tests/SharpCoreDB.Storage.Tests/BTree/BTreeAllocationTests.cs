using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// Bytes allocated on the calling thread by the B+tree's hot paths, over the in-memory transaction (which itself
/// allocates nothing for reads, writes and in-place updates once warm). Each test warms the path first, so
/// one-time costs (JIT, the per-thread write scratch, the cursor path pool) are not counted.
/// </summary>
public sealed class BTreeAllocationTests
{
    private const int Operations = 1_000;
    private const int Entries = 5_000;

    // A B+tree object is a handful of fields and its remembered leaf (path and key range, inline) and the key range of
    // that leaf's parent (inline too, 56 bytes); a tree per transaction must cost about that, not page buffers.
    private const long TreeObjectBound = 280;

    // A cursor object holds its state inline (three page leases: leaf, parent, next leaf); its path storage comes
    // from the pool.
    private const long CursorObjectBound = 312;

    [Fact]
    public void Point_lookups_allocate_nothing()
    {
        (MemoryPageTransaction _, Tree tree) = Filled(seed: 11);
        Span<byte> key = stackalloc byte[16];
        Span<byte> value = stackalloc byte[128];
        var random = new Random(11);
        LookUp(tree, key, value, random);

        long before = GC.GetAllocatedBytesForCurrentThread();
        int found = LookUp(tree, key, value, random);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(found == Operations, $"seed 11: {found} of {Operations} keys found");
        Assert.True(allocated == 0, $"seed 11: {Operations} TryGet calls allocated {allocated} bytes");
    }

    [Fact]
    public void Cursor_seeks_and_steps_allocate_nothing()
    {
        (MemoryPageTransaction _, Tree tree) = Filled(seed: 12);
        using BTreeCursor cursor = tree.OpenCursor();
        Span<byte> key = stackalloc byte[16];
        var random = new Random(12);
        SeekAndStep(cursor, key, random);

        long before = GC.GetAllocatedBytesForCurrentThread();
        long steps = SeekAndStep(cursor, key, random);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(steps > Operations, $"seed 12: only {steps} entries visited");
        Assert.True(allocated == 0, $"seed 12: {Operations} seeks with {steps} steps allocated {allocated} bytes");
    }

    [Fact]
    public void Opening_a_cursor_for_a_point_read_allocates_only_the_cursor_object()
    {
        (MemoryPageTransaction tx, Tree tree) = Filled(seed: 13);
        Span<byte> key = stackalloc byte[16];
        var random = new Random(13);
        OpenSeekDispose(tree, key, random);

        long before = GC.GetAllocatedBytesForCurrentThread();
        int found = OpenSeekDispose(tree, key, random);
        long perOpen = (GC.GetAllocatedBytesForCurrentThread() - before) / Operations;

        Assert.True(found == Operations, $"seed 13: {found} of {Operations} keys found");
        Assert.True(perOpen <= CursorObjectBound, $"seed 13: each open/seek/dispose allocated {perOpen} bytes (bound {CursorObjectBound})");
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void Renting_and_returning_a_cursor_per_point_read_allocates_nothing()
    {
        (MemoryPageTransaction tx, Tree tree) = Filled(seed: 19);
        Span<byte> key = stackalloc byte[16];
        var random = new Random(19);
        RentSeekReturn(tree, key, random);

        long before = GC.GetAllocatedBytesForCurrentThread();
        int found = RentSeekReturn(tree, key, random);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(found == Operations, $"seed 19: {found} of {Operations} keys found");
        Assert.True(allocated == 0, $"seed 19: {Operations} rent/seek/return allocated {allocated} bytes");
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void Rented_cursors_open_at_once_are_distinct_and_a_returned_one_seeks_afresh_after_writes()
    {
        (MemoryPageTransaction tx, Tree tree) = Filled(seed: 20);
        BTreeCursor first = tree.RentCursor();
        BTreeCursor second = tree.RentCursor();
        Assert.NotSame(first, second);
        Assert.True(first.Seek(Key(10), BTreeSeek.GreaterOrEqual));
        Assert.True(second.Seek(Key(20), BTreeSeek.GreaterOrEqual));
        first.Return();
        Assert.True(second.MoveNext() && second.Key.SequenceEqual(Key(21)), "seed 20: the second cursor moved with the first's return");

        // The returned cursor comes back unpositioned and follows the tree through the writes made since.
        Assert.True(tree.Delete(Key(30)));
        BTreeCursor again = tree.RentCursor();
        Assert.Same(first, again);
        Assert.False(again.IsPositioned);
        Assert.True(again.Seek(Key(30), BTreeSeek.GreaterOrEqual) && again.Key.SequenceEqual(Key(31)), "seed 20: the reused cursor saw a stale tree");
        Assert.Throws<InvalidOperationException>(() => second.MoveNext());
        again.Return();
        second.Dispose();
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void Upsert_and_delete_through_a_fresh_tree_per_transaction_allocate_only_the_tree_object()
    {
        (MemoryPageTransaction tx, Tree first) = Filled(seed: 14);
        uint root = first.RootPage;
        var random = new Random(14);
        byte[] key = new byte[16];
        byte[] value = new byte[100];
        WriteThroughFreshTrees(tx, root, key, value, random);

        // The lowest of three windows: the runtime may allocate on this thread once in a while (a method moving to
        // its next compilation tier), which is not the tree's doing; a per-operation allocation shows in every window.
        long perWrite = long.MaxValue;
        for (int window = 0; window < 3; window++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            WriteThroughFreshTrees(tx, root, key, value, random);
            perWrite = Math.Min(perWrite, (GC.GetAllocatedBytesForCurrentThread() - before) / Operations);
        }

        Assert.True(perWrite <= TreeObjectBound, $"seed 14: each tree + upsert + delete + insert allocated {perWrite} bytes (bound {TreeObjectBound})");
        Assert.Equal(Entries, new Tree(tx, root).Count());
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void Many_cursors_open_at_once_on_one_thread_keep_separate_paths()
    {
        // More cursors than the per-thread path pool keeps, interleaved, each crossing many leaves.
        const int Cursors = 20;
        (MemoryPageTransaction tx, Tree tree) = Filled(seed: 15);
        var cursors = new BTreeCursor[Cursors];
        var expected = new int[Cursors];
        for (int round = 0; round < 3; round++)
        {
            for (int c = 0; c < Cursors; c++)
            {
                cursors[c] = tree.OpenCursor();
                expected[c] = c * (Entries / Cursors);
                Assert.True(cursors[c].Seek(Key(expected[c]), BTreeSeek.GreaterOrEqual), $"seed 15: round {round} cursor {c} seek");
            }

            for (int step = 0; step < 400; step++)
            {
                for (int c = 0; c < Cursors; c++)
                {
                    bool forward = (c & 1) == 0;
                    bool moved = forward ? cursors[c].MoveNext() : cursors[c].MovePrevious();
                    expected[c] += forward ? 1 : -1;
                    bool inRange = expected[c] >= 0 && expected[c] < Entries;
                    Assert.True(moved == inRange, $"seed 15: round {round} cursor {c} step {step}: moved {moved}");
                    if (moved)
                    {
                        Assert.True(cursors[c].Key.SequenceEqual(Key(expected[c])), $"seed 15: round {round} cursor {c} step {step} is on the wrong key");
                    }
                }
            }

            // Dispose in a shuffled order so the pool hands paths back out in a different order next round.
            int[] order = Enumerable.Range(0, Cursors).ToArray();
            new Random(15 + round).Shuffle(order);
            foreach (int c in order)
            {
                cursors[c].Dispose();
            }
        }

        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void A_disposed_cursor_stays_disposed_after_its_path_is_reused()
    {
        (MemoryPageTransaction _, Tree tree) = Filled(seed: 16);
        BTreeCursor old = tree.OpenCursor();
        Assert.True(old.Seek(Key(100), BTreeSeek.GreaterOrEqual));
        old.Dispose();
        old.Dispose();
        using BTreeCursor fresh = tree.OpenCursor();
        Assert.True(fresh.Seek(Key(4000), BTreeSeek.GreaterOrEqual));
        Assert.Throws<ObjectDisposedException>(() => old.MoveNext());
        Assert.Throws<ObjectDisposedException>(() => old.Seek(Key(1), BTreeSeek.GreaterOrEqual));
        Assert.True(fresh.MoveNext());
        Assert.True(fresh.Key.SequenceEqual(Key(4001)));
    }

    [Fact]
    public void Writes_alternating_between_page_sizes_on_one_thread_match_the_oracle()
    {
        // The per-thread write scratch is sized per usable size; trees of two sizes must not share a wrong one.
        const int Seed = 17;
        var random = new Random(Seed);
        var small = new MemoryPageTransaction(512);
        var large = new MemoryPageTransaction(8192);
        var smallTree = new Tree(small, Tree.Create(small));
        var largeTree = new Tree(large, Tree.Create(large));
        var smallOracle = new SortedDictionary<int, int>();
        var largeOracle = new SortedDictionary<int, int>();
        for (int i = 0; i < 4000; i++)
        {
            bool useSmall = random.Next(2) == 0;
            Tree tree = useSmall ? smallTree : largeTree;
            SortedDictionary<int, int> oracle = useSmall ? smallOracle : largeOracle;
            int k = random.Next(1500);
            if (random.Next(4) == 0)
            {
                Assert.True(tree.Delete(Key(k)) == oracle.Remove(k), $"seed {Seed}: op {i} delete {k}");
            }
            else
            {
                int length = random.Next(1, 300);
                tree.Upsert(Key(k), Value(k, length));
                oracle[k] = length;
            }
        }

        AssertMatches(smallTree, smallOracle, Seed);
        AssertMatches(largeTree, largeOracle, Seed);
        smallTree.Verify();
        largeTree.Verify();
    }

    [Fact]
    public void Scans_over_a_pager_store_allocate_nothing_once_its_cache_holds_the_pages()
    {
        const int Seed = 18;
        using var host = new PagerTreeHost(4096);
        uint root = Tree.Create(host.Tx);
        var writer = new Tree(host.Tx, root);
        var random = new Random(Seed);
        byte[] value = new byte[100];
        for (int i = 0; i < Entries; i++)
        {
            random.NextBytes(value);
            writer.TryInsert(Key(i), value);
        }

        host.CommitAndReopen();
        using IReadTransaction read = host.BeginRead();
        var tree = new Tree(read, root);
        using BTreeCursor cursor = tree.OpenCursor();
        Span<byte> key = stackalloc byte[16];
        Span<byte> buffer = stackalloc byte[128];

        // The first pass loads every page: the cache allocates each buffer once, nothing else per page.
        long before = GC.GetAllocatedBytesForCurrentThread();
        long cold = Scan(cursor);
        long coldBytes = GC.GetAllocatedBytesForCurrentThread() - before;
        int pages = tree.Verify().TotalPages;
        long coldBound = (pages * 4096L) + (64 * 1024);
        Assert.True(cold == Entries, $"seed {Seed}: cold scan saw {cold} entries");
        Assert.True(coldBytes <= coldBound, $"seed {Seed}: cold scan over {pages} pages allocated {coldBytes} bytes (bound {coldBound})");

        Scan(cursor);
        LookUp(tree, key, buffer, random);

        // The runtime may still be recompiling these methods (tiered compilation) during the first warm passes, which
        // can count against this thread; a code path that allocates does so on every pass, so one clean pass of a few
        // tells them apart.
        long warmBytes = long.MaxValue;
        for (int attempt = 0; attempt < 5 && warmBytes != 0; attempt++)
        {
            before = GC.GetAllocatedBytesForCurrentThread();
            long warm = Scan(cursor);
            int found = LookUp(tree, key, buffer, random);
            warmBytes = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(warm == Entries && found == Operations, $"seed {Seed}: warm scan saw {warm} entries, lookups found {found}");
            if (warmBytes != 0)
            {
                Thread.Sleep(200);
            }
        }

        Assert.True(warmBytes == 0, $"seed {Seed}: five warm scans with {Operations} lookups each all allocated, the last {warmBytes} bytes");
    }

    private static long Scan(BTreeCursor cursor)
    {
        long count = 0;
        for (bool more = cursor.First(); more; more = cursor.MoveNext())
        {
            count += cursor.InlineValue.Length == 100 ? 1 : 0;
        }

        return count;
    }

    private static void AssertMatches(Tree tree, SortedDictionary<int, int> oracle, int seed)
    {
        using BTreeCursor cursor = tree.OpenCursor();
        bool more = cursor.First();
        foreach (KeyValuePair<int, int> entry in oracle)
        {
            Assert.True(more, $"seed {seed}: the tree ended before key {entry.Key}");
            Assert.True(cursor.Key.SequenceEqual(Key(entry.Key)), $"seed {seed}: expected key {entry.Key}");
            Assert.True(cursor.GetValue().AsSpan().SequenceEqual(Value(entry.Key, entry.Value)), $"seed {seed}: value of key {entry.Key}");
            more = cursor.MoveNext();
        }

        Assert.False(more, $"seed {seed}: the tree has more entries than the oracle");
    }

    private static int LookUp(Tree tree, Span<byte> key, Span<byte> value, Random random)
    {
        int found = 0;
        for (int i = 0; i < Operations; i++)
        {
            WriteKey(random.Next(Entries), key);
            if (tree.TryGet(key, value, out int length) && length == 100)
            {
                found++;
            }
        }

        return found;
    }

    private static long SeekAndStep(BTreeCursor cursor, Span<byte> key, Random random)
    {
        long steps = 0;
        for (int i = 0; i < Operations; i++)
        {
            WriteKey(random.Next(Entries), key);
            if (!cursor.Seek(key, BTreeSeek.GreaterOrEqual))
            {
                continue;
            }

            // Far enough to cross leaf boundaries now and then, in both directions.
            for (int s = 0; s < 40 && cursor.MoveNext(); s++)
            {
                steps += cursor.InlineValue.Length > 0 ? 1 : 0;
            }

            for (int s = 0; s < 40 && cursor.MovePrevious(); s++)
            {
                steps++;
            }
        }

        return steps;
    }

    private static int OpenSeekDispose(Tree tree, Span<byte> key, Random random)
    {
        int found = 0;
        for (int i = 0; i < Operations; i++)
        {
            WriteKey(random.Next(Entries), key);
            using BTreeCursor cursor = tree.OpenCursor();
            if (cursor.SeekExact(key) && cursor.ValueLength == 100)
            {
                found++;
            }
        }

        return found;
    }

    private static int RentSeekReturn(Tree tree, Span<byte> key, Random random)
    {
        int found = 0;
        for (int i = 0; i < Operations; i++)
        {
            WriteKey(random.Next(Entries), key);
            BTreeCursor cursor = tree.RentCursor();
            if (cursor.SeekExact(key) && cursor.ValueLength == 100)
            {
                found++;
            }

            cursor.Return();
        }

        return found;
    }

    private static void WriteThroughFreshTrees(MemoryPageTransaction tx, uint root, byte[] key, byte[] value, Random random)
    {
        for (int i = 0; i < Operations; i++)
        {
            // As the SQL layer does: a tree object per transaction over a long-lived root.
            var tree = new Tree(tx, root);
            WriteKey(random.Next(Entries), key);
            value[0] = (byte)i;
            tree.Upsert(key, value);
            tree.Delete(key);
            tree.TryInsert(key, value);
        }
    }

    private static (MemoryPageTransaction Tx, Tree Tree) Filled(int seed)
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        var random = new Random(seed);
        byte[] value = new byte[100];
        int[] order = Enumerable.Range(0, Entries).ToArray();
        random.Shuffle(order);
        foreach (int i in order)
        {
            random.NextBytes(value);
            Assert.True(tree.TryInsert(Key(i), value), $"seed {seed}: insert {i}");
        }

        return (tx, tree);
    }

    private static byte[] Key(int i)
    {
        byte[] key = new byte[16];
        WriteKey(i, key);
        return key;
    }

    private static void WriteKey(int i, Span<byte> key)
    {
        BinaryPrimitives.WriteInt64BigEndian(key, i);
        BinaryPrimitives.WriteInt64BigEndian(key.Slice(8), ~(long)i);
    }

    private static byte[] Value(int k, int length)
    {
        byte[] value = new byte[length];
        for (int i = 0; i < length; i++)
        {
            value[i] = (byte)(k + i);
        }

        return value;
    }
}
