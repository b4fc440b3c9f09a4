using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// The few libc calls the BCL does not expose with the semantics a database needs: <c>fdatasync</c>
/// (RandomAccess.FlushToDisk is a full fsync), <c>flock</c> with an explicit exclusive/shared choice,
/// and fsync of a directory so a newly created file name is durable.
/// </summary>
internal static partial class LinuxFileSystem
{
    /// <summary>EINTR: the call was interrupted by a signal before doing anything; retrying is correct.</summary>
    internal const int EINTR = 4;

    /// <summary>EWOULDBLOCK (= EAGAIN on Linux): a non-blocking lock is held elsewhere.</summary>
    internal const int EWOULDBLOCK = 11;

    private const int LockShared = 1;
    private const int LockExclusive = 2;
    private const int LockNonBlocking = 4;

    // O_DIRECTORY differs between architectures; a plain read-only open of a directory works everywhere.
    private const int OpenReadOnly = 0;
    private const int OpenCloseOnExec = 0x80000;

    /// <summary>Runs fdatasync, retrying only on EINTR.</summary>
    /// <returns>0 on success, otherwise the errno of the failure.</returns>
    internal static int FDataSync(SafeFileHandle handle)
    {
        while (true)
        {
            if (fdatasync(handle) == 0)
            {
                return 0;
            }

            int errno = Marshal.GetLastPInvokeError();
            if (errno != EINTR)
            {
                return errno;
            }
        }
    }

    /// <summary>Takes a non-blocking flock, retrying only on EINTR.</summary>
    /// <returns>0 on success, <see cref="EWOULDBLOCK"/> when another open file description holds a conflicting lock, otherwise the errno.</returns>
    internal static int TryLock(SafeFileHandle handle, bool exclusive)
    {
        int operation = (exclusive ? LockExclusive : LockShared) | LockNonBlocking;
        while (true)
        {
            if (flock(handle, operation) == 0)
            {
                return 0;
            }

            int errno = Marshal.GetLastPInvokeError();
            if (errno != EINTR)
            {
                return errno;
            }
        }
    }

    /// <summary>Opens <paramref name="directory"/> read-only and fsyncs it, so entries created in it are durable.</summary>
    /// <returns>0 on success, otherwise the errno of the failing call.</returns>
    internal static int FsyncDirectory(string directory)
    {
        int fd;
        while ((fd = open(directory, OpenReadOnly | OpenCloseOnExec)) < 0)
        {
            int openErrno = Marshal.GetLastPInvokeError();
            if (openErrno != EINTR)
            {
                return openErrno;
            }
        }

        int result = 0;
        while (fsync(fd) != 0)
        {
            int errno = Marshal.GetLastPInvokeError();
            if (errno != EINTR)
            {
                result = errno;
                break;
            }
        }

        // close is never retried on Linux: the descriptor is released even when close reports EINTR.
        _ = close(fd);
        return result;
    }

    /// <summary>Formats an errno as "errno N (message)" for error messages.</summary>
    internal static string Describe(int errno) => $"errno {errno} ({Marshal.GetPInvokeErrorMessage(errno)})";

    [LibraryImport("libc", SetLastError = true)]
    private static partial int fdatasync(SafeFileHandle fd);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int flock(SafeFileHandle fd, int operation);

    [LibraryImport("libc", EntryPoint = "open", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static partial int open(string path, int flags);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int fsync(int fd);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int close(int fd);
}
