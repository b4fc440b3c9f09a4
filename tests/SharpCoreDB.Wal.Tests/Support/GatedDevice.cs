using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>A device whose flushes can be held at a gate, so a test decides exactly what queues up behind a sync.</summary>
internal sealed class GatedDevice : IStorageDevice
{
    private readonly IStorageDevice _inner;
    private readonly ManualResetEventSlim _open = new(true);
    private readonly SemaphoreSlim _entered = new(0);
    private int _writes;
    private int _flushes;

    private readonly bool _ownsInner;

    public GatedDevice(IStorageDevice inner, bool ownsInner = true)
    {
        _inner = inner;
        _ownsInner = ownsInner;
    }

    public string Name => _inner.Name;

    public long Length => _inner.Length;

    public int Writes => Volatile.Read(ref _writes);

    public int Flushes => Volatile.Read(ref _flushes);

    /// <summary>Runs before each flush, on the flushing thread (before the gate).</summary>
    public Action? BeforeFlush { get; set; }

    /// <summary>Makes the next flushes wait until <see cref="Open"/>.</summary>
    public void Close() => _open.Reset();

    public void Open() => _open.Set();

    /// <summary>Waits until a flush has reached the gate.</summary>
    public void WaitForFlushAtGate()
    {
        if (!_entered.Wait(TimeSpan.FromSeconds(30)))
        {
            throw new TimeoutException("No flush reached the gate.");
        }
    }

    public int Read(long offset, Span<byte> destination) => _inner.Read(offset, destination);

    public void Write(long offset, ReadOnlySpan<byte> source)
    {
        Interlocked.Increment(ref _writes);
        _inner.Write(offset, source);
    }

    public void SetLength(long length) => _inner.SetLength(length);

    public void Flush()
    {
        Interlocked.Increment(ref _flushes);
        BeforeFlush?.Invoke();
        if (!_open.IsSet)
        {
            _entered.Release();
            _open.Wait();
        }

        _inner.Flush();
    }

    public void Dispose()
    {
        if (_ownsInner)
        {
            _inner.Dispose();
        }

        _open.Dispose();
        _entered.Dispose();
    }
}
