namespace SharpCoreDB.Wal.Recovery;

/// <summary>Where one committed page version lives in the log.</summary>
/// <param name="PageNumber">The page.</param>
/// <param name="Sequence">The transaction that wrote it.</param>
/// <param name="Offset">The byte offset of the frame (its header) in the log.</param>
internal readonly record struct WalFrameRef(uint PageNumber, ulong Sequence, long Offset);
