using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>Whole-tree comparisons against a <see cref="SortedDictionary{TKey, TValue}"/> model.</summary>
internal static class TreeOracle
{
    /// <summary>
    /// Scans the tree both ways and checks keys and values against the model, then runs the integrity walk and
    /// checks that the tree owns exactly the pages the transaction has live (nothing leaked, nothing shared).
    /// </summary>
    public static BTreeVerifyResult AssertMatches(SharpCoreDB.Storage.BTree.BTree tree, SortedDictionary<byte[], byte[]> model, string context, TreeHost? host = null)
    {
        using (BTreeCursor cursor = tree.OpenCursor())
        {
            bool more = cursor.First();
            int i = 0;
            foreach (KeyValuePair<byte[], byte[]> entry in model)
            {
                Assert.True(more, $"{context}: ascending scan ended after {i} of {model.Count} entries");
                AssertEntry(cursor, entry, $"{context}: ascending scan entry {i}");
                more = cursor.MoveNext();
                i++;
            }

            Assert.False(more, $"{context}: ascending scan has more than the model's {model.Count} entries");

            more = cursor.Last();
            i = 0;
            foreach (KeyValuePair<byte[], byte[]> entry in model.Reverse())
            {
                Assert.True(more, $"{context}: descending scan ended after {i} of {model.Count} entries");
                AssertEntry(cursor, entry, $"{context}: descending scan entry {i}");
                more = cursor.MovePrevious();
                i++;
            }

            Assert.False(more, $"{context}: descending scan has more than the model's {model.Count} entries");
        }

        Assert.Equal(model.Count, tree.Count());
        var pages = new HashSet<uint>();
        BTreeVerifyResult result = tree.Verify(pages);
        Assert.True(result.EntryCount == model.Count, $"{context}: Verify counted {result.EntryCount}, model has {model.Count}");
        Assert.True(pages.Count == result.TotalPages, $"{context}: page set and counts disagree");
        host?.AssertPagesAccounted(pages, context);
        return result;
    }

    public static void AssertEntry(BTreeCursor cursor, KeyValuePair<byte[], byte[]> expected, string context)
    {
        Assert.True(cursor.Key.SequenceEqual(expected.Key), $"{context}: key {Hex(cursor.Key)} != expected {Hex(expected.Key)}");
        Assert.True(cursor.ValueLength == expected.Value.Length, $"{context}: value length {cursor.ValueLength} != {expected.Value.Length}");
        if (cursor.IsValueInline)
        {
            Assert.True(cursor.InlineValue.SequenceEqual(expected.Value), $"{context}: inline value differs");
        }
        else
        {
            Assert.True(cursor.GetValue().AsSpan().SequenceEqual(expected.Value), $"{context}: overflow value differs");
        }
    }

    /// <summary>Deletes every key of the model; the tree must then shrink back to its root page alone.</summary>
    public static void AssertEmptiesToRoot(SharpCoreDB.Storage.BTree.BTree tree, SortedDictionary<byte[], byte[]> model, string context, TreeHost? host = null)
    {
        foreach (byte[] key in model.Keys.ToArray())
        {
            Assert.True(tree.Delete(key), $"{context}: final delete of {Hex(key)}");
            model.Remove(key);
        }

        BTreeVerifyResult empty = AssertMatches(tree, model, $"{context}, emptied", host);
        Assert.True(empty.TotalPages == 1, $"{context}: an empty tree still owns {empty.TotalPages} pages");
    }

    /// <summary>
    /// Seeks to <paramref name="probe"/> with a random mode (in the model's key order), then moves up to <paramref name="maxMoves"/> times (mostly
    /// in the seek's direction, sometimes back, to cross leaf edges both ways), checking every entry against the model.
    /// </summary>
    public static void AssertSeekAndScan(Random random, SharpCoreDB.Storage.BTree.BTree tree, SortedDictionary<byte[], byte[]> model, byte[] probe, int maxMoves, string context)
    {
        byte[][] keys = [.. model.Keys];
        var mode = (BTreeSeek)random.Next(4);
        IComparer<byte[]> order = model.Comparer;
        int lower = LowerBound(keys, probe, order);
        bool exact = lower < keys.Length && order.Compare(keys[lower], probe) == 0;
        int index = mode switch
        {
            BTreeSeek.GreaterOrEqual => lower,
            BTreeSeek.Greater => exact ? lower + 1 : lower,
            BTreeSeek.LessOrEqual => exact ? lower : lower - 1,
            _ => lower - 1,
        };

        using BTreeCursor cursor = tree.OpenCursor();
        bool positioned = cursor.Seek(probe, mode);
        string what = $"{context}: Seek {mode} {Hex(probe)}";
        bool forward = mode is BTreeSeek.GreaterOrEqual or BTreeSeek.Greater;
        int moves = random.Next(0, maxMoves);
        for (int move = 0; ; move++)
        {
            bool inRange = index >= 0 && index < keys.Length;
            Assert.True(positioned == inRange, $"{what}, move {move}: positioned {positioned}, model index {index} of {keys.Length}");
            if (!inRange || move == moves)
            {
                break;
            }

            AssertEntry(cursor, new KeyValuePair<byte[], byte[]>(keys[index], model[keys[index]]), $"{what}, move {move}");
            bool next = random.Next(10) < 8 ? forward : !forward;
            positioned = next ? cursor.MoveNext() : cursor.MovePrevious();
            index += next ? 1 : -1;
        }
    }

    public static string Hex(ReadOnlySpan<byte> bytes) =>
        bytes.Length <= 24 ? Convert.ToHexString(bytes) : $"{Convert.ToHexString(bytes[..24])}..({bytes.Length} bytes)";

    private static int LowerBound(byte[][] keys, byte[] probe, IComparer<byte[]> order)
    {
        int lo = 0;
        int hi = keys.Length;
        while (lo < hi)
        {
            int mid = (lo + hi) / 2;
            if (order.Compare(keys[mid], probe) < 0)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }

        return lo;
    }
}
