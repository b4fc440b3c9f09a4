using System.Buffers;

namespace SharpCoreDB.Records;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over arrays rented from <see cref="ArrayPool{T}.Shared"/>, reusable with
/// <see cref="Reset"/>, so encoding records and keys in a loop allocates nothing once the buffer has grown.
/// Dispose returns the array.
/// </summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private const int MinimumSize = 256;

    private byte[] _buffer;
    private int _written;

    /// <summary>Creates a writer with at least <paramref name="initialCapacity"/> bytes.</summary>
    /// <param name="initialCapacity">The initial capacity.</param>
    public PooledBufferWriter(int initialCapacity = MinimumSize)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(initialCapacity);
        _buffer = ArrayPool<byte>.Shared.Rent(Math.Max(initialCapacity, MinimumSize));
    }

    /// <summary>The bytes written since the last <see cref="Reset"/>.</summary>
    public ReadOnlySpan<byte> WrittenSpan
    {
        get
        {
            ObjectDisposedException.ThrowIf(_written < 0, this);
            return _buffer.AsSpan(0, _written);
        }
    }

    /// <summary>The number of bytes written since the last <see cref="Reset"/>.</summary>
    public int WrittenCount => _written;

    /// <summary>Forgets what was written, keeping the buffer.</summary>
    public void Reset()
    {
        ObjectDisposedException.ThrowIf(_written < 0, this);
        _written = 0;
    }

    /// <inheritdoc/>
    public void Advance(int count)
    {
        ObjectDisposedException.ThrowIf(_written < 0, this);
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, _buffer.Length - _written);
        _written += count;
    }

    /// <inheritdoc/>
    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    /// <inheritdoc/>
    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    /// <summary>Returns the buffer to the pool.</summary>
    public void Dispose()
    {
        if (_written >= 0)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = [];
            _written = -1;
        }
    }

    private void Ensure(int sizeHint)
    {
        ObjectDisposedException.ThrowIf(_written < 0, this);
        ArgumentOutOfRangeException.ThrowIfNegative(sizeHint);
        int needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= needed)
        {
            return;
        }

        // Double, or grow to fit; Array.MaxLength bounds both.
        long target = Math.Max((long)_buffer.Length * 2, (long)_written + needed);
        byte[] larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(target, Array.MaxLength));
        _buffer.AsSpan(0, _written).CopyTo(larger);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = larger;
    }
}
