using System.Runtime.ExceptionServices;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// One unit of work for the log writer: a transaction (its sequence, the pages it wrote, the database size after
/// it, and the log index its frames are to be entered in), a barrier, or a generation reset, with the completion
/// its committer waits on. The page images themselves stay with the frame source until the writer seals them.
/// </summary>
internal sealed class WalCommit
{
    // What _sleeper holds once the commit's sleeper has been claimed for waking (or the commit completed with nobody asleep).
    private static readonly object s_claimed = new();

    // The event the committer sleeps on (its thread's), s_claimed, or null while nobody sleeps and nobody has claimed.
    private object? _sleeper;

    // Pending, then Durable or (through Failing, while the failure is stored) Failed, once, by whoever completes the
    // commit; committers blocked in WalWriter.WaitFor read it.
    private const int Pending = 0;
    private const int Durable = 1;
    private const int Failing = 2;
    private const int Failed = 3;

    private int _outcome;
    private ExceptionDispatchInfo? _failure;

    private WalCommit(WalCommitKind kind, uint[]? pages, int pageCount, uint databaseSize, ulong sequence, WalIndex? index, bool awaited, bool asTask)
    {
        Kind = kind;
        Pages = pages;
        PageCount = pageCount;
        DatabaseSize = databaseSize;
        Sequence = sequence;
        Index = index;
        IsAwaited = awaited;

        // Continuations run on the thread pool, never inline on the log writer: one slow waiter must not delay
        // the next group's write and sync. A committer that blocks (WalWriter.WaitFor) reads the outcome instead, and
        // needs no task: a task and its source were two of the three objects a synchronous FullSync commit allocated.
        Completion = awaited && asTask ? new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously) : null;
    }

    /// <summary>What to do.</summary>
    public WalCommitKind Kind { get; }

    /// <summary>The pages the transaction wrote (rented; the first <see cref="PageCount"/> are used); returned once written.</summary>
    public uint[]? Pages { get; private set; }

    /// <summary>How many pages the transaction wrote.</summary>
    public int PageCount { get; }

    /// <summary>The database size in pages after the transaction.</summary>
    public uint DatabaseSize { get; }

    /// <summary>The transaction sequence (for a reset: the checkpoint sequence of the new header).</summary>
    public ulong Sequence { get; }

    /// <summary>The log index holding the transaction's page versions, whose log offsets the writer fills in.</summary>
    public WalIndex? Index { get; }

    /// <summary>
    /// True for a FullSync commit its committer writes itself (it holds the log's turn; see
    /// <see cref="WalWriter.TryTakeTurn"/>) instead of queueing it.
    /// </summary>
    public bool IsOwnWrite { get; private init; }

    /// <summary>True when a committer waits for this commit to be durable (FullSync commits, barriers).</summary>
    public bool IsAwaited { get; }

    /// <summary>
    /// Completed when durable (or failed), for a waiter that awaits it (an asynchronous commit, a flush); null when
    /// nobody waits (Async, Legacy, own writes, reset) and when the committer blocks instead (see <see cref="IsCompleted"/>).
    /// </summary>
    public TaskCompletionSource? Completion { get; }

    /// <summary>True once the commit is durable or failed (<see cref="Complete"/>).</summary>
    public bool IsCompleted => Volatile.Read(ref _outcome) is Durable or Failed;

    /// <summary>
    /// Records the outcome (the first call counts), then completes <see cref="Completion"/>; only then may the caller
    /// wake the commit's sleeper.
    /// </summary>
    /// <param name="failure">Null when durable; else the error every waiter gets.</param>
    public void Complete(SharpCoreDBException? failure)
    {
        if (failure is null)
        {
            if (Interlocked.CompareExchange(ref _outcome, Durable, Pending) == Pending)
            {
                Completion?.TrySetResult();
            }

            return;
        }

        if (Interlocked.CompareExchange(ref _outcome, Failing, Pending) != Pending)
        {
            return;
        }

        // Stored before the outcome that says it is there (a release), so a waiter that sees Failed finds it.
        _failure = ExceptionDispatchInfo.Capture(failure);
        Volatile.Write(ref _outcome, Failed);
        Completion?.TrySetException(failure);
    }

    /// <summary>Once <see cref="IsCompleted"/>: throws the commit's failure, if it failed.</summary>
    /// <exception cref="SharpCoreDBException">The failure: IoError, or DatabaseFailed behind an earlier failure.</exception>
    public void ThrowIfFailed()
    {
        if (Volatile.Read(ref _outcome) == Failed)
        {
            _failure!.Throw();
        }
    }

    /// <summary>
    /// The next commit of the same group that has a completion: set by the log writer before it completes the group, so
    /// that a committer woken from its sleep can wake the next sleeper (see <see cref="WalWriter.WaitFor"/>).
    /// </summary>
    public WalCommit? NextInGroup { get; set; }

    /// <summary>
    /// Once the commit is completed: claims the committer asleep on this commit for waking. Returns its event, to
    /// be set by the caller, or null when nobody sleeps on it; either way no committer goes to sleep on it afterwards.
    /// </summary>
    public WakeEvent? ClaimSleeper() => Interlocked.Exchange(ref _sleeper, s_claimed) as WakeEvent;

    /// <summary>
    /// Sleeps on <paramref name="wake"/> (the calling thread's event, spinning none) until whoever completes this commit
    /// claims it (<see cref="ClaimSleeper"/>). Returns true when it slept and was woken by a claim, false when the
    /// commit completed before the committer fell asleep; in both cases the completion is set and the event is not.
    /// <paramref name="sleeping"/> counts the committer only while it is registered, so a count that includes it means
    /// whoever completes this commit will find it and wake it.
    /// </summary>
    public bool Sleep(WakeEvent wake, ref int sleeping)
    {
        wake.Reset();
        if (Interlocked.CompareExchange(ref _sleeper, wake, null) is not null)
        {
            // Claimed already: completed, and nobody will set the event.
            return false;
        }

        // Completed between the caller's check and the registration: take the registration back so nobody sets the
        // event later (it must not wake the next commit's sleep); if a claim got there first, its set is on the way.
        if (IsCompleted && Interlocked.CompareExchange(ref _sleeper, null, wake) == wake)
        {
            return false;
        }

        Interlocked.Increment(ref sleeping);
        try
        {
            wake.Wait();
        }
        finally
        {
            Interlocked.Decrement(ref sleeping);
        }

        return true;
    }

    /// <summary>True while a committer sleeps on this commit, past its last look at its event (diagnostics and tests).</summary>
    internal bool HasWaitingSleeper => Volatile.Read(ref _sleeper) is WakeEvent { IsWaiting: true };

    /// <summary>Bytes of frames this commit adds to the log at most (fewer when the writer merges it with later commits).</summary>
    public long FrameBytes(int frameSize) => (long)PageCount * frameSize;

    /// <summary>A transaction writing <paramref name="pages"/> (rented from <see cref="WalBuffers.PageNumbers"/>; the commit owns it).</summary>
    /// <param name="pages">The page numbers.</param>
    /// <param name="pageCount">How many of them are used.</param>
    /// <param name="databaseSize">The database size in pages after the transaction.</param>
    /// <param name="sequence">The transaction sequence.</param>
    /// <param name="index">The log index holding the transaction's page versions.</param>
    /// <param name="awaited">True when the committer waits until the commit is durable (FullSync).</param>
    /// <param name="asTask">
    /// With <paramref name="awaited"/>: true when the committer awaits a task (<see cref="Completion"/>), false when it
    /// blocks in <see cref="WalWriter.WaitFor"/>, which needs none.
    /// </param>
    public static WalCommit ForFrames(uint[] pages, int pageCount, uint databaseSize, ulong sequence, WalIndex index, bool awaited, bool asTask = true) =>
        new(WalCommitKind.Frames, pages, pageCount, databaseSize, sequence, index, awaited, asTask);

    /// <summary>A FullSync transaction its committer writes itself, holding the log's turn.</summary>
    public static WalCommit ForOwnWrite(uint[] pages, int pageCount, uint databaseSize, ulong sequence, WalIndex index) =>
        new(WalCommitKind.Frames, pages, pageCount, databaseSize, sequence, index, awaited: false, asTask: false) { IsOwnWrite = true };

    /// <summary>A barrier: completes once everything queued before it is durable.</summary>
    public static WalCommit ForBarrier() => new(WalCommitKind.Barrier, null, 0, 0, 0, null, awaited: true, asTask: true);

    /// <summary>A generation reset: a new header with <paramref name="checkpointSequence"/>.</summary>
    public static WalCommit ForReset(ulong checkpointSequence) =>
        new(WalCommitKind.Reset, null, 0, 0, checkpointSequence, null, awaited: false, asTask: false);

    /// <summary>Returns the page list to the pool (idempotent).</summary>
    public void ReturnPages()
    {
        if (Pages is { } pages)
        {
            Pages = null;
            WalBuffers.PageNumbers.Return(pages);
        }
    }
}
