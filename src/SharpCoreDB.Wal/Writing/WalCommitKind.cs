namespace SharpCoreDB.Wal.Writing;

/// <summary>What a queued <see cref="WalCommit"/> asks the log writer to do.</summary>
internal enum WalCommitKind
{
    /// <summary>Write a transaction's frames.</summary>
    Frames,

    /// <summary>Write nothing; complete once everything queued before is durable.</summary>
    Barrier,

    /// <summary>Start a new generation (new header, new salts) before anything queued after.</summary>
    Reset,
}
