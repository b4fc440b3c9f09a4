using System.Buffers;
using System.Diagnostics;
using System.Threading.Channels;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// Puts commits on disk according to the durability mode. Legacy writes and syncs on the committing thread;
/// FullSync and Async queue commits on a channel drained by one background worker (started when the first commit is
/// queued), which writes each group with one write and one fdatasync; a lone synchronous FullSync committer writes
/// its own commit (<see cref="TryTakeTurn"/>).
/// </summary>
/// <remarks>
/// <para>
/// <see cref="Append"/> is called with the writer lock held, so queue order is sequence order is log order.
/// The worker calls <c>onDurable</c> with the group's last sequence after the sync and before it completes any
/// waiter, so a commit is visible to new readers by the time its committer returns; <c>onReleased</c> follows once
/// the waiters are completed, for housekeeping no committer has to wait for.
/// </para>
/// <para>
/// Failure is final: the first failed write or sync fails its group and everything queued behind it with
/// IoError, and every later append throws DatabaseFailed. Nothing is retried, because a failed fdatasync
/// may have dropped the dirty pages and a second one could report success for data that is gone.
/// </para>
/// </remarks>
internal sealed partial class WalWriter : IDisposable
{
    // Groups larger than this are split: bounded memory for the copy buffer and bounded latency per sync.
    private const int MaxGroupBytes = 8 * 1024 * 1024;

    // Async commits return before they are written; the bound makes committers wait instead of queueing
    // without limit when the disk cannot keep up.
    private const int QueueCapacity = 4096;

    // Async: a sync starts early once this much is queued. The interval bounds how old an unsynced commit gets;
    // this bounds how much one fdatasync must push to the disk, so a committer that has to wait for the log
    // (a flush, a log restart) waits for at most this much, and the disk works while committers keep going.
    private const long AsyncSyncBytes = 1024 * 1024;

    // FullSync waiters beyond this many sleep at once: a crowd of spinners would take more CPU than the wake-ups it
    // saves, and could keep the log writer itself waiting for a CPU. Two per CPU, not more: the writer slot admits the
    // committers of a durable group one after another in FIFO order, so only the first few gain by being awake the
    // moment it completes; the rest are woken along the group's chain while those run. At 16 threads on two cores
    // (loaded) eight per CPU spun 33 yields per commit and 250-340 µs of CPU per commit; two per CPU: 4 yields, 100-120 µs.
    private static readonly int MaxSpinningWaiters = 2 * Environment.ProcessorCount;

    // FullSync waiters do not spin while more write transactions have begun (holding or queued for the writer slot)
    // than there are CPUs. A committer released by its group goes to the back of that queue, so being awake the moment
    // the group is durable gains it nothing, while every round of its spin takes a CPU from the one thread that holds
    // the slot, which all of them wait for (at 50 threads on two cores, the spin was 12 % of the process's samples).
    private static readonly int CrowdedWriterSlot = Environment.ProcessorCount;

    private readonly WalLogFile _log;
    private readonly IWalFrameSource _source;
    private readonly DurabilityMode _mode;
    private readonly TimeSpan _flushInterval;
    private readonly Action<ulong> _onDurable;
    private readonly Action<ulong>? _onReleased;
    private readonly Channel<WalCommit>? _queue;
    private readonly Lock _workerLock = new();
    private Thread? _worker;
    private readonly SemaphoreSlim _urgent = new(0);

    // The log's turn: held by whoever writes the log, the worker for a group or a FullSync committer writing its own
    // commit (see TryTakeTurn). It also guards the state that writing uses: the frame buffer, the group lists, the
    // sealed-ahead slots.
    private readonly SemaphoreSlim _turn = new(1, 1);
    private readonly List<WalCommit> _group = [];
    private readonly List<WalCommit> _frameCommits = [];
    private readonly Func<int>? _committersAhead;
    private volatile SharpCoreDBException? _failure;
    private long _lastSyncTicks;
    private readonly IWalEvents? _events;
    private int _lastGroupCommits;
    private long _syncCount;
    private long _queuedBytes;
    private int _earlySyncRequested;
    private long _durableCommitCount;
    private long _ownWriteCount;
    private int _disposed;
    private int _waiters;
    private int _sleepingWaiters;
    private long _wakeUpsByWorker;
    private long _waitSpinRounds;
    private long _spinningWaits;

