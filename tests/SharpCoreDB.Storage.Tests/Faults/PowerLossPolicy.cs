namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>
/// How a simulated power loss treats each write that was not made durable by a successful flush.
/// The outcome of each write is drawn independently with probabilities proportional to the weights.
/// </summary>
/// <remarks>
/// The disk model: the disk persists whole sectors of <see cref="SectorSize"/> bytes (aligned to absolute
/// offsets, like a real device). A kept write lands entirely; a dropped one not at all; a torn one keeps a
/// random number of its leading whole sectors (never all of them) and, when <see cref="GarbleTornSector"/>
/// allows, the part of the next sector it covered holds random bytes (a sector caught mid-write); a garbled
/// write leaves random bytes over its whole range. Unflushed resizes are kept or dropped. Because every write
/// is decided independently, later writes may survive while earlier ones vanish, as with a disk cache that
/// reorders; set <see cref="InOrder"/> for a device that persists writes strictly in issue order.
/// Flushed data is never touched.
/// </remarks>
public sealed record PowerLossPolicy
{
    /// <summary>Every unflushed write is lost: the image is exactly the state at the last successful flush.</summary>
    public static PowerLossPolicy DropAll { get; } = new() { KeepWeight = 0, DropWeight = 1, TearWeight = 0, GarbleWeight = 0 };

    /// <summary>Every unflushed write survives, as if power never failed.</summary>
    public static PowerLossPolicy KeepAll { get; } = new() { KeepWeight = 1, DropWeight = 0, TearWeight = 0, GarbleWeight = 0 };

    /// <summary>Every unflushed write is torn.</summary>
    public static PowerLossPolicy TearAll { get; } = new() { KeepWeight = 0, DropWeight = 0, TearWeight = 1, GarbleWeight = 0 };

    /// <summary>A mix of kept, dropped, torn and (less often) garbled writes.</summary>
    public static PowerLossPolicy Default { get; } = new();

    /// <summary>Relative chance that a write is kept whole. Default 1.</summary>
    public double KeepWeight { get; init; } = 1;

    /// <summary>Relative chance that a write is dropped entirely. Default 1.</summary>
    public double DropWeight { get; init; } = 1;

    /// <summary>Relative chance that a write is torn at a sector boundary. Default 1.</summary>
    public double TearWeight { get; init; } = 1;

    /// <summary>Relative chance that a write's range is filled with random bytes. Default 0.25.</summary>
    public double GarbleWeight { get; init; } = 0.25;

    /// <summary>The sector size in bytes at which torn writes break. Default 512.</summary>
    public int SectorSize { get; init; } = 512;

    /// <summary>Whether a torn write may leave garbage in the sector after its kept sectors (half the time). Default true.</summary>
    public bool GarbleTornSector { get; init; } = true;

    /// <summary>
    /// Writes reach the disk in issue order: a random prefix of the unflushed operations is kept, the first
    /// operation after that prefix gets an outcome drawn from the weights, and every later one is dropped.
    /// </summary>
    public bool InOrder { get; init; }

    /// <summary>Draws an outcome for a write.</summary>
    internal PowerLossOutcome ChooseForWrite(Random rng)
    {
        double total = KeepWeight + DropWeight + TearWeight + GarbleWeight;
        if (total <= 0)
        {
            throw new InvalidOperationException("A power-loss policy needs at least one positive weight.");
        }

        double pick = rng.NextDouble() * total;
        if ((pick -= KeepWeight) < 0)
        {
            return PowerLossOutcome.Kept;
        }

        if ((pick -= DropWeight) < 0)
        {
            return PowerLossOutcome.Dropped;
        }

        if ((pick -= TearWeight) < 0)
        {
            return PowerLossOutcome.Torn;
        }

        // Reached with a garble weight, or through rounding at the very top of the range: take the last
        // outcome that has a weight at all.
        return GarbleWeight > 0 ? PowerLossOutcome.Garbled
            : TearWeight > 0 ? PowerLossOutcome.Torn
            : DropWeight > 0 ? PowerLossOutcome.Dropped
            : PowerLossOutcome.Kept;
    }

    /// <summary>Draws an outcome for a resize: only kept or dropped, in proportion to those weights (even odds when both are 0).</summary>
    internal PowerLossOutcome ChooseForResize(Random rng)
    {
        double total = KeepWeight + DropWeight;
        double keep = total > 0 ? KeepWeight / total : 0.5;
        return rng.NextDouble() < keep ? PowerLossOutcome.Kept : PowerLossOutcome.Dropped;
    }
}
