namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>What a simulated power loss did to one write (or resize) that had not been flushed.</summary>
public enum PowerLossOutcome
{
    /// <summary>The whole write reached the disk.</summary>
    Kept = 0,

    /// <summary>Nothing of the write reached the disk.</summary>
    Dropped = 1,

    /// <summary>Whole sectors from the start of the write reached the disk, possibly followed by one sector of garbage.</summary>
    Torn = 2,

    /// <summary>The write's whole range holds random bytes.</summary>
    Garbled = 3,
}
