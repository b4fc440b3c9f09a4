using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>A pass-through device that counts its reads (system calls, for a file device) and the bytes they returned.</summary>
internal sealed class ReadCountingDevice(IStorageDevice inner) : IStorageDevice
{
    private int _reads;
    private long _bytesRead;
    private int _readsElsewhere;

    public int Reads => Volatile.Read(ref _reads);

    public long BytesRead => Interlocked.Read(ref _bytesRead);

    /// <summary>When set, reads made on any other managed thread are counted in <see cref="ReadsElsewhere"/>.</summary>
    public int? Thread { get; set; }

    public int ReadsElsewhere => Volatile.Read(ref _readsElsewhere);

    public string Name => inner.Name;

    public long Length => inner.Length;

    public int Read(long offset, Span<byte> destination)
    {
        Interlocked.Increment(ref _reads);
        if (Thread is int thread && thread != Environment.CurrentManagedThreadId)
        {
            Interlocked.Increment(ref _readsElsewhere);
        }

        int read = inner.Read(offset, destination);
        Interlocked.Add(ref _bytesRead, read);
        return read;
    }

    public void Write(long offset, ReadOnlySpan<byte> source) => inner.Write(offset, source);

    public void SetLength(long length) => inner.SetLength(length);

    public void Flush() => inner.Flush();

    public void Dispose() => inner.Dispose();
}
