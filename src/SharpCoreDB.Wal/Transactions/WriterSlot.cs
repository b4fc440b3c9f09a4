using System.Diagnostics;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// The store's one-writer slot: admits one owner at a time; queued waiters sleep on their own events and are served in
/// arrival order, and only a running thread can take the slot ahead of them, a bounded number of times.
/// </summary>
/// <remarks>
/// <para>
/// Why not a <see cref="SemaphoreSlim"/>: its waiters spin (up to about 140 rounds, mostly <c>sched_yield</c>) before
/// they sleep, hoping to catch a free moment; with 50 FullSync committers on two cores those spins were a quarter of
/// the process's CPU samples, every cycle taken from the one thread that held the slot. Here nobody spins behind queued
/// waiters.
/// </para>
/// <para>
/// Why not hand the slot to the longest waiter at every release (as this slot did first): then every acquisition under
/// contention is a sleep and a wake-up, and the slot stays owned but idle until the woken thread runs, while the
/// releasing thread, still running, must queue and sleep too. On two CPUs with 50 Async committers that was 0.8-0.9
/// hand-offs and 3.3-4.7 futex calls per commit. So a release wakes the longest waiter and frees the slot: a running
/// thread (usually the releasing one, back with its next transaction) may take it before the woken one runs, and while
/// the woken one is on its way no further release wakes anyone. When it runs it takes the slot if it is free, else it
/// stays at the head and sleeps again; after <see cref="MaxLostTries"/> lost tries the next release hands the slot to it
/// (the slot stays owned, now by it), so a waiter is overtaken only while it is on its way, at most three times on its
/// way (each about one thread wake-up long), never without bound. An asynchronous waiter is always handed
/// the slot: its continuation runs on the pool, not as a woken thread that could try and sleep again.
/// </para>
/// <para>
/// Protocol. <c>_held</c> is 1 while someone owns the slot, including a waiter it was handed to that has not woken yet.
/// It goes from 0 to 1 only by compare-and-swap, and from 1 to 0 only in <see cref="Release"/> under the lock, with the
/// queue empty or its head woken. So whenever the slot is free with waiters queued, the head is woken and on its way:
/// no wake-up is lost. A waiter tries the swap again under the lock before it queues, so a release cannot free the slot
/// after a waiter checked it but before it queued. A queued waiter's state changes only under the lock: from waiting to
/// granted or woken (by a release) or abandoned (by its own timeout or cancellation), and from woken to granted (it took
/// the free slot) or back to waiting (the slot was taken); a waiter that gives up finds out under the lock whether it
/// owns the slot meanwhile (granted, or woken with the slot still free, which it then takes).
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

    // A woken waiter that found the slot taken this many times is handed it at the next release (see Release).
    private const int MaxLostTries = 2;

    private const int Waiting = 0;
    private const int Granted = 1;
    private const int Abandoned = 2;
    private const int Woken = 3;

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
    private long _wakeUps;
    private long _wokenEntries;
    private long _lostTries;

    /// <summary>True while the slot is owned (or handed to a waiter that has not woken yet).</summary>
    public bool IsHeld => Volatile.Read(ref _held) != 0;

    /// <summary>Waiters queued now.</summary>
    public int QueuedWaiters => Volatile.Read(ref _queued);

    /// <summary>Releases that handed the slot straight to a queued waiter (each one wake-up).</summary>
    public long HandOffs => Interlocked.Read(ref _handOffs);

    /// <summary>Entries that queued and waited for the slot (each ends handed the slot, taking it once woken, or given up).</summary>
    public long Parks => Interlocked.Read(ref _parks);

    /// <summary>Releases that woke the longest waiter to take the free slot (each one wake-up).</summary>
    public long WakeUps => Interlocked.Read(ref _wakeUps);

    /// <summary>Queued waiters that took the slot after a release woke them.</summary>
    public long WokenEntries => Interlocked.Read(ref _wokenEntries);

    /// <summary>Times a woken waiter found the slot taken by a running thread, and queued on at the head.</summary>
    public long LostTries => Interlocked.Read(ref _lostTries);

    /// <summary>Spin rounds spent by newcomers before they took the slot or queued.</summary>
    public long SpinRoundsSpent => Interlocked.Read(ref _spinRounds);

    /// <summary>Takes the slot if it is free (also ahead of a woken waiter that has not taken it yet); never waits.</summary>
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

        Waiter waiter = t_waiter ??= new Waiter(new WakeEvent());

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
    /// Gives the slot up. With nobody queued it is free. Otherwise the longest waiter is woken to take it, and the slot
    /// is free meanwhile, so a running thread may take it first; a waiter that has lost that race
    /// <see cref="MaxLostTries"/> times, and an asynchronous waiter, is handed the slot instead (it stays owned, now by
    /// it). Called by the owner, from any thread.
    /// </summary>
    public void Release()
    {
        Waiter? next;
        lock (_lock)
        {
            Debug.Assert(_held == 1, "The writer slot is released without being held.");
            next = _head;
            if (next is null || next.State == Woken)
            {
                // Nobody to wake, or the longest waiter is woken already and will take the slot when it runs.
                Volatile.Write(ref _held, 0);
                return;
            }

            if (next.Event is null || next.LostTries >= MaxLostTries)
            {
                Unlink(next);
                next.State = Granted;
                _handOffs++;
            }
            else
            {
                next.State = Woken;
                _wakeUps++;
                Volatile.Write(ref _held, 0);
            }
        }

        // Outside the lock: the wake-up is a system call, and newcomers queueing must not wait for it. The waiter reads
        // its state after it resets its event, so a set that arrives late only makes its next wait look once more.
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
            waiter.LostTries = 0;
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

    // Takes the waiter out of the queue after a timeout or cancellation. False when it owns the slot after all: a release
    // granted it first, or woke it and the slot is still free (then it takes it, like any woken waiter).
    private bool Abandon(Waiter waiter)
    {
        lock (_lock)
        {
            if (waiter.State == Granted || (waiter.State == Woken && TakeWoken(waiter)))
            {
                return false;
            }

            // A woken waiter that lost the slot is Waiting again; a woken one whose slot is taken leaves the wake-up to
            // the owner's release, which finds the next waiter at the head.
            Unlink(waiter);
            waiter.State = Abandoned;
            return true;
        }
    }

    // Lock held, the waiter woken: takes the free slot, else counts the lost try and queues the waiter on at the head.
    private bool TakeWoken(Waiter waiter)
    {
        if (TryEnter())
        {
            Unlink(waiter);
            waiter.State = Granted;
            _wokenEntries++;
            return true;
        }

        waiter.State = Waiting;
        waiter.LostTries++;
        _lostTries++;
        return false;
    }

    private bool TryTakeWoken(Waiter waiter)
    {
        lock (_lock)
        {
            return waiter.State == Granted || (waiter.State == Woken && TakeWoken(waiter));
        }
    }

    private bool Park(Waiter waiter, int milliseconds, CancellationToken cancellationToken)
    {
        WakeEvent wake = waiter.Event!;
        long deadline = milliseconds == Timeout.Infinite ? 0 : Environment.TickCount64 + milliseconds;
        while (true)
        {
            int state = Volatile.Read(ref waiter.State);
            if (state == Granted || (state == Woken && TryTakeWoken(waiter)))
            {
                return true;
            }

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

            // Reset before the state is read again: a release after the reset sets the event again, so the next wait
            // returns; a set that arrives late (from an earlier grant to this thread) only costs one more look.
            wake.Reset();
            Interlocked.MemoryBarrier();
        }
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
        public Waiter(WakeEvent wake) => Event = wake;

        public Waiter(TaskCompletionSource completion) => Completion = completion;

        public WakeEvent? Event { get; }

        public TaskCompletionSource? Completion { get; }

        public Waiter? Previous;
        public Waiter? Next;
        public int State;
        public int LostTries;

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
