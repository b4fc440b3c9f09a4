namespace SharpCoreDB.Storage.Devices;

/// <summary>Whether opening a <see cref="FileStorageDevice"/> may or must create the file.</summary>
public enum FileDeviceMode
{
    /// <summary>Open the file, creating an empty one when it does not exist.</summary>
    OpenOrCreate = 0,

    /// <summary>Open the file; fail with <see cref="SharpCoreDBErrorCode.IoError"/> when it does not exist.</summary>
    OpenExisting = 1,

    /// <summary>Create a new empty file; fail with <see cref="SharpCoreDBErrorCode.IoError"/> when it already exists.</summary>
    CreateNew = 2,
}
