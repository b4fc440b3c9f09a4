namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// A device held entirely in memory: backs <c>:memory:</c> databases and fast tests, and is the image type
/// that power-loss simulation produces.
/// </summary>
/// <remarks>
/// Content lives in fixed-size chunks so that growing a large device never copies the data already written;
/// only the small array of chunk references is reallocated. Chunks that were never written (sparse growth)
/// stay unallocated and read as zeros. A reader/writer lock lets any number of readers run concurrently
/// while a write, resize or snapshot holds it exclusively, so a reader never observes half of a write.
/// </remarks>
public sealed class MemoryStorageDevice : IStorageDevice
{
    /// <summary>The default name of an anonymous memory device.</summary>
    public const string DefaultName = ":memory:";

    // 64 KiB: a 16 MiB database is 256 chunks; small enough that tiny databases waste little.
    private const int ChunkShift = 16;
    private const int ChunkSize = 1 << ChunkShift;
    private const int ChunkMask = ChunkSize - 1;

    // The lock is never disposed: a thread may still be blocked entering it when Dispose runs, and
    // disposing it underneath that thread would turn a clean ObjectDisposedException into a lock error.
    // It holds no unmanaged resources that outlive garbage collection.
    private readonly ReaderWriterLockSlim _lock = new(LockRecursionPolicy.NoRecursion);
    private byte[]?[] _chunks;
    private long _length;
    private bool _disposed;

    /// <summary>Creates an empty device.</summary>
    /// <param name="name">The name used in error messages; <see cref="DefaultName"/> when omitted.</param>
    public MemoryStorageDevice(string name = DefaultName)
    {
        ArgumentNullException.ThrowIfNull(name);
        Name = name;
        _chunks = [];
    }

    /// <summary>Creates a device whose content is a copy of <paramref name="content"/>.</summary>
    /// <param name="content">The initial bytes.</param>
    /// <param name="name">The name used in error messages; <see cref="DefaultName"/> when omitted.</param>
    public MemoryStorageDevice(ReadOnlySpan<byte> content, string name = DefaultName)
        : this(name)
    {
        if (!content.IsEmpty)
        {
            WriteCore(0, content);
        }
    }

    /// <inheritdoc />
    public string Name { get; }

    /// <inheritdoc />
    public long Length
    {
        get
        {
            _lock.EnterReadLock();
            try
            {
                ObjectDisposedException.ThrowIf(_disposed, this);
                return _length;
            }
            finally
            {
                _lock.ExitReadLock();
            }
        }
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    public int Read(long offset, Span<byte> destination)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        _lock.EnterReadLock();
        try
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (offset >= _length || destination.IsEmpty)
            {
                return 0;
            }

            int count = (int)Math.Min(destination.Length, _length - offset);
            CopyOut(offset, destination[..count]);
            return count;
        }
        finally
        {
            _lock.ExitReadLock();
        }
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    public void Write(long offset, ReadOnlySpan<byte> source)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        _lock.EnterWriteLock();
        try
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            WriteCore(offset, source);
        }
        finally
        {
            _lock.ExitWriteLock();
        }
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    public void SetLength(long length)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        _lock.EnterWriteLock();
        try
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (length < _length)
            {
                Truncate(length);
            }
            else
            {
                EnsureChunkSlots(length);
            }

            _length = length;
        }
        finally
        {
            _lock.ExitWriteLock();
        }
    }

    /// <summary>Does nothing but check the device is open: memory has no slower medium to reach.</summary>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    public void Flush()
    {
        _lock.EnterReadLock();
        try
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
        }
        finally
        {
            _lock.ExitReadLock();
        }
    }

    /// <summary>Copies the whole content into a new array.</summary>
    /// <returns>A snapshot of the device's bytes.</returns>
    /// <exception cref="InvalidOperationException">The content is larger than an array can hold.</exception>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    public byte[] ToArray()
    {
        _lock.EnterReadLock();
        try
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (_length > Array.MaxLength)
            {
                throw new InvalidOperationException($"The device '{Name}' holds {_length} bytes, more than an array can hold.");
            }

            byte[] result = new byte[_length];
            CopyOut(0, result);
            return result;
        }
        finally
        {
            _lock.ExitReadLock();
        }
    }

    /// <summary>Creates an independent device with the same content, without going through one large array.</summary>
    /// <param name="name">The copy's name; this device's name when omitted.</param>
    /// <returns>The copy.</returns>
    /// <exception cref="ObjectDisposedException">The device is disposed.</exception>
    public MemoryStorageDevice Clone(string? name = null)
    {
        var copy = new MemoryStorageDevice(name ?? Name);
        _lock.EnterReadLock();
        try
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            copy._chunks = new byte[]?[_chunks.Length];
            for (int i = 0; i < _chunks.Length; i++)
            {
                copy._chunks[i] = (byte[]?)_chunks[i]?.Clone();
            }

            copy._length = _length;
        }
        finally
        {
            _lock.ExitReadLock();
        }

        return copy;
    }

    /// <summary>Releases the memory; later calls throw <see cref="ObjectDisposedException"/>.</summary>
    public void Dispose()
    {
        _lock.EnterWriteLock();
        try
        {
            _disposed = true;
            _chunks = [];
            _length = 0;
        }
        finally
        {
            _lock.ExitWriteLock();
        }
    }

    private void CopyOut(long offset, Span<byte> destination)
    {
        while (!destination.IsEmpty)
        {
            int chunkIndex = (int)(offset >> ChunkShift);
            int within = (int)(offset & ChunkMask);
            int count = Math.Min(destination.Length, ChunkSize - within);
            byte[]? chunk = _chunks[chunkIndex];
            if (chunk is null)
            {
                destination[..count].Clear();
            }
            else
            {
                chunk.AsSpan(within, count).CopyTo(destination);
            }

            destination = destination[count..];
            offset += count;
        }
    }

    private void WriteCore(long offset, ReadOnlySpan<byte> source)
    {
        if (source.IsEmpty)
        {
            return;
        }

        long end = checked(offset + source.Length);
        EnsureChunkSlots(end);
        while (!source.IsEmpty)
        {
            int chunkIndex = (int)(offset >> ChunkShift);
            int within = (int)(offset & ChunkMask);
            int count = Math.Min(source.Length, ChunkSize - within);
            byte[] chunk = _chunks[chunkIndex] ??= new byte[ChunkSize];
            source[..count].CopyTo(chunk.AsSpan(within));
            source = source[count..];
            offset += count;
        }

        if (end > _length)
        {
            _length = end;
        }
    }

    private void EnsureChunkSlots(long length)
    {
        long needed = (length + ChunkMask) >> ChunkShift;
        if (needed <= _chunks.Length)
        {
            return;
        }

        if (needed > Array.MaxLength)
        {
            throw StorageErrors.MemoryDeviceTooBig(Name, length);
        }

        // Doubling keeps growth amortized; only references move, never the chunk contents.
        long capacity = Math.Max(needed, Math.Min((long)_chunks.Length * 2, Array.MaxLength));
        Array.Resize(ref _chunks, (int)capacity);
    }

    private void Truncate(long length)
    {
        int keepChunks = (int)((length + ChunkMask) >> ChunkShift);
        for (int i = keepChunks; i < _chunks.Length; i++)
        {
            _chunks[i] = null;
        }

        // The tail of the last kept chunk must read as zeros if the device is extended again later.
        int within = (int)(length & ChunkMask);
        if (within != 0 && _chunks[keepChunks - 1] is { } last)
        {
            last.AsSpan(within).Clear();
        }
    }
}
