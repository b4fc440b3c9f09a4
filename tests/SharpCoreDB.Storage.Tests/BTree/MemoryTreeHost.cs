using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>The strict in-memory transaction; "reopen" just commits its frees.</summary>
internal sealed class MemoryTreeHost : TreeHost
{
    private readonly MemoryPageTransaction _tx;

    public MemoryTreeHost(int pageSize)
        : this(new MemoryPageTransaction(pageSize))
    {
    }

    public MemoryTreeHost(MemoryPageTransaction tx) => _tx = tx;

    public override IPageTransaction Tx => _tx;

    public override MemoryPageTransaction Memory => _tx;

    public override string Description => $"memory transaction, {_tx.PageSize}-byte pages";

    public override void CommitAndReopen() => _tx.Commit();

    public override void AssertPagesAccounted(ISet<uint> treePages, string context)
    {
        Assert.True(_tx.OpenLeases == 0, $"{context}: {_tx.OpenLeases} page leases leaked");
        Assert.True(treePages.SetEquals(_tx.LivePageNumbers), $"{context}: the tree owns {treePages.Count} pages but {_tx.LivePages} are live");
    }
}
