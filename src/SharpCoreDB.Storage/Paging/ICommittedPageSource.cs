namespace SharpCoreDB.Storage.Paging;

/// <summary>Where a write transaction's first touch of a page copies the committed bytes from.</summary>
internal interface ICommittedPageSource
{
    /// <summary>Copies the committed usable bytes of a page, as the transaction sees them, into <paramref name="destination"/>.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="destination">At least the usable size.</param>
    void ReadCommittedPage(uint pageNumber, Span<byte> destination);
}
