using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// A device whose flushes a test can hold: while held, a flush waits at the device until released, so the commit it
/// would make durable stays not durable for as long as the test needs.
/// </summary>
internal sealed class HeldSyncDevice(IStorageDevice inner) : IStorageDevice
{
    private readonly ManualResetEventSlim _released = new(true);
    private readonly SemaphoreSlim _arrived = new(0);

    public string Name => inner.Name;

    public long Length => inner.Length;

    /// <summary>Makes the next flushes wait until <see cref="Release"/>.</summary>
    public void Hold() => _released.Reset();

    public void Release() => _released.Set();

    /// <summary>Waits (hang guard: 30 s) until a flush is held.</summary>
    public void WaitUntilAFlushIsHeld() =>
        Assert.True(_arrived.Wait(TimeSpan.FromSeconds(30)), "no flush reached the held device");

    public int Read(long offset, Span<byte> destination) => inner.Read(offset, destination);

    public void Write(long offset, ReadOnlySpan<byte> source) => inner.Write(offset, source);

    public void SetLength(long length) => inner.SetLength(length);

    public void Flush()
    {
        if (!_released.IsSet)
        {
            _arrived.Release();
            _released.Wait();
        }

        inner.Flush();
    }

    public void Dispose()
    {
        inner.Dispose();
        _released.Dispose();
        _arrived.Dispose();
    }
}
