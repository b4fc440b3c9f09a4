namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// Told of every call by which a <see cref="FileStorageDevice"/> changed what the disk may hold, in the order it made
/// them and after each succeeded: file creation, directory sync, write, resize, data sync. Crash tests record this
/// sequence from the real device code and rebuild every state a power cut could leave behind.
/// </summary>
internal interface IFileDeviceObserver
{
    /// <summary>The open created the file (its directory entry is not durable until <see cref="DirectorySynced"/>).</summary>
    /// <param name="path">The file's full path.</param>
    void Created(string path);

    /// <summary>A directory was fsynced: the entries created in it so far are durable.</summary>
    /// <param name="directory">The directory's path.</param>
    void DirectorySynced(string directory);

    /// <summary>Bytes were written (not durable until <see cref="DataSynced"/>).</summary>
    /// <param name="path">The file's full path.</param>
    /// <param name="offset">Where.</param>
    /// <param name="data">What.</param>
    void Written(string path, long offset, ReadOnlySpan<byte> data);

    /// <summary>The file's length was set (not durable until <see cref="DataSynced"/>).</summary>
    /// <param name="path">The file's full path.</param>
    /// <param name="length">The new length.</param>
    void LengthSet(string path, long length);

    /// <summary>The file's data (and the size needed to read it) was synced.</summary>
    /// <param name="path">The file's full path.</param>
    void DataSynced(string path);
}
