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

    public static string Hex(ReadOnlySpan<byte> bytes) =>
        bytes.Length <= 24 ? Convert.ToHexString(bytes) : $"{Convert.ToHexString(bytes[..24])}..({bytes.Length} bytes)";
}
