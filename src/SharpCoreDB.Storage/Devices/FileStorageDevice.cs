using Microsoft.Win32.SafeHandles;

namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// A device over one file, using positioned I/O (<see cref="RandomAccess"/>) so concurrent readers never share
/// a file position, with durable flushes (<c>fdatasync</c> on Linux) and an inter-process lock.
/// </summary>
/// <remarks>
/// <para>
/// Locking: on Linux the device takes <c>flock(LOCK_EX | LOCK_NB)</c> for a read-write open and
/// <c>LOCK_SH</c> for a read-only one. flock locks belong to the open file description, so a second open of
/// the same file conflicts even inside one process; the engine shares one device per file within a process.
/// Elsewhere the lock is the sharing mode of the open (<see cref="FileShare.None"/> or <see cref="FileShare.Read"/>).
/// </para>
/// <para>
/// Durability: a failed flush is final. After it, every further flush, write and resize throws
/// <see cref="SharpCoreDBErrorCode.DatabaseFailed"/>, because the kernel may already have discarded the dirty
/// data and a later flush could report success for data that never reached the disk.
/// </para>
/// </remarks>
public sealed class FileStorageDevice : IStorageDevice
{
    // HResults of a sharing or lock violation raised by the open itself: on Unix the BCL reports the raw
    // errno (EWOULDBLOCK from its own flock), on Windows ERROR_SHARING_VIOLATION / ERROR_LOCK_VIOLATION.
    private const int UnixWouldBlock = LinuxFileSystem.EWOULDBLOCK;
    private const int WindowsSharingViolation = unchecked((int)0x80070020);
    private const int WindowsLockViolation = unchecked((int)0x80070021);

    // Flushes to disk asked of any file device in the process; read by the benchmarks (read-only transactions must
    // never add to it). One interlocked add per fsync costs nothing beside the fsync.
    private static long s_flushCount;

    private readonly SafeFileHandle _handle;
    private readonly Func<SafeFileHandle, int> _dataSync;
    private readonly IFileDeviceObserver? _observer;

    // With a lock held no other process can change the file, so the length is known without asking the OS.
    private readonly bool _lengthIsOurs;
    private long _length;
    private volatile bool _flushFailed;
    private int _disposed;

    private FileStorageDevice(string name, SafeFileHandle handle, bool readOnly, bool lengthIsOurs, bool created, Func<SafeFileHandle, int> dataSync, IFileDeviceObserver? observer)
    {
        _observer = observer;
        Name = name;
        _handle = handle;
        IsReadOnly = readOnly;
        WasCreated = created;
        _lengthIsOurs = lengthIsOurs;
        _dataSync = dataSync;
        _length = RandomAccess.GetLength(handle);
    }

    /// <summary>The full path of the file.</summary>
    public string Name { get; }

    /// <summary>True when the file was opened read-only.</summary>
    public bool IsReadOnly { get; }

    /// <summary>True when this open created the file (it was empty and new).</summary>
    public bool WasCreated { get; }

    /// <inheritdoc />
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    /// <exception cref="SharpCoreDBException">IoError when the OS cannot report the length.</exception>
    public long Length
    {
        get
        {
            ThrowIfDisposed();
            if (_lengthIsOurs)
            {
                return Volatile.Read(ref _length);
            }

            try
            {
                return RandomAccess.GetLength(_handle);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                throw IoError("reading the length of", ex);
            }
        }
    }

    /// <summary>Opens or creates a file.</summary>
    /// <param name="path">The file's path.</param>
    /// <param name="options">How to open it; <see cref="FileDeviceOptions.Default"/> when null.</param>
    /// <returns>The open device, holding its lock until disposed.</returns>
    /// <exception cref="ArgumentException">The path is empty, or a read-only open was asked to create the file.</exception>
    /// <exception cref="SharpCoreDBException">
    /// Locked when another open holds the file; IoError when the file is missing (<see cref="FileDeviceMode.OpenExisting"/>),
    /// already exists (<see cref="FileDeviceMode.CreateNew"/>), or the OS refuses the open.
    /// </exception>
    public static FileStorageDevice Open(string path, FileDeviceOptions? options = null) =>
        Open(path, options, LinuxFileSystem.FDataSync);

