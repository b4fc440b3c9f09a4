using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>A pass-through device that counts its reads (system calls, for a file device).</summary>
internal sealed class ReadCountingDevice(IStorageDevice inner) : IStorageDevice
{
    private int _reads;

    public int Reads => Volatile.Read(ref _reads);

    public string Name => inner.Name;

    public long Length => inner.Length;

    public int Read(long offset, Span<byte> destination)
    {
        Interlocked.Increment(ref _reads);
        return inner.Read(offset, destination);
    }

    public void Write(long offset, ReadOnlySpan<byte> source) => inner.Write(offset, source);

    public void SetLength(long length) => inner.SetLength(length);

    public void Flush() => inner.Flush();

    public void Dispose() => inner.Dispose();
}