    /// <summary>Creates the writer and, for FullSync and Async, its queue (the worker starts with the first queued commit).</summary>
    /// <param name="log">The log file.</param>
    /// <param name="mode">The durability mode.</param>
    /// <param name="source">Where the page images of queued commits come from, and where merging must stop.</param>
    /// <param name="flushInterval">Async mode's longest wait before a queued commit is written.</param>
    /// <param name="onDurable">Told the last durable sequence after every successful sync, before waiters complete.</param>
    /// <param name="committersAhead">
    /// FullSync: how many write transactions have begun and not yet been queued; the worker waits (briefly) for them
    /// before it syncs, so they join the group. Null: sync whatever is queued at once.
    /// </param>
    /// <param name="onReleased">
    /// Told the same sequence once the group's waiters are completed (Legacy: once the commit is written): work that
    /// follows a sync but that no committer needs done before it returns, kept off the path from the sync to the
    /// release of the next group.
    /// </param>
    /// <param name="events">Told of each synced group (metrics), after its waiters are released; null for none.</param>
    public WalWriter(WalLogFile log, DurabilityMode mode, IWalFrameSource source, TimeSpan flushInterval, Action<ulong> onDurable, Func<int>? committersAhead = null, Action<ulong>? onReleased = null, IWalEvents? events = null)
    {
        ArgumentNullException.ThrowIfNull(log);
        ArgumentNullException.ThrowIfNull(source);
        ArgumentNullException.ThrowIfNull(onDurable);
        _log = log;
        _source = source;
        _mode = mode;
        _flushInterval = flushInterval;
        _onDurable = onDurable;
        _committersAhead = committersAhead;
        _onReleased = onReleased;
        _events = events;
        if (mode != DurabilityMode.Legacy)
        {
            _queue = Channel.CreateBounded<WalCommit>(new BoundedChannelOptions(QueueCapacity)
            {
                SingleReader = true,
                SingleWriter = false,
                FullMode = BoundedChannelFullMode.Wait,
                // The worker blocks on WaitToReadAsync from its own thread; waking it inline from the committer
                // costs the committer a few instructions, while a thread-pool hop could wait behind committers
                // that block pool threads on their commits.
                AllowSynchronousContinuations = true,
            });
        }
    }

    /// <summary>The durability mode.</summary>
    public DurabilityMode Mode => _mode;

    /// <summary>The log file.</summary>
    public WalLogFile Log => _log;

    /// <summary>Syncs of frames made so far (each one write and one fdatasync).</summary>
    public long SyncCount => Interlocked.Read(ref _syncCount);

    /// <summary>Transactions made durable so far; divided by <see cref="SyncCount"/>, the average group size.</summary>
    public long DurableCommitCount => Interlocked.Read(ref _durableCommitCount);

    /// <summary>True once the background worker runs (FullSync and Async start it when the first commit or flush is queued).</summary>
    public bool WorkerStarted => Volatile.Read(ref _worker) is not null;

    /// <summary>FullSync commits written by their own committers (see <see cref="TryTakeTurn"/>); each is also one sync.</summary>
    public long OwnWriteCount => Interlocked.Read(ref _ownWriteCount);

    /// <summary>FullSync committers asleep in <see cref="WaitFor"/> now (done spinning, waiting to be woken).</summary>
    internal int SleepingWaiters => Volatile.Read(ref _sleepingWaiters);

    /// <summary>Rounds (each one <see cref="Thread.Yield"/>) that FullSync committers spent spinning in <see cref="WaitFor"/>.</summary>
    internal long WaitSpinRounds => Interlocked.Read(ref _waitSpinRounds);

    /// <summary>Waits in <see cref="WaitFor"/> that spun before they slept or returned (the rest slept at once).</summary>
    internal long SpinningWaits => Interlocked.Read(ref _spinningWaits);

    /// <summary>Sleeping committers the worker thread itself has woken so far (the rest of a group wake each other).</summary>
    internal long WakeUpsByWorker => Interlocked.Read(ref _wakeUpsByWorker);

    /// <summary>The failure that stopped the log, if any.</summary>
    public SharpCoreDBException? Failure => _failure;

    /// <summary>
    /// Hands a commit (or reset) to the log. Writer lock held. Legacy: written and synced before this returns.
    /// FullSync/Async: queued; a FullSync committer waits for durability with <see cref="WaitFor"/> (or awaits
    /// <see cref="WalCommit.Completion"/> when it made the commit with a task).
    /// </summary>
    /// <param name="commit">The commit.</param>
    /// <param name="async">
    /// True to wait for queue room (Async mode's back-pressure) without blocking a thread; false to wait on this
    /// thread, in which case the returned task is already complete.
    /// </param>
    /// <param name="cancellationToken">Cancels the wait for queue room.</param>
    /// <returns>A task that completes when the commit is queued (Legacy: written).</returns>
    /// <exception cref="SharpCoreDBException">DatabaseFailed after an earlier failure; IoError when a Legacy write fails.</exception>
    public async ValueTask Append(WalCommit commit, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commit);
        ThrowIfFailed(commit);
        if (_queue is null)
        {
            WriteInline(commit);
            return;
        }

