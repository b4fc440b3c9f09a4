using System.Diagnostics;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// The store's one-writer slot: admits one owner at a time, and when the owner releases it while others wait, hands
/// it straight to the one that has waited longest, which sleeps on its own event until then.
/// </summary>
/// <remarks>
/// <para>
/// Why not a <see cref="SemaphoreSlim"/>: a semaphore's release makes the slot free and wakes a waiter to take it, so
/// every waiter spins (up to about 140 rounds, mostly <c>sched_yield</c>) before it sleeps, hoping to catch a free
/// moment, and a newcomer can take the slot in the instant before the woken waiter runs. With 50 FullSync committers on
/// two cores those spins were a quarter of the process's CPU samples, every cycle taken from the one thread that held
/// the slot. Here a release with waiters never frees the slot: ownership passes to the head of the queue under the
/// slot's lock, so nobody can overtake it (FIFO), and nobody gains anything by spinning while others are queued.
/// </para>
/// <para>
/// Protocol. <c>_held</c> is 1 while someone owns the slot, including a waiter it was handed to that has not woken yet.
/// It goes from 0 to 1 only by compare-and-swap (the uncontended entry, no lock), and from 1 to 0 only in
/// <see cref="Release"/> under the lock with the queue empty. A waiter tries the swap again under the lock before it
/// queues, so a release cannot find the queue empty and free the slot after a waiter checked it but before it queued:
/// no wake-up is lost. A queued waiter's state goes from waiting to granted (by a release) or abandoned (by its own
/// timeout or cancellation) under the lock, so exactly one of the two happens; a waiter that gives up finds out under
/// the lock whether it was granted meanwhile, and if so owns the slot.
/// </para>
/// <para>
/// Lock order: the slot's lock is a leaf, held for a few field reads and writes, never while waiting, never across a
/// wake-up and never while taking another lock; it fits under every lock of <see cref="WalPageStore"/>'s order.
/// Ownership is not tied to a thread: an asynchronous owner may release from another thread than it entered on.
/// </para>
/// </remarks>
internal sealed class WriterSlot
{
    // A newcomer that finds the slot taken and nobody queued spins this many short rounds before it queues: an owner
    // about to release (a commit ending) is then caught without a sleep and a wake-up. It never yields the CPU, and it
    // does not spin at all behind queued waiters: the slot will go to them, so spinning could only take CPU from the
    // owner. Each round is one Thread.SpinWait of SpinIterations (a fraction of a microsecond).
    private const int SpinRounds = 8;
    private const int SpinIterations = 16;

    private const int Waiting = 0;
    private const int Granted = 1;
    private const int Abandoned = 2;

    // The calling thread's waiter for synchronous entries, made once and reused: a thread waits for one slot at a time,
    // and is dequeued (granted or abandoned) before its entry returns.
    [ThreadStatic]
    private static Waiter? t_waiter;

    private readonly Lock _lock = new();
    private int _held;
    private Waiter? _head;
    private Waiter? _tail;
    private int _queued;
    private long _handOffs;
    private long _parks;
    private long _spinRounds;

    /// <summary>True while the slot is owned (or handed to a waiter that has not woken yet).</summary>
    public bool IsHeld => Volatile.Read(ref _held) != 0;

    /// <summary>Waiters queued now.</summary>
    public int QueuedWaiters => Volatile.Read(ref _queued);

    /// <summary>Releases that handed the slot straight to a queued waiter (each one wake-up).</summary>
    public long HandOffs => Interlocked.Read(ref _handOffs);

    /// <summary>Entries that queued and waited to be handed the slot.</summary>
    public long Parks => Interlocked.Read(ref _parks);

    /// <summary>Spin rounds spent by newcomers before they took the slot or queued.</summary>
    public long SpinRoundsSpent => Interlocked.Read(ref _spinRounds);

    /// <summary>Takes the slot if it is free and nobody is queued; never waits.</summary>
    public bool TryEnter() => Interlocked.CompareExchange(ref _held, 1, 0) == 0;

