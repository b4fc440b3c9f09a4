using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>A pass-through device that remembers the furthest byte any read reached.</summary>
internal sealed class ReadTrackingDevice(IStorageDevice inner) : IStorageDevice
{
    public long FurthestByteRead { get; private set; }

    public string Name => inner.Name;

    public long Length => inner.Length;

    public int Read(long offset, Span<byte> destination)
    {
        int read = inner.Read(offset, destination);
        FurthestByteRead = Math.Max(FurthestByteRead, offset + read);
        return read;
    }

    public void Write(long offset, ReadOnlySpan<byte> source) => inner.Write(offset, source);

    public void SetLength(long length) => inner.SetLength(length);

    public void Flush() => inner.Flush();

    public void Dispose()
    {
    }
}
