using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>Power-loss simulation: the flushed image plus a journal of everything written since.</summary>
public sealed partial class FaultInjectingDevice
{
    // The content as of the last successful flush (or construction); null when tracking is off.
    private readonly MemoryStorageDevice? _durable;

    // Every write and resize since the last successful flush, in issue order, with private copies of the bytes.
    private readonly List<UnflushedOperation> _unflushed = [];

    /// <summary>Writes and resizes made since the last successful flush (0 when tracking is off).</summary>
    public int UnflushedOperationCount
    {
        get
        {
            lock (_gate)
            {
                return _durable is null ? 0 : _unflushed.Count;
            }
        }
    }

    /// <summary>
    /// Returns what the disk could hold if power failed now: the state at the last successful flush, then each
    /// unflushed write or resize in issue order, kept, dropped, torn or garbled as <paramref name="policy"/> and
    /// <paramref name="rng"/> decide (see <see cref="PowerLossPolicy"/> for the sector model). Flushed data is
    /// always intact. This device is unchanged and can go on being used.
    /// </summary>
    /// <param name="rng">The source of every random choice; seed it so a failure can be replayed.</param>
    /// <param name="policy">How unflushed writes fare.</param>
    /// <param name="decisions">When given, receives one entry per unflushed operation, in issue order.</param>
    /// <returns>A new, independent memory device named like this one.</returns>
    /// <exception cref="InvalidOperationException">The device was created with power-loss tracking off.</exception>
    public MemoryStorageDevice SimulatePowerLoss(Random rng, PowerLossPolicy policy, ICollection<PowerLossDecision>? decisions = null)
    {
        ArgumentNullException.ThrowIfNull(rng);
        ArgumentNullException.ThrowIfNull(policy);
        ArgumentOutOfRangeException.ThrowIfLessThan(policy.SectorSize, 1, nameof(policy));
        lock (_gate)
        {
            ThrowIfDisposed();
            if (_durable is null)
            {
                throw new InvalidOperationException("Power-loss simulation needs a FaultInjectingDevice created with trackPowerLoss: true.");
            }

            List<UnflushedOperation> operations = _unflushed;
            MemoryStorageDevice image = _durable.Clone(Name);

            // In order: everything before the cut survives, the cut itself is drawn, everything after is lost.
            int cut = policy.InOrder ? rng.Next(operations.Count + 1) : -1;
            for (int i = 0; i < operations.Count; i++)
            {
                UnflushedOperation operation = operations[i];
                bool drawn = !policy.InOrder || i == cut;
                PowerLossDecision decision = operation.IsResize
                    ? ApplyResize(image, operation, drawn ? policy.ChooseForResize(rng) : Fixed(i, cut))
                    : ApplyWrite(image, operation, drawn ? policy.ChooseForWrite(rng) : Fixed(i, cut), policy, rng);
                decisions?.Add(decision);
            }

            return image;
        }
    }

    private static PowerLossOutcome Fixed(int index, int cut) => index < cut ? PowerLossOutcome.Kept : PowerLossOutcome.Dropped;

    private static PowerLossDecision ApplyResize(MemoryStorageDevice image, UnflushedOperation operation, PowerLossOutcome outcome)
    {
        if (outcome == PowerLossOutcome.Kept)
        {
            image.SetLength(operation.Offset);
        }

        return new PowerLossDecision(operation.Offset, 0, IsResize: true, outcome, 0, 0);
    }

    private static PowerLossDecision ApplyWrite(
        MemoryStorageDevice image,
        UnflushedOperation operation,
        PowerLossOutcome outcome,
        PowerLossPolicy policy,
        Random rng)
    {
        byte[] data = operation.Data!;
        long offset = operation.Offset;
        switch (outcome)
        {
            case PowerLossOutcome.Kept:
                image.Write(offset, data);
                return new PowerLossDecision(offset, data.Length, false, outcome, data.Length, 0);

            case PowerLossOutcome.Garbled:
                image.Write(offset, RandomBytes(rng, data.Length));
                return new PowerLossDecision(offset, data.Length, false, outcome, 0, data.Length);

            case PowerLossOutcome.Torn:
                return Tear(image, offset, data, policy, rng);

            default:
                return new PowerLossDecision(offset, data.Length, false, PowerLossOutcome.Dropped, 0, 0);
        }
    }

    private static PowerLossDecision Tear(MemoryStorageDevice image, long offset, byte[] data, PowerLossPolicy policy, Random rng)
    {
        // Cut the write at absolute sector boundaries: the disk persists sectors, not the caller's spans.
        int sector = policy.SectorSize;
        var boundaries = new List<int> { 0 };
        long next = (offset / sector + 1) * sector;
        while (next < offset + data.Length)
        {
            boundaries.Add((int)(next - offset));
            next += sector;
        }

        boundaries.Add(data.Length);
        int pieces = boundaries.Count - 1;

        // Never all pieces: a torn write that kept everything would simply be a kept write.
        int keptPieces = rng.Next(pieces);
        int kept = boundaries[keptPieces];
        if (kept > 0)
        {
            image.Write(offset, data.AsSpan(0, kept));
        }

        int garbage = 0;
        if (policy.GarbleTornSector && rng.Next(2) == 0)
        {
            garbage = boundaries[keptPieces + 1] - kept;
            image.Write(offset + kept, RandomBytes(rng, garbage));
        }

        return new PowerLossDecision(offset, data.Length, false, PowerLossOutcome.Torn, kept, garbage);
    }

    private static byte[] RandomBytes(Random rng, int count)
    {
        byte[] bytes = new byte[count];
        rng.NextBytes(bytes);
        return bytes;
    }

    private static MemoryStorageDevice CopyOf(IStorageDevice device)
    {
        if (device is MemoryStorageDevice memory)
        {
            return memory.Clone();
        }

        var copy = new MemoryStorageDevice(device.Name);
        byte[] buffer = new byte[1 << 16];
        long offset = 0;
        int read;
        while ((read = device.Read(offset, buffer)) > 0)
        {
            copy.Write(offset, buffer.AsSpan(0, read));
            offset += read;
        }

        // A device may end in a region that was never written; the copy must have the same length.
        copy.SetLength(device.Length);
        return copy;
    }

    private void RecordWrite(long offset, ReadOnlySpan<byte> written)
    {
        Interlocked.Add(ref _bytesWritten, written.Length);
        if (_durable is not null)
        {
            _unflushed.Add(new UnflushedOperation(offset, written.ToArray()));
        }
    }

    private void MarkDurable()
    {
        if (_durable is null)
        {
            return;
        }

        foreach (UnflushedOperation operation in _unflushed)
        {
            if (operation.IsResize)
            {
                _durable.SetLength(operation.Offset);
            }
            else
            {
                _durable.Write(operation.Offset, operation.Data);
            }
        }

        _unflushed.Clear();
    }
}