    /// <summary>Takes the slot, waiting on this thread for up to <paramref name="timeout"/>.</summary>
    /// <param name="timeout">How long to wait; <see cref="Timeout.InfiniteTimeSpan"/> waits without limit.</param>
    /// <param name="cancellationToken">Ends the wait with <see cref="OperationCanceledException"/>.</param>
    /// <returns>True when the caller owns the slot; false when the timeout passed first.</returns>
    /// <exception cref="ArgumentOutOfRangeException">A negative timeout other than infinite, or one past <see cref="int.MaxValue"/> ms.</exception>
    /// <exception cref="OperationCanceledException">Canceled before the slot was handed over.</exception>
    public bool Enter(TimeSpan timeout, CancellationToken cancellationToken = default)
    {
        int milliseconds = ToMilliseconds(timeout);
        cancellationToken.ThrowIfCancellationRequested();
        if (TryEnter())
        {
            return true;
        }

        if (milliseconds == 0)
        {
            return false;
        }

        if (SpinBriefly())
        {
            return true;
        }

        Waiter waiter = t_waiter ??= new Waiter(new ManualResetEventSlim(initialState: false, spinCount: 0));

        // Reset before the waiter can be seen in the queue, so the grant's set is never undone.
        waiter.Event!.Reset();
        if (!Queue(waiter))
        {
            return true;
        }

        return Park(waiter, milliseconds, cancellationToken);
    }

