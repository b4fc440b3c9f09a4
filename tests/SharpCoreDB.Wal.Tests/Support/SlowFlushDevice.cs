using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>A device whose every flush takes at least a given time, like a disk's fdatasync: committers pile up behind it.</summary>
internal sealed class SlowFlushDevice(IStorageDevice inner, TimeSpan flushTime) : IStorageDevice
{
    public string Name => inner.Name;

    public long Length => inner.Length;

    public int Read(long offset, Span<byte> destination) => inner.Read(offset, destination);

    public void Write(long offset, ReadOnlySpan<byte> source) => inner.Write(offset, source);

    public void SetLength(long length) => inner.SetLength(length);

    public void Flush()
    {
        Thread.Sleep(flushTime);
        inner.Flush();
    }

    public void Dispose() => inner.Dispose();
}
