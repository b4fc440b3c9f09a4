using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>Byte order, counting its calls: the comparisons a tree operation makes, for tests that bound them.</summary>
internal sealed class CountingComparer : BTreeKeyComparer
{
    /// <summary>The comparisons made so far.</summary>
    public long Calls { get; private set; }

    /// <inheritdoc />
    public override int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        Calls++;
        return left.SequenceCompareTo(right);
    }
}
