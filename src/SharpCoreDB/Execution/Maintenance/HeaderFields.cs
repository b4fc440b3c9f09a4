using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Execution.Maintenance;

/// <summary>The pragmas that read the database header: <c>page_count</c>, <c>freelist_count</c>, <c>page_size</c>.</summary>
internal static class HeaderFields
{
    /// <summary>PRAGMA page_count, freelist_count or page_size as the transaction sees the database.</summary>
    /// <param name="transaction">The transaction.</param>
    /// <param name="name">The pragma's name (lower case).</param>
    /// <returns>The value.</returns>
    public static long Read(TransactionContext transaction, string name)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        if (name == "page_size")
        {
            return transaction.Pages.PageSize;
        }

        // Every transaction the engine opens reads pages by number; a store that could not would be a bug, not an
        // answer of 0.
        var access = (ITransactionPageAccess)transaction.Pages;
        using PageLease header = access.ReadPage(0);
        return name == "page_count" ? DatabaseHeader.GetPageCount(header.Data) : DatabaseHeader.GetFreePageCount(header.Data);
    }
}
