namespace SharpCoreDB.Wal.Checkpoint;

/// <summary>What a checkpoint did.</summary>
/// <param name="PagesCopied">Page versions copied from the log into the database file.</param>
/// <param name="BackfilledSequence">The last transaction now wholly in the database file.</param>
/// <param name="LastSequence">The last transaction handed to the log when the checkpoint ended.</param>
/// <param name="LogRestarted">True when the log was also restarted (emptied) because everything was copied.</param>
internal readonly record struct CheckpointResult(int PagesCopied, ulong BackfilledSequence, ulong LastSequence, bool LogRestarted)
{
    /// <summary>True when every commit handed to the log is in the database file.</summary>
    public bool IsComplete => BackfilledSequence == LastSequence;
}
