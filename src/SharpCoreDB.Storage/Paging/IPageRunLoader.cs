namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// A <see cref="IPageCacheLoader"/> that can also read a run of consecutive pages with one device read and verify each
/// page of it on its own (the database file; <see cref="PageReadAhead"/> uses it for runs of leaves).
/// </summary>
internal interface IPageRunLoader : IPageCacheLoader
{
    /// <summary>The physical page size: the stride of a run's stored images.</summary>
    int PageSize { get; }

    /// <summary>Reads the stored images of consecutive pages, unverified, with one device read.</summary>
    /// <param name="firstPage">The first page of the run.</param>
    /// <param name="stored">Receives the images; its length is a whole number of pages.</param>
    /// <returns>The whole pages read: fewer than asked only at the end of the file.</returns>
    /// <exception cref="SharpCoreDBException">IoError.</exception>
    int ReadStoredRun(uint firstPage, Span<byte> stored);

    /// <summary>Verifies (and decrypts) one stored image of a run into a page buffer.</summary>
    /// <param name="pageNumber">The page the image was read from.</param>
    /// <param name="stored">The image.</param>
    /// <param name="plain">Receives the usable bytes when it verifies.</param>
    /// <returns>True when the page verified; nothing of an image that did not may be used.</returns>
    bool TryOpenStoredPage(uint pageNumber, ReadOnlySpan<byte> stored, Span<byte> plain);
}
