namespace SharpCoreDB.Wal.Checkpoint;

/// <summary>What a checkpoint records in the database file with the pages it copies (see <see cref="Storage.Format.CheckpointRecord"/>).</summary>
/// <param name="Salt1">Salt 1 of the log generation the pages come from.</param>
/// <param name="Salt2">Salt 2 of that generation.</param>
/// <param name="Sequence">The last transaction the file holds once the pages are in.</param>
internal readonly record struct CheckpointStamp(uint Salt1, uint Salt2, ulong Sequence);
