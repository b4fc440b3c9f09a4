using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

public sealed class BTreeBasicTests
{
    [Fact]
    public void Empty_tree_has_no_entries_and_cursor_finds_nothing()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        Assert.Equal(0, tree.Count());
        Assert.False(tree.ContainsKey([1]));
        Assert.Null(tree.Get([]));
        using BTreeCursor cursor = tree.OpenCursor();
        Assert.False(cursor.First());
        Assert.False(cursor.Last());
        Assert.False(cursor.Seek([5], BTreeSeek.GreaterOrEqual));
        Assert.False(cursor.Seek([5], BTreeSeek.LessOrEqual));
        Assert.False(cursor.IsPositioned);
        Assert.Equal(1, tree.Verify().TotalPages);
    }

    [Fact]
    public void Insert_then_lookup_roundtrips_and_duplicates_are_refused()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        for (int i = 0; i < 2000; i++)
        {
            Assert.True(tree.TryInsert(Key(i * 7 % 2000), Value(i * 7 % 2000)));
        }

        for (int i = 0; i < 2000; i++)
        {
            Assert.False(tree.TryInsert(Key(i), [9]));
            Assert.Equal(Value(i), tree.Get(Key(i)));
        }

        Assert.Equal(2000, tree.Count());
        Assert.True(tree.Verify().Depth > 2, "small pages should force a deep tree");
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void TryGet_copies_into_caller_buffer_and_reports_length_when_too_small()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        tree.TryInsert("k"u8, "hello"u8);
        Span<byte> buffer = stackalloc byte[16];
        Assert.True(tree.TryGet("k"u8, buffer, out int length));
        Assert.Equal(5, length);
        Assert.True(buffer[..5].SequenceEqual("hello"u8));

        Span<byte> small = stackalloc byte[2];
        small.Clear();
        Assert.True(tree.TryGet("k"u8, small, out length));
        Assert.Equal(5, length);
        Assert.True(small.SequenceEqual(new byte[2]), "nothing is copied into a too-small buffer");
        Assert.False(tree.TryGet("missing"u8, buffer, out length));
        Assert.Equal(0, length);
    }

    [Fact]
    public void Upsert_and_update_report_whether_the_key_existed()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        Assert.False(tree.Update("a"u8, "1"u8));
        Assert.Null(tree.Get("a"u8));
        Assert.True(tree.Upsert("a"u8, "1"u8));
        Assert.False(tree.Upsert("a"u8, "22"u8));
        Assert.Equal("22"u8.ToArray(), tree.Get("a"u8)!);
        Assert.True(tree.Update("a"u8, ""u8));
        Assert.Equal(Array.Empty<byte>(), tree.Get("a"u8)!);
        Assert.True(tree.Delete("a"u8));
        Assert.False(tree.Delete("a"u8));
    }

    [Fact]
    public void Empty_key_and_empty_value_are_ordinary_entries()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        Assert.True(tree.TryInsert([], []));
        Assert.True(tree.TryInsert([0], [1]));
        using BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.First());
        Assert.Equal(0, cursor.Key.Length);
        Assert.Equal(0, cursor.ValueLength);
        Assert.True(cursor.MoveNext());
        Assert.True(cursor.Key.SequenceEqual([(byte)0]));
    }

    [Fact]
    public void Key_longer_than_the_local_maximum_is_stored_and_found()
    {
        var tx = new MemoryPageTransaction(1024);
        var tree = new Tree(tx, Tree.Create(tx));
        Assert.True(tree.MaxLocalKeySize * 4 >= (tx.UsableSize - NodeLayout.HeaderSize) - 64, "the local key maximum is about a quarter page");
        byte[] atLimit = new byte[tree.MaxLocalKeySize];
        byte[] overLimit = new byte[tree.MaxLocalKeySize + 1];
        Assert.True(tree.TryInsert(atLimit, new byte[3000]));
        Assert.True(tree.TryInsert(overLimit, "x"u8));
        Assert.Equal(3000, tree.Get(atLimit)!.Length);
        Assert.Equal("x"u8.ToArray(), tree.Get(overLimit));
        Assert.Equal(2, tree.Verify().EntryCount);
    }

    [Fact]
    public void Writes_in_a_read_only_transaction_throw_ReadOnly()
    {
        var tx = new MemoryPageTransaction(4096);
        uint root = Tree.Create(tx);
        tx.IsWritable = false;
        var tree = new Tree(tx, root);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => tree.Upsert("a"u8, "b"u8)).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => tree.Delete("a"u8)).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => Tree.Create(tx)).ErrorCode);
    }

    [Fact]
    public void Root_page_number_never_changes_through_growth_and_shrinking()
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        var tree = new Tree(tx, root);
        for (int i = 0; i < 5000; i++)
        {
            tree.TryInsert(Key(i), Value(i));
        }

        Assert.True(tree.Verify().Depth >= 3);
        for (int i = 0; i < 5000; i++)
        {
            Assert.True(tree.Delete(Key(i)));
        }

        // Reopen by root number only: the same page still names the (now empty) tree.
        var reopened = new Tree(tx, root);
        BTreeVerifyResult result = reopened.Verify();
        Assert.Equal(0, result.EntryCount);
        Assert.Equal(1, result.TotalPages);
        Assert.Equal(1, tx.LivePages);
    }

    [Fact]
    public void Ascending_inserts_fill_leaves_nearly_full()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        for (int i = 0; i < 20_000; i++)
        {
            tree.TryInsert(Key(i), new byte[100]);
        }

        BTreeVerifyResult result = tree.Verify();
        double fill = (double)result.LeafBytesUsed / (result.LeafPages * (long)(tx.UsableSize - NodeLayout.HeaderSize));
        Assert.True(fill > 0.95, $"ascending inserts left leaves {fill:P1} full");
    }

    [Fact]
    public void Random_inserts_fill_leaves_at_least_half()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        var random = new Random(11);
        for (int i = 0; i < 20_000; i++)
        {
            tree.Upsert(Key(random.Next()), new byte[100]);
        }

        BTreeVerifyResult result = tree.Verify();
        double fill = (double)result.LeafBytesUsed / (result.LeafPages * (long)(tx.UsableSize - NodeLayout.HeaderSize));
        Assert.True(fill > 0.5, $"random inserts (seed 11) left leaves {fill:P1} full");
    }

    [Fact]
    public void Seek_modes_land_on_the_right_neighbours()
    {
        var tx = new MemoryPageTransaction(512);
        var tree = new Tree(tx, Tree.Create(tx));
        for (int i = 0; i < 3000; i += 2)
        {
            tree.TryInsert(Key(i), Value(i));
        }

        using BTreeCursor cursor = tree.OpenCursor();
        for (int i = -1; i <= 3001; i++)
        {
            byte[] probe = Key(i);
            bool even = i % 2 == 0 && i >= 0 && i < 3000;
            int ge = i < 0 ? 0 : even ? i : i + 1;
            int gt = i < 0 ? 0 : even ? i + 2 : i + 1;
            int le = even ? i : i - 1;
            int lt = even ? i - 2 : i - 1;
            ExpectAt(cursor, cursor.Seek(probe, BTreeSeek.GreaterOrEqual), ge, $"GE {i}");
            ExpectAt(cursor, cursor.Seek(probe, BTreeSeek.Greater), gt, $"GT {i}");
            ExpectAt(cursor, cursor.Seek(probe, BTreeSeek.LessOrEqual), Math.Min(le, 2998), $"LE {i}");
            ExpectAt(cursor, cursor.Seek(probe, BTreeSeek.Less), Math.Min(lt, 2998), $"LT {i}");
            Assert.Equal(even, cursor.SeekExact(probe));
        }
    }

    [Fact]
    public void Modifying_the_tree_invalidates_open_cursors_until_they_seek_again()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        for (int i = 0; i < 100; i++)
        {
            tree.TryInsert(Key(i), Value(i));
        }

        using BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.Seek(Key(10), BTreeSeek.GreaterOrEqual));
        tree.Upsert(Key(1000), [1]);
        Assert.Equal(0, tx.OpenLeases);
        Assert.Throws<InvalidOperationException>(() => cursor.MoveNext());
        Assert.Throws<InvalidOperationException>(() => cursor.Key.Length);
        Assert.True(cursor.Seek(Key(10), BTreeSeek.Greater));
        Assert.True(cursor.Key.SequenceEqual(Key(11)));
        cursor.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cursor.First());
    }

    [Fact]
    public void Disposed_cursors_release_their_pages()
    {
        var tx = new MemoryPageTransaction(4096);
        var tree = new Tree(tx, Tree.Create(tx));
        tree.TryInsert([1], [2]);
        BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.First());
        Assert.Equal(1, tx.OpenLeases);
        cursor.Dispose();
        Assert.Equal(0, tx.OpenLeases);
    }

    [Fact]
    public void Drop_frees_every_page_including_overflow_chains()
    {
        var tx = new MemoryPageTransaction(512);
        uint other = Tree.Create(tx);
        var keep = new Tree(tx, other);
        keep.TryInsert([1], [1]);
        long before = tx.LivePages;
        var tree = new Tree(tx, Tree.Create(tx));
        for (int i = 0; i < 500; i++)
        {
            tree.TryInsert(Key(i), new byte[i * 13 % 3000]);
        }

        Assert.True(tree.Verify().OverflowPages > 0);
        tree.Drop();
        Assert.Equal(before, tx.LivePages);
        Assert.Throws<InvalidOperationException>(() => tree.Count());
        Assert.Equal(1, keep.Count());
    }

    [Fact]
    public void Insert_delete_churn_reuses_freed_pages_instead_of_growing()
    {
        var tx = new MemoryPageTransaction(1024);
        var tree = new Tree(tx, Tree.Create(tx));
        var random = new Random(5);
        uint highWaterAfterFirstRound = 0;
        for (int round = 0; round < 10; round++)
        {
            for (int i = 0; i < 3000; i++)
            {
                tree.Upsert(Key(i), new byte[random.Next(0, 600)]);
            }

            for (int i = 0; i < 3000; i++)
            {
                Assert.True(tree.Delete(Key(i)), $"seed 5 round {round} key {i}");
            }

            Assert.Equal(1, tx.LivePages);
            tx.Commit();
            if (round == 0)
            {
                highWaterAfterFirstRound = tx.HighWater;
            }
        }

        Assert.True(tx.HighWater <= highWaterAfterFirstRound * 1.2, $"the file grew from {highWaterAfterFirstRound} to {tx.HighWater} pages under churn (seed 5)");
    }

    private static void ExpectAt(BTreeCursor cursor, bool positioned, int expected, string what)
    {
        if (expected < 0 || expected >= 3000)
        {
            Assert.False(positioned, $"{what}: expected no entry");
            return;
        }

        Assert.True(positioned, $"{what}: expected key {expected}");
        Assert.True(cursor.Key.SequenceEqual(Key(expected)), $"{what}: expected key {expected}, got {TreeOracle.Hex(cursor.Key)}");
    }

    internal static byte[] Key(int i)
    {
        // Big-endian with the sign bit flipped, so byte order is numeric order (including -1).
        byte[] key = new byte[4];
        BinaryPrimitives.WriteUInt32BigEndian(key, (uint)i ^ 0x8000_0000);
        return key;
    }

    internal static byte[] Value(int i) => BitConverter.GetBytes(i * 31L);
}