    /// <summary>Opens a file with a replaceable data-sync call, so tests can make the OS report a flush failure.</summary>
    internal static FileStorageDevice Open(string path, FileDeviceOptions? options, Func<SafeFileHandle, int> dataSync)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(dataSync);
        options ??= FileDeviceOptions.Default;
        if (options.ReadOnly && options.Mode != FileDeviceMode.OpenExisting)
        {
            throw new ArgumentException("A read-only open cannot create the file; use FileDeviceMode.OpenExisting.", nameof(options));
        }

        string fullPath = Path.GetFullPath(path);
        bool useFlock = OperatingSystem.IsLinux() && options.Exclusive;
        FileAccess access = options.ReadOnly ? FileAccess.Read : FileAccess.ReadWrite;
        FileShare share = useFlock || !options.Exclusive
            ? FileShare.ReadWrite
            : options.ReadOnly ? FileShare.Read : FileShare.None;

        (SafeFileHandle handle, bool created) = OpenHandle(fullPath, options.Mode, access, share);
        try
        {
            if (useFlock)
            {
                int errno = LinuxFileSystem.TryLock(handle, exclusive: !options.ReadOnly);
                if (errno == LinuxFileSystem.EWOULDBLOCK)
                {
                    throw LockedError(fullPath, null);
                }

                if (errno != 0)
                {
                    throw StorageErrors.LockFailed(fullPath, LinuxFileSystem.Describe(errno));
                }
            }

            if (created)
            {
                options.Observer?.Created(fullPath);
                SyncDirectory(fullPath, options.Observer);
            }

            return new FileStorageDevice(fullPath, handle, options.ReadOnly, options.Exclusive, created, dataSync, options.Observer);
        }
        catch
        {
            handle.Dispose();
            throw;
        }
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    /// <exception cref="SharpCoreDBException">IoError when the OS read fails.</exception>
    public int Read(long offset, Span<byte> destination)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        ThrowIfDisposed();
        int total = 0;
        try
        {
            // pread may return fewer bytes than asked before the end of the file; only 0 means the end.
            while (total < destination.Length)
            {
                int read = RandomAccess.Read(_handle, destination[total..], offset + total);
                if (read == 0)
                {
                    break;
                }

                total += read;
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw IoError($"reading {destination.Length} bytes at offset {offset} of", ex);
        }

        return total;
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    /// <exception cref="SharpCoreDBException">
    /// ReadOnly on a read-only device; DatabaseFailed after a failed flush; IoError when the OS write fails.
    /// </exception>
    public void Write(long offset, ReadOnlySpan<byte> source)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        ThrowIfNotWritable();
        if (source.IsEmpty)
        {
            // An empty pwrite does not extend the file; return before the length bookkeeping would.
            return;
        }

        try
        {
            RandomAccess.Write(_handle, source, offset);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw IoError($"writing {source.Length} bytes at offset {offset} of", ex);
        }

        _observer?.Written(Name, offset, source);

        long end = offset + source.Length;
        if (end > Volatile.Read(ref _length))
        {
            Volatile.Write(ref _length, end);
        }
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    /// <exception cref="SharpCoreDBException">
    /// ReadOnly on a read-only device; DatabaseFailed after a failed flush; IoError when the OS refuses.
    /// </exception>
    public void SetLength(long length)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        ThrowIfNotWritable();
        try
        {
            RandomAccess.SetLength(_handle, length);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw IoError($"setting the length to {length} of", ex);
        }

        _observer?.LengthSet(Name, length);

        Volatile.Write(ref _length, length);
    }

    /// <summary>Flushes to disk (fdatasync or FlushToDisk) that file devices in this process have started so far.</summary>
    internal static long ProcessFlushCount => Interlocked.Read(ref s_flushCount);

    /// <summary>
    /// Makes every completed write durable: <c>fdatasync</c> on Linux (retried only when interrupted by a signal),
    /// <see cref="RandomAccess.FlushToDisk"/> elsewhere. A read-only device has nothing to flush.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    /// <exception cref="SharpCoreDBException">
    /// IoError naming the file and errno when the flush fails; DatabaseFailed on every flush after that.
    /// </exception>
    public void Flush()
    {
        ThrowIfDisposed();
        ThrowIfFlushFailed();
        if (IsReadOnly)
        {
            // No write can have gone through this handle, and Windows refuses to flush a read-only handle.
            return;
        }

        Interlocked.Increment(ref s_flushCount);

        if (OperatingSystem.IsLinux())
        {
            int errno = _dataSync(_handle);
            if (errno != 0)
            {
                _flushFailed = true;
                throw StorageErrors.FlushFailed(Name, LinuxFileSystem.Describe(errno));
            }

            _observer?.DataSynced(Name);
            return;
        }

        try
        {
            RandomAccess.FlushToDisk(_handle);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            _flushFailed = true;
            throw IoError("flushing to disk (data written since the last successful flush may be lost)", ex);
        }

        _observer?.DataSynced(Name);
    }

