namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>The fate of one unflushed operation in a simulated power loss, in the order the operations were issued.</summary>
/// <param name="Offset">The write's offset; for a resize, the new length.</param>
/// <param name="Length">The write's length in bytes; 0 for a resize.</param>
/// <param name="IsResize">True for a <see cref="SharpCoreDB.Storage.Devices.IStorageDevice.SetLength"/>, false for a write.</param>
/// <param name="Outcome">What happened to it.</param>
/// <param name="KeptBytes">How many bytes from the start of the write survived verbatim.</param>
/// <param name="GarbageBytes">How many bytes right after the kept prefix hold random garbage.</param>
public readonly record struct PowerLossDecision(
    long Offset,
    int Length,
    bool IsResize,
    PowerLossOutcome Outcome,
    int KeptBytes,
    int GarbageBytes);