    /// <summary>Takes the slot, waiting asynchronously for up to <paramref name="timeout"/>.</summary>
    /// <param name="timeout">How long to wait; <see cref="Timeout.InfiniteTimeSpan"/> waits without limit.</param>
    /// <param name="cancellationToken">Ends the wait with <see cref="OperationCanceledException"/>.</param>
    /// <returns>True when the caller owns the slot; false when the timeout passed first.</returns>
    /// <exception cref="ArgumentOutOfRangeException">A negative timeout other than infinite, or one past <see cref="int.MaxValue"/> ms.</exception>
    /// <exception cref="OperationCanceledException">Canceled before the slot was handed over.</exception>
    public ValueTask<bool> EnterAsync(TimeSpan timeout, CancellationToken cancellationToken = default)
    {
        int milliseconds = ToMilliseconds(timeout);
        cancellationToken.ThrowIfCancellationRequested();
        if (TryEnter())
        {
            return new ValueTask<bool>(true);
        }

        if (milliseconds == 0)
        {
            return new ValueTask<bool>(false);
        }

        // Continuations run on the thread pool: the releasing thread must not run the new owner's transaction.
        var waiter = new Waiter(new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
        return Queue(waiter) ? ParkAsync(waiter, milliseconds, cancellationToken) : new ValueTask<bool>(true);
    }

    /// <summary>
    /// Gives the slot up: to the longest-waiting queued waiter if there is one (the slot stays owned, now by it), else
    /// frees it. Called by the owner, from any thread.
    /// </summary>
    public void Release()
    {
        Waiter? next;
        lock (_lock)
        {
            Debug.Assert(_held == 1, "The writer slot is released without being held.");
            next = _head;
            if (next is null)
            {
                Volatile.Write(ref _held, 0);
                return;
            }

            Unlink(next);
            next.State = Granted;
            _handOffs++;
        }

        // Outside the lock: the wake-up is a system call, and newcomers queueing must not wait for it. The waiter reads
        // its state before it trusts a wake-up, so a set that arrives late (after it gave up and found itself granted)
        // only makes its next wait look once more.
        next.Wake();
    }

    // Spins while nobody is queued; true when the slot was taken.
    private bool SpinBriefly()
    {
        if (Environment.ProcessorCount == 1)
        {
            return false;
        }

        int rounds = 0;
        try
        {
            while (rounds < SpinRounds && Volatile.Read(ref _queued) == 0)
            {
                rounds++;
                Thread.SpinWait(SpinIterations);
                if (Volatile.Read(ref _held) == 0 && TryEnter())
                {
                    return true;
                }
            }

            return false;
        }
        finally
        {
            if (rounds > 0)
            {
                Interlocked.Add(ref _spinRounds, rounds);
            }
        }
    }

    // Queues the waiter at the tail; false when the slot turned out free (then the caller owns it and is not queued).
    private bool Queue(Waiter waiter)
    {
        lock (_lock)
        {
            if (TryEnter())
            {
                return false;
            }

            waiter.State = Waiting;
            waiter.Previous = _tail;
            waiter.Next = null;
            if (_tail is null)
            {
                _head = waiter;
            }
            else
            {
                _tail.Next = waiter;
            }

            _tail = waiter;
            _queued++;
            _parks++;
            return true;
        }
    }

    private void Unlink(Waiter waiter)
    {
        if (waiter.Previous is null)
        {
            _head = waiter.Next;
        }
        else
        {
            waiter.Previous.Next = waiter.Next;
        }

        if (waiter.Next is null)
        {
            _tail = waiter.Previous;
        }
        else
        {
            waiter.Next.Previous = waiter.Previous;
        }

        waiter.Previous = waiter.Next = null;
        _queued--;
    }

    // Takes the waiter out of the queue after a timeout or cancellation. False when a release granted it the slot
    // first: then it owns the slot and must use it (or release it) like any owner.
    private bool Abandon(Waiter waiter)
    {
        lock (_lock)
        {
            if (waiter.State == Granted)
            {
                return false;
            }

            Unlink(waiter);
            waiter.State = Abandoned;
            return true;
        }
    }

    private bool Park(Waiter waiter, int milliseconds, CancellationToken cancellationToken)
    {
        ManualResetEventSlim wake = waiter.Event!;
        long deadline = milliseconds == Timeout.Infinite ? 0 : Environment.TickCount64 + milliseconds;
        while (Volatile.Read(ref waiter.State) != Granted)
        {
            int wait = milliseconds == Timeout.Infinite ? Timeout.Infinite : (int)Math.Max(0, deadline - Environment.TickCount64);
            bool woken;
            try
            {
                woken = wait != 0 && wake.Wait(wait, cancellationToken);
            }
            catch (OperationCanceledException)
            {
                if (Abandon(waiter))
                {
                    throw;
                }

                return true;
            }

            if (!woken)
            {
                if (wait == 0 || Environment.TickCount64 >= deadline)
                {
                    return !Abandon(waiter);
                }

                continue;
            }

            // Woken, but the set may be a late one from an earlier grant to this thread (see Release). Reset, then read
            // the state again: a grant after the reset sets the event again, so the next wait returns.
            if (Volatile.Read(ref waiter.State) != Granted)
            {
                wake.Reset();
                Interlocked.MemoryBarrier();
            }
        }

        return true;
    }

    private async ValueTask<bool> ParkAsync(Waiter waiter, int milliseconds, CancellationToken cancellationToken)
    {
        Task granted = waiter.Completion!.Task;
        try
        {
            await granted.WaitAsync(TimeSpan.FromMilliseconds(milliseconds), cancellationToken).ConfigureAwait(false);
            return true;
        }
        catch (TimeoutException)
        {
            return !Abandon(waiter);
        }
        catch (OperationCanceledException)
        {
            if (Abandon(waiter))
            {
                throw;
            }

            return true;
        }
    }

    private static int ToMilliseconds(TimeSpan timeout)
    {
        long milliseconds = (long)timeout.TotalMilliseconds;
        if (milliseconds is < -1 or > int.MaxValue)
        {
            throw new ArgumentOutOfRangeException(nameof(timeout), timeout, "The timeout must be infinite (-1 ms) or between 0 and int.MaxValue milliseconds.");
        }

        return (int)milliseconds;
    }

    // A queued entry: synchronous ones sleep on their thread's event, asynchronous ones await a completion.
    private sealed class Waiter
    {
        public Waiter(ManualResetEventSlim wake) => Event = wake;

        public Waiter(TaskCompletionSource completion) => Completion = completion;

        public ManualResetEventSlim? Event { get; }

        public TaskCompletionSource? Completion { get; }

        public Waiter? Previous;
        public Waiter? Next;
        public int State;

        public void Wake()
        {
            if (Event is not null)
            {
                Event.Set();
            }
            else
            {
                Completion!.TrySetResult();
            }
        }
    }
}
