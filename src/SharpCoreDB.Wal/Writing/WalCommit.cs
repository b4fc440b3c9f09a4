namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// One unit of work for the log writer: a transaction's frames (rented buffer, reserved offset, sequence),
/// a barrier, or a generation reset, with the completion its committer waits on.
/// </summary>
internal sealed class WalCommit
{
    private WalCommit(WalCommitKind kind, byte[]? buffer, int length, long offset, ulong sequence, bool awaited)
    {
        Kind = kind;
        Buffer = buffer;
        Length = length;
        Offset = offset;
        Sequence = sequence;

        // Continuations run on the thread pool, never inline on the log writer: one slow waiter must not delay
        // the next group's write and sync.
        Completion = awaited ? new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously) : null;
    }

    /// <summary>What to do.</summary>
    public WalCommitKind Kind { get; }

    /// <summary>Whole frames, rented from <see cref="WalBuffers.Pool"/>; returned by the writer once written.</summary>
    public byte[]? Buffer { get; private set; }

    /// <summary>The bytes of <see cref="Buffer"/> in use.</summary>
    public int Length { get; }

    /// <summary>The reserved log offset of the first frame.</summary>
    public long Offset { get; }

    /// <summary>The transaction sequence (for a reset: the checkpoint sequence of the new generation).</summary>
    public ulong Sequence { get; }

    /// <summary>Completed when the work is durable or failed; null when nobody waits (Async commits).</summary>
    public TaskCompletionSource? Completion { get; }

    /// <summary>A transaction's frames.</summary>
    public static WalCommit ForFrames(byte[] buffer, int length, long offset, ulong sequence, bool awaited) =>
        new(WalCommitKind.Frames, buffer, length, offset, sequence, awaited);

    /// <summary>A barrier: completes when everything before it is durable.</summary>
    public static WalCommit ForBarrier() => new(WalCommitKind.Barrier, null, 0, 0, 0, awaited: true);

    /// <summary>A reset to a new generation whose checkpoint sequence is <paramref name="checkpointSequence"/>.</summary>
    public static WalCommit ForReset(ulong checkpointSequence) =>
        new(WalCommitKind.Reset, null, 0, 0, checkpointSequence, awaited: false);

    /// <summary>Returns the frame buffer to the pool; safe to call more than once.</summary>
    public void ReturnBuffer()
    {
        if (Buffer is { } buffer)
        {
            Buffer = null;
            WalBuffers.Pool.Return(buffer);
        }
    }
}
