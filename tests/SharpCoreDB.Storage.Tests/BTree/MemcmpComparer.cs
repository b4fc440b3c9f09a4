namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>Orders byte arrays the way the B+tree does: memcmp, shorter prefix first.</summary>
internal sealed class MemcmpComparer : IComparer<byte[]>
{
    public static readonly MemcmpComparer Instance = new();

    public int Compare(byte[]? x, byte[]? y) => x.AsSpan().SequenceCompareTo(y);
}
