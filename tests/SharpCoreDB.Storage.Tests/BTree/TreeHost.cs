using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>Where a test's tree lives: a transaction that can be committed and, for real stores, reopened.</summary>
internal abstract class TreeHost : IDisposable
{
    /// <summary>The current transaction.</summary>
    public abstract IPageTransaction Tx { get; }

    /// <summary>The strict in-memory transaction, when that is the host.</summary>
    public virtual MemoryPageTransaction? Memory => null;

    /// <summary>A description for failure messages.</summary>
    public abstract string Description { get; }

    /// <summary>Commits; a real store is then closed and reopened and a new transaction begun.</summary>
    public abstract void CommitAndReopen();

    /// <summary>Checks that the tree's pages plus whatever the store owns account for every page exactly once.</summary>
    public abstract void AssertPagesAccounted(ISet<uint> treePages, string context);

    public virtual void Dispose()
    {
    }
}
