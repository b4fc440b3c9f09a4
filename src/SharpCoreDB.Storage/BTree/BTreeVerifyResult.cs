namespace SharpCoreDB.Storage.BTree;

/// <summary>What the integrity walk (<see cref="BTree.Verify"/>) found in a sound tree.</summary>
/// <param name="EntryCount">The number of keys.</param>
/// <param name="Depth">The number of levels (1 for a tree that is a single leaf).</param>
/// <param name="LeafPages">Leaf nodes.</param>
/// <param name="InteriorPages">Interior nodes, the root included when it is one.</param>
/// <param name="OverflowPages">Pages of overflow chains.</param>
/// <param name="LeafBytesUsed">Bytes of slots and cells across all leaves, to judge how full leaves are.</param>
internal readonly record struct BTreeVerifyResult(long EntryCount, int Depth, int LeafPages, int InteriorPages, int OverflowPages, long LeafBytesUsed)
{
    /// <summary>Every page the tree owns.</summary>
    public int TotalPages => LeafPages + InteriorPages + OverflowPages;
}
