using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Tests.Faults;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>
/// Cuts the power to a database and its log at once: every write, resize and flush of both devices goes through
/// one lock, and when the chosen flush comes, both devices' power-loss images are taken before it runs (so the
/// writes it was about to make durable may be dropped, kept, torn or garbled).
/// </summary>
internal sealed class PowerGrid
{
    private readonly Lock _gate = new();
    private readonly Random _rng;
    private readonly PowerLossPolicy _policy;
    private readonly List<CutDevice> _devices = [];
    private long _flushes;
    private long _cutAt = long.MaxValue;

    public PowerGrid(Random rng, PowerLossPolicy policy)
    {
        _rng = rng;
        _policy = policy;
    }

    /// <summary>Runs when the power is cut, inside the lock, to record what had been acknowledged by then.</summary>
    public Action? OnCut { get; set; }

    public MemoryStorageDevice[]? Images { get; private set; }

    /// <summary>What the cut did to each write and resize not flushed by then, over every device, in issue order.</summary>
    public List<PowerLossDecision> Decisions { get; } = [];

    public long Flushes
    {
        get
        {
            lock (_gate)
            {
                return _flushes;
            }
        }
    }

    public CutDevice Attach(string name)
    {
        var device = new CutDevice(this, new FaultInjectingDevice(new MemoryStorageDevice(name), trackPowerLoss: true));
        _devices.Add(device);
        return device;
    }

    /// <summary>Cuts the power just before flush number <paramref name="flush"/> (counted over both devices).</summary>
    public void CutBeforeFlush(long flush)
    {
        lock (_gate)
        {
            _cutAt = flush;
        }
    }

    /// <summary>Cuts the power now, unless it was cut already.</summary>
    public void CutNow()
    {
        lock (_gate)
        {
            Capture();
        }
    }

    private void Capture()
    {
        if (Images is not null)
        {
            return;
        }

        OnCut?.Invoke();
        Images = [.. _devices.Select(d => d.Inner.SimulatePowerLoss(_rng, _policy, Decisions))];
    }

    internal void Mutate(Action action)
    {
        lock (_gate)
        {
            action();
        }
    }

    internal void Flush(FaultInjectingDevice device)
    {
        lock (_gate)
        {
            if (++_flushes == _cutAt)
            {
                Capture();
            }

            device.Flush();
        }
    }

    /// <summary>One device on the grid.</summary>
    internal sealed class CutDevice(PowerGrid grid, FaultInjectingDevice inner) : IStorageDevice
    {
        public FaultInjectingDevice Inner => inner;

        public string Name => inner.Name;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> destination) => inner.Read(offset, destination);

        public void Write(long offset, ReadOnlySpan<byte> source)
        {
            byte[] copy = source.ToArray();
            grid.Mutate(() => inner.Write(offset, copy));
        }

        public void SetLength(long length) => grid.Mutate(() => inner.SetLength(length));

        public void Flush() => grid.Flush(inner);

        public void Dispose() => inner.Dispose();
    }
}
