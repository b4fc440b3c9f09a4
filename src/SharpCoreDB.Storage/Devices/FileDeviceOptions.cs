namespace SharpCoreDB.Storage.Devices;

/// <summary>How a <see cref="FileStorageDevice"/> opens its file.</summary>
public sealed record FileDeviceOptions
{
    /// <summary>Read-write, create when missing, exclusive: what a database file normally uses.</summary>
    public static FileDeviceOptions Default { get; } = new();

    /// <summary>Whether the file may or must be created. Default: <see cref="FileDeviceMode.OpenOrCreate"/>.</summary>
    public FileDeviceMode Mode { get; init; } = FileDeviceMode.OpenOrCreate;

    /// <summary>
    /// Open for reading only: writes, truncation and extension are refused. Requires
    /// <see cref="FileDeviceMode.OpenExisting"/>, since a read-only open cannot create anything.
    /// </summary>
    public bool ReadOnly { get; init; }

    /// <summary>
    /// Lock the file against other processes (default true). A read-write open takes an exclusive lock;
    /// a read-only open takes a shared lock, so several readers may coexist but never beside a writer.
    /// An open that cannot get its lock fails with <see cref="SharpCoreDBErrorCode.Locked"/>.
    /// </summary>
    public bool Exclusive { get; init; } = true;

    /// <summary>Told of every creation, write, resize and sync the device makes (crash tests); null outside tests.</summary>
    internal IFileDeviceObserver? Observer { get; init; }
}
