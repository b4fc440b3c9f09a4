namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// Identifies one cached page image: a page number and a version. Version 0 is the copy in the
/// database file; a WAL store can cache several committed versions of a page under other versions.
/// </summary>
/// <param name="PageNumber">The page number.</param>
/// <param name="Version">The version (0 = database file).</param>
internal readonly record struct PageKey(uint PageNumber, ulong Version);
