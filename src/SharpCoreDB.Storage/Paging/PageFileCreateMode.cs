namespace SharpCoreDB.Storage.Paging;

/// <summary>Whether opening a page file may create the database.</summary>
internal enum PageFileCreateMode
{
    /// <summary>Open the database; create it when the device is empty.</summary>
    OpenOrCreate,

    /// <summary>Open an existing database; an empty device is <see cref="SharpCoreDBErrorCode.NotADatabase"/>.</summary>
    OpenExisting,

    /// <summary>Create a database; a device that already holds bytes is <see cref="SharpCoreDBErrorCode.AlreadyExists"/>.</summary>
    CreateNew,
}