        StartWorker(commit);
        AssertQueuedInOrder(commit);
        if (!_queue.Writer.TryWrite(commit))
        {
            // The queue is full (Async outrunning the disk) or closed: wait for room, which is the back-pressure.
            try
            {
                if (async)
                {
                    await _queue.Writer.WriteAsync(commit, cancellationToken).ConfigureAwait(false);
                }
                else
                {
                    _queue.Writer.WriteAsync(commit, cancellationToken).AsTask().GetAwaiter().GetResult();
                }
            }
            catch (ChannelClosedException ex)
            {
                commit.ReturnPages();
                throw WalErrors.LogClosed(_log.Device.Name, ex);
            }
        }

        if (_mode == DurabilityMode.FullSync && commit.Kind == WalCommitKind.Frames)
        {
            Appended();
        }

        Queued(commit.FrameBytes(_log.FrameSize));
    }

    /// <summary>
    /// FullSync: takes the log's turn for a commit its own thread is to write, when that saves two thread hand-offs
    /// and costs no grouping. Writer slot held, before the commit is prepared.
    /// </summary>
    /// <remarks>
    /// A commit made while nothing is queued, no other write transaction has begun, and the last group was a single
    /// commit would be a group of one anyway: handing it to the worker and being woken by it adds two thread wake-ups
    /// to the sync (on virtual machines, tens of microseconds each) and makes a lone committer slower than Legacy's.
    /// As soon as commits overlap, the last group grows past one or others are waiting, and commits go back to the
    /// worker, which groups them. With the turn held and the queue empty, every commit appended before is written, so
    /// writing this one now keeps log order; the writer slot is released before the write (early lock release), and a
    /// commit queued meanwhile waits for the worker, which waits for the turn.
    /// </remarks>
    /// <param name="othersAhead">Write transactions begun (holding or waiting for the writer slot) besides this one.</param>
    /// <returns>True when the caller holds the turn and must pass the commit to <see cref="WriteOwn"/>.</returns>
    public bool TryTakeTurn(int othersAhead)
    {
        if (_mode != DurabilityMode.FullSync || othersAhead > 0 || _failure is not null
            || Volatile.Read(ref _lastGroupCommits) > 1 || Volatile.Read(ref _waiters) > 0 || _queue!.Reader.Count > 0
            || !_turn.Wait(0))
        {
            return false;
        }

        // Dispose takes the turn after marking the writer disposed; a commit may not start writing after that.
        if (Volatile.Read(ref _disposed) != 0 || _queue.Reader.Count > 0)
        {
            _turn.Release();
            return false;
        }

        return true;
    }

    /// <summary>
    /// Writes and syncs a commit prepared under a turn taken with <see cref="TryTakeTurn"/>, then gives the turn back.
    /// Writer slot not held. Reports the commit durable before it returns.
    /// </summary>
    /// <exception cref="SharpCoreDBException">IoError when the write or sync fails; the log is then failed.</exception>
    public void WriteOwn(WalCommit commit)
    {
        ArgumentNullException.ThrowIfNull(commit);
        try
        {
            WriteOne(commit);
            Interlocked.Increment(ref _ownWriteCount);
        }
        finally
        {
            _turn.Release();
        }
    }

    /// <summary>Gives back a turn taken with <see cref="TryTakeTurn"/> for a commit that was never prepared.</summary>
    public void ReleaseTurn() => _turn.Release();

    /// <summary>
    /// Blocks until a queued commit is completed (<see cref="WalCommit.IsCompleted"/>). The committer spins (yielding) through about the syncs it
    /// may have to wait for before it sleeps, so it is awake the moment its group is durable: a sleeping committer
    /// costs a kernel wake-up to release and its group another scheduling delay before it commits again, and on
    /// machines where waking a thread is slow (virtual machines whose idle CPUs halt: tens of microseconds) those
    /// wake-ups were most of the time between two syncs. The CPU is otherwise idle while the disk syncs, and a
    /// yielding spinner gives way to any other runnable thread. The spin is bounded in time (a slow disk makes
    /// waiters sleep) and in numbers (<see cref="MaxSpinningWaiters"/>), and skipped or cut short while more write
    /// transactions have begun than there are CPUs (<see cref="CrowdedWriterSlot"/>).
    /// </summary>
    /// <remarks>
    /// A committer that sleeps does so on its thread's own event, without the spinning a task wait adds and without
    /// allocating. The log writer wakes only the first sleeper of a group (see <see cref="WriteGroup"/>), and each
    /// woken committer wakes the next before it goes back to work: the writer is back at the log after one wake-up
    /// instead of one per committer (50 committers: 50 futex wake-ups in a row before the next group could start),
    /// and the committers come back one after another, which is the order the writer slot admits them in anyway,
    /// instead of all at once to queue on it.
    /// </remarks>
    /// <param name="commit">A queued FullSync commit that is awaited (<see cref="WalCommit.IsAwaited"/>).</param>
    /// <exception cref="SharpCoreDBException">The commit's failure: IoError, or DatabaseFailed behind an earlier failure.</exception>
    public void WaitFor(WalCommit commit)
    {
        ArgumentNullException.ThrowIfNull(commit);
        if (!commit.IsCompleted)
        {
            int waiters = Interlocked.Increment(ref _waiters);
            try
            {
                if (waiters <= MaxSpinningWaiters && !WriterSlotCrowded())
                {
                    // Four times the last sync (the one under way when this commit was queued, the group commit delay,
                    // this commit's own sync, and slack), at least 100 µs and at most 2 ms.
                    long budget = Math.Clamp(Volatile.Read(ref _lastSyncTicks) * 4, Stopwatch.Frequency / 10_000, Stopwatch.Frequency / 500);
                    long deadline = Stopwatch.GetTimestamp() + budget;

                    // Thread.Yield on every round, not SpinWait.SpinOnce: SpinOnce busy-waits through its first rounds
                    // without giving up the CPU, and when a group becomes durable its committers share the CPUs with
                    // every waiter still spinning. On two cores they got back to work about 10 µs apart with SpinOnce
                    // and about 6 µs apart with Thread.Yield, which returns at once when nothing else wants the CPU.
                    Interlocked.Increment(ref _spinningWaits);
                    long rounds = 0;
                    while (!commit.IsCompleted && Stopwatch.GetTimestamp() < deadline && !WriterSlotCrowded())
                    {
                        Thread.Yield();
                        rounds++;
                    }

                    Interlocked.Add(ref _waitSpinRounds, rounds);
                }

                if (!commit.IsCompleted)
                {
                    Sleep(commit);
                }
            }
            finally
            {
                Interlocked.Decrement(ref _waiters);
            }
        }

        commit.ThrowIfFailed();
    }

    /// <summary>Waits until everything appended so far is durable (Async mode's explicit flush).</summary>
    /// <exception cref="SharpCoreDBException">When the log failed before everything was durable.</exception>
    public Task FlushAsync()
    {
        if (_queue is null)
        {
            return _failure is { } failure ? Task.FromException(failure) : Task.CompletedTask;
        }

        var barrier = WalCommit.ForBarrier();
        try
        {
            ThrowIfFailed(barrier);
            StartWorker(barrier);
            if (!_queue.Writer.TryWrite(barrier))
            {
                return WriteBarrierSlowAsync(barrier);
            }
        }
        catch (Exception ex) when (ex is SharpCoreDBException or ChannelClosedException)
        {
            return Task.FromException(ex is ChannelClosedException ? ClosedError() : ex);
        }

        _urgent.Release();
        return barrier.Completion!.Task;
    }

    /// <summary>Drains the queue (everything queued is written and synced, or failed) and stops the worker.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        if (_queue is not null)
        {
            Thread? worker;
            lock (_workerLock)
            {
                // From here on no worker starts (StartWorker sees the writer disposed), so none is left behind.
                worker = _worker;
            }

            _queue.Writer.TryComplete();
            _urgent.Release();

            // The worker takes the log's turn last, so a committer still writing its own commit has finished by
            // the time the join returns, and the log is not closed under it; without a worker, wait for the turn here.
            if (worker is not null)
            {
                worker.Join();
            }
            else
            {
                _turn.Wait();
                ReleaseFrameBuffer();
                _turn.Release();
            }
        }

        // _urgent is left to the garbage collector: it holds no handle (AvailableWaitHandle is never used), and a
        // flush racing with close must get a Closed error, not an ObjectDisposedException from Release.
    }

    // Starts the worker the first time something is queued, not when the log opens: a database used by one thread
    // at a time in FullSync mode (whose lone commits write themselves) or only read never needs it, and starting a
    // thread and joining it at close cost 0.3-1.4 ms per open-close cycle on a two-vCPU VM, against 60 µs for opening
    // without it. Whoever queues calls this first, so nothing waits in the queue without a worker to drain it.
    private void StartWorker(WalCommit commit)
    {
        if (Volatile.Read(ref _worker) is not null)
        {
            return;
        }

        lock (_workerLock)
        {
            if (_worker is not null)
            {
                return;
            }

            if (Volatile.Read(ref _disposed) != 0)
            {
                // Dispose has looked for a worker to join already: queueing now would leave the commit undrained.
                commit.ReturnPages();
                throw ClosedError();
            }

            var worker = new Thread(WorkerLoop)
            {
                IsBackground = true,
                Name = "SharpCoreDB log writer",
            };
            try
            {
                worker.Start();
            }
            catch (Exception ex) when (ex is OutOfMemoryException or ThreadStartException)
            {
                // As a failed write: the commit is not queued, and the caller latches the store (see Refused).
                commit.ReturnPages();
                throw WalErrors.WorkerNotStarted(_log.Device.Name, commit.Sequence, ex);
            }

            Volatile.Write(ref _worker, worker);
        }
    }

    // Counts what waits for the worker; in Async mode, wakes it early once a sync's worth has piled up.
    private void Queued(long length)
    {
        if (_mode != DurabilityMode.Async)
        {
            return;
        }

        if (Interlocked.Add(ref _queuedBytes, length) >= AsyncSyncBytes
            && Interlocked.CompareExchange(ref _earlySyncRequested, 1, 0) == 0)
        {
            _urgent.Release();
        }
    }

    private async Task WriteBarrierSlowAsync(WalCommit barrier)
    {
        try
        {
            await _queue!.Writer.WriteAsync(barrier).ConfigureAwait(false);
        }
        catch (ChannelClosedException ex)
        {
            throw WalErrors.LogClosed(_log.Device.Name, ex);
        }

        _urgent.Release();
        await barrier.Completion!.Task.ConfigureAwait(false);
    }

    private void ThrowIfFailed(WalCommit commit)
    {
        if (_failure is { } failure)
        {
            commit.ReturnPages();
            throw WalErrors.LogFailedEarlier(_log.Device.Name, failure);
        }

        if (Volatile.Read(ref _disposed) != 0)
        {
            commit.ReturnPages();
            throw ClosedError();
        }
    }

    private SharpCoreDBException ClosedError() => WalErrors.LogClosed(_log.Device.Name);

    private void WriteInline(WalCommit commit)
    {
        try
        {
            if (commit.Kind == WalCommitKind.Reset)
            {
                _log.WriteNewHeader(commit.Sequence);
            }
            else if (commit.Kind == WalCommitKind.Frames)
            {
                WriteOne(commit);
            }
        }
        catch (SharpCoreDBException ex) when (commit.Kind == WalCommitKind.Reset)
        {
            throw Latch(ex, commit.Sequence, commit.Sequence, reset: true);
        }
        finally
        {
            // Committing threads take turns here (under the writer lock), so the buffer does not stay with the writer.
            ReleaseFrameBuffer();
        }
    }

    // One transaction written and synced on the calling thread (Legacy, or a FullSync own write): reported durable,
    // then released; a failure latches the log.
    private void WriteOne(WalCommit commit)
    {
        try
        {
            _frameCommits.Add(commit);
            WriteFrames(_frameCommits);
            _onReleased?.Invoke(commit.Sequence);
        }
        catch (SharpCoreDBException ex)
        {
            throw Latch(ex, commit.Sequence, commit.Sequence);
        }
        finally
        {
            _frameCommits.Clear();
            commit.ReturnPages();
        }
    }

    // A failed write or sync of frames leaves their outcome unknown, not "not committed": the bytes may have reached
    // the file (a failed fdatasync says nothing about which of them did, and a failed write may have written part),
    // and the next open replays whatever whole transactions it finds. The message says so, and what to do.
    private SharpCoreDBException Latch(SharpCoreDBException cause, ulong first, ulong last, bool reset = false)
    {
        SharpCoreDBException failure = reset
            ? WalErrors.RestartFailed(_log.Device.Name, first, cause)
            : WalErrors.WriteOutcomeUnknown(_log.Device.Name, first, last, cause);
        _failure ??= failure;
        return failure;
    }
}
