namespace SharpCoreDB.Wal.Format;

/// <summary>What <see cref="WalHeader.TryRead"/> found.</summary>
internal enum WalHeaderStatus
{
    /// <summary>A header of this version with a correct checksum.</summary>
    Valid,

    /// <summary>The file is shorter than a header: a log that was never started.</summary>
    Missing,

    /// <summary>Wrong magic or checksum: a header whose write was torn (only a reset rewrites it).</summary>
    Invalid,

    /// <summary>A valid header written by a newer format version.</summary>
    NewerVersion,

    /// <summary>A header of an older (pre-release) format version: never this database's own log.</summary>
    OlderVersion,
}
