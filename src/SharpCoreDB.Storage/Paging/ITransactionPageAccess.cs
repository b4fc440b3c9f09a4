namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The raw page access of a write transaction, page 0 included, that <see cref="PageAllocator"/> works
/// through. Every change made through it is part of the transaction: it commits or rolls back with it.
/// </summary>
internal interface ITransactionPageAccess
{
    /// <summary>The bytes of each page the allocator may use.</summary>
    int UsableSize { get; }

    /// <summary>The name of the database for error messages.</summary>
    string SourceName { get; }

    /// <summary>Reads any page (page 0 included) as the transaction sees it.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <returns>A read lease.</returns>
    PageLease ReadPage(uint pageNumber);

    /// <summary>A writable copy of any page (page 0 included), private to the transaction.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <returns>A writable lease.</returns>
    PageLease WritePage(uint pageNumber);

    /// <summary>A writable, zero-filled page, without reading its old content.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <returns>A writable lease over zeros.</returns>
    PageLease CreatePage(uint pageNumber);
}
