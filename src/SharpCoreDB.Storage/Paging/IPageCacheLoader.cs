namespace SharpCoreDB.Storage.Paging;

/// <summary>Fills a <see cref="PageCache"/> slot on a miss: the database file, or a WAL frame.</summary>
internal interface IPageCacheLoader
{
    /// <summary>Reads and verifies one page version into <paramref name="destination"/>.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="version">The version asked for (0 = the database file's copy).</param>
    /// <param name="destination">At least the usable size; when it is a whole page long it may be used as scratch.</param>
    void LoadPage(uint pageNumber, ulong version, Span<byte> destination);
}