    /// <summary>Closes the file, which also releases its lock.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            _handle.Dispose();
        }
    }

    private static (SafeFileHandle Handle, bool Created) OpenHandle(string fullPath, FileDeviceMode mode, FileAccess access, FileShare share)
    {
        try
        {
            switch (mode)
            {
                case FileDeviceMode.OpenExisting:
                    return (File.OpenHandle(fullPath, FileMode.Open, access, share), false);
                case FileDeviceMode.CreateNew:
                    return (File.OpenHandle(fullPath, FileMode.CreateNew, access, share), true);
                case FileDeviceMode.OpenOrCreate:
                    // Open first, create second, so we know for certain whether this open created the file
                    // (and therefore whether the directory entry must be made durable).
                    try
                    {
                        return (File.OpenHandle(fullPath, FileMode.Open, access, share), false);
                    }
                    catch (FileNotFoundException)
                    {
                        try
                        {
                            return (File.OpenHandle(fullPath, FileMode.CreateNew, access, share), true);
                        }
                        catch (IOException) when (File.Exists(fullPath))
                        {
                            // Another process created it between our two attempts.
                            return (File.OpenHandle(fullPath, FileMode.Open, access, share), false);
                        }
                    }

                default:
                    throw new ArgumentOutOfRangeException(nameof(mode), mode, "Unknown file device mode.");
            }
        }
        catch (FileNotFoundException ex)
        {
            throw StorageErrors.FileNotFound(fullPath, ex);
        }
        catch (DirectoryNotFoundException ex)
        {
            throw StorageErrors.DirectoryNotFound(fullPath, ex);
        }
        catch (IOException ex) when (ex.HResult is UnixWouldBlock or WindowsSharingViolation or WindowsLockViolation)
        {
            throw LockedError(fullPath, ex);
        }
        catch (IOException ex) when (mode == FileDeviceMode.CreateNew && File.Exists(fullPath))
        {
            throw StorageErrors.FileExists(fullPath, ex);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw StorageErrors.OpenFailed(fullPath, ex);
        }
    }

    /// <summary>Makes the entries of the directory holding <paramref name="fullPath"/> durable (Linux; a no-op elsewhere, where it is neither needed nor possible).</summary>
    /// <param name="fullPath">A file in the directory.</param>
    /// <param name="observer">Told of the sync, or null.</param>
    /// <exception cref="SharpCoreDBException">IoError when the fsync fails.</exception>
    internal static void SyncDirectory(string fullPath, IFileDeviceObserver? observer)
    {
        // Only Linux needs (and allows) this: the new directory entry is not durable until the directory is.
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        string directory = Path.GetDirectoryName(fullPath) ?? Path.GetPathRoot(fullPath) ?? "/";
        int errno = LinuxFileSystem.FsyncDirectory(directory);
        if (errno != 0)
        {
            throw StorageErrors.DirectoryEntryNotDurable(fullPath, directory, LinuxFileSystem.Describe(errno));
        }

        observer?.DirectorySynced(directory);
    }

    private static SharpCoreDBException LockedError(string fullPath, Exception? inner) =>
        StorageErrors.Locked(fullPath, inner);

    private SharpCoreDBException IoError(string operation, Exception inner) =>
        StorageErrors.IoFailed(operation, Name, inner);

    private void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);

    private void ThrowIfNotWritable()
    {
        ThrowIfDisposed();
        if (IsReadOnly)
        {
            throw StorageErrors.DeviceReadOnly(Name);
        }

        ThrowIfFlushFailed();
    }

    private void ThrowIfFlushFailed()
    {
        if (_flushFailed)
        {
            throw StorageErrors.FlushFailedEarlier(Name);
        }
    }
}
