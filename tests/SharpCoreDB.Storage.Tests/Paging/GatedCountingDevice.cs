using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>A pass-through device that counts reads and, once armed, holds the next read until released.</summary>
internal sealed class GatedCountingDevice(IStorageDevice inner) : IStorageDevice
{
    private int _reads;
    private volatile bool _armed;

    public ManualResetEventSlim Entered { get; } = new();

    public ManualResetEventSlim Release { get; } = new();

    public int Reads => Volatile.Read(ref _reads);

    public string Name => inner.Name;

    public long Length => inner.Length;

    /// <summary>Holds the next read (on whichever thread) until <see cref="Release"/> is set.</summary>
    public void HoldNextRead() => _armed = true;

    public int Read(long offset, Span<byte> destination)
    {
        Interlocked.Increment(ref _reads);
        if (_armed)
        {
            _armed = false;
            Entered.Set();
            Release.Wait();
        }

        return inner.Read(offset, destination);
    }

    public void Write(long offset, ReadOnlySpan<byte> source) => inner.Write(offset, source);

    public void SetLength(long length) => inner.SetLength(length);

    public void Flush() => inner.Flush();

    public void Dispose()
    {
    }
}
