using System.Buffers.Binary;
using System.Runtime.InteropServices;

namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// Which file a path names right now: on Linux the device and inode numbers (<c>statx</c>, one system call, no
/// allocation), elsewhere the file's creation time. A pool compares it before handing out a database it kept open,
/// so a file deleted or replaced meanwhile (a new inode at the same path) is never served from the old handles.
/// </summary>
/// <param name="Device">The device number (Linux), or 0.</param>
/// <param name="Node">The inode number (Linux), or the creation time in ticks elsewhere.</param>
internal readonly partial record struct FileIdentity(ulong Device, ulong Node)
{
    // struct statx is the same on every Linux architecture: stx_ino at byte 32, stx_dev_major/minor at 136 and 140.
    private const int StatxSize = 256;
    private const int StatxInodeOffset = 32;
    private const int StatxDeviceMajorOffset = 136;
    private const int StatxDeviceMinorOffset = 140;
    private const int AtCurrentDirectory = -100;
    private const uint StatxInode = 0x100;
    private const int AtSymlinkNoFollow = 0x100;

    /// <summary>Reads the identity of the file at a path.</summary>
    /// <param name="path">The full path.</param>
    /// <param name="identity">The identity, or default when there is no file there.</param>
    /// <param name="followLinks">
    /// False to identify a symbolic link at the end of the path itself rather than its target (Linux; elsewhere the
    /// target is always identified).
    /// </param>
    /// <returns>False when no file exists at the path (or it cannot be examined).</returns>
    public static bool TryRead(string path, out FileIdentity identity, bool followLinks = true)
    {
        if (OperatingSystem.IsLinux())
        {
            Span<byte> buffer = stackalloc byte[StatxSize];
            if (statx(AtCurrentDirectory, path, followLinks ? 0 : AtSymlinkNoFollow, StatxInode, ref MemoryMarshal.GetReference(buffer)) != 0)
            {
                identity = default;
                return false;
            }

            ulong device = ((ulong)BinaryPrimitives.ReadUInt32LittleEndian(buffer[StatxDeviceMajorOffset..]) << 32)
                | BinaryPrimitives.ReadUInt32LittleEndian(buffer[StatxDeviceMinorOffset..]);
            identity = new FileIdentity(device, BinaryPrimitives.ReadUInt64LittleEndian(buffer[StatxInodeOffset..]));
            return true;
        }

        // Windows refuses to delete or replace a file this process holds open (no FileShare.Delete), and macOS keeps a
        // birth time: a new file at the path has a new one.
        if (!File.Exists(path))
        {
            identity = default;
            return false;
        }

        identity = new FileIdentity(0, (ulong)File.GetCreationTimeUtc(path).Ticks);
        return true;
    }

    [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int statx(int directoryFd, string path, int flags, uint mask, ref byte buffer);
}
