using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// An event one thread sleeps on and another sets, as a FullSync committer sleeps until its group is durable and a
/// queued writer until the writer slot is its turn (<see cref="Transactions.WriterSlot"/>): on
/// Linux (x64, Arm64) a bare futex, so that a wake-up is one <c>futex</c> call by the waker and a sleep one by the
/// sleeper, with no lock between them; elsewhere a <see cref="ManualResetEventSlim"/> that never spins.
/// </summary>
/// <remarks>
/// <para>
/// A <see cref="ManualResetEventSlim"/> sleeps in <see cref="Monitor.Wait(object)"/>, which the runtime implements with
/// a mutex and a condition variable: <see cref="ManualResetEventSlim.Set()"/> takes the event's lock, then the mutex,
/// signals, and lets go of both, and the woken thread takes the mutex and then the lock back before it returns. The
/// scheduler runs a woken thread at once, on the waker's CPU if the other is busy, so the waker was often preempted
/// while it still held the mutex (or the lock) and the woken thread went straight back to sleep on it, and the waker had
/// to wake it a second time: at 50 FullSync committers on two cores (which wake each other along the group's chain),
/// 4.7-5.0 futex calls and 2.6-2.9 context switches per commit, and a third of the process's CPU samples in the kernel's
/// task switch and wake-up paths.
/// </para>
/// <para>
/// The futex word holds <see cref="Empty"/>, <see cref="Sleeping"/> (the owner announced it sleeps) or
/// <see cref="Signalled"/>. <see cref="Set"/> stores <see cref="Signalled"/> and makes the system call only when it
/// replaced <see cref="Sleeping"/>; <see cref="Wait()"/> announces itself with a compare-and-swap and sleeps while the
/// word still says <see cref="Sleeping"/>, so a set that comes between the announcement and the sleep makes the
/// kernel return at once, and a spurious or interrupted return just looks again. The word lives in an array on the
/// pinned object heap: the kernel knows a futex by its address, which must not move while a thread sleeps on it.
/// </para>
/// </remarks>
[SuppressMessage("Design", "CA1001", Justification = "A slim event whose wait handle is never asked for holds nothing to dispose.")]
internal sealed partial class WakeEvent
{
    private const int Empty = 0;
    private const int Sleeping = 1;
    private const int Signalled = 2;

    // linux/futex.h: FUTEX_WAIT and FUTEX_WAKE with FUTEX_PRIVATE_FLAG (the word is never shared with another process).
    private const int FutexWaitPrivate = 128;
    private const int FutexWakePrivate = 129;

    // The futex system call's number, or 0 where this class falls back to the slim event.
    private static readonly nint s_futex = FutexNumber();

    private readonly int[]? _word;
    private readonly ManualResetEventSlim? _fallback;
    private volatile bool _fallbackWaiting;
    private long _sleeps;
    private long _wakeCalls;

    /// <summary>Creates an unset event.</summary>
    public WakeEvent()
        : this(useFutex: s_futex != 0)
    {
    }

    /// <summary>Creates an unset event; <paramref name="useFutex"/> false takes the fallback (for tests).</summary>
    internal WakeEvent(bool useFutex)
    {
        if (useFutex && s_futex != 0)
        {
            _word = GC.AllocateArray<int>(1, pinned: true);
        }
        else
        {
            _fallback = new ManualResetEventSlim(initialState: false, spinCount: 0);
        }
    }

    /// <summary>True when this event sleeps on a futex of its own.</summary>
    internal bool UsesFutex => _word is not null;

    /// <summary>
    /// True while the owner is in <see cref="Wait()"/> past its last look at the event: nothing is left on its way but
    /// the kernel's sleep (diagnostics and tests).
    /// </summary>
    internal bool IsWaiting => _word is { } word ? Volatile.Read(ref word[0]) == Sleeping : _fallbackWaiting;

    /// <summary>Times <see cref="Wait()"/> went into the kernel to sleep (futex only).</summary>
    internal long Sleeps => Interlocked.Read(ref _sleeps);

    /// <summary>Wake-up system calls <see cref="Set"/> made (futex only): one per set that found its owner asleep or about to be.</summary>
    internal long WakeCalls => Interlocked.Read(ref _wakeCalls);

    /// <summary>Makes the event unset. Only its owner calls this, and only while nobody can set it.</summary>
    public void Reset()
    {
        if (_word is { } word)
        {
            Volatile.Write(ref word[0], Empty);
        }
        else
        {
            _fallback!.Reset();
        }
    }

    /// <summary>Sets the event, waking its owner if it sleeps on it.</summary>
    public void Set()
    {
        if (_word is not { } word)
        {
            _fallback!.Set();
            return;
        }

        if (Interlocked.Exchange(ref word[0], Signalled) == Sleeping)
        {
            Interlocked.Increment(ref _wakeCalls);
            _ = Futex(s_futex, ref word[0], FutexWakePrivate, 1, 0, 0, 0);
        }
    }

    /// <summary>Blocks the calling thread (the owner) until the event is set.</summary>
    public void Wait()
    {
        if (_word is not { } word)
        {
            _fallbackWaiting = true;
            _fallback!.Wait();
            _fallbackWaiting = false;
            return;
        }

        if (Interlocked.CompareExchange(ref word[0], Sleeping, Empty) == Signalled)
        {
            return;
        }

        while (Volatile.Read(ref word[0]) != Signalled)
        {
            // Returns when woken, at once when the word no longer says Sleeping (EAGAIN), or on a signal (EINTR): the
            // loop looks at the word again in every case, so the result is not needed.
            Interlocked.Increment(ref _sleeps);
            _ = Futex(s_futex, ref word[0], FutexWaitPrivate, Sleeping, 0, 0, 0);
        }
    }

    /// <summary>
    /// Blocks the calling thread (the owner) until the event is set, <paramref name="millisecondsTimeout"/> passes, or
    /// <paramref name="cancellationToken"/> is canceled.
    /// </summary>
    /// <param name="millisecondsTimeout">How long to wait; <see cref="Timeout.Infinite"/> waits without limit.</param>
    /// <param name="cancellationToken">Ends the wait with <see cref="OperationCanceledException"/>.</param>
    /// <returns>True when the event was set; false when the timeout passed first.</returns>
    /// <exception cref="OperationCanceledException">The token was canceled (the event may have been set as well).</exception>
    public bool Wait(int millisecondsTimeout, CancellationToken cancellationToken)
    {
        if (_word is not { } word)
        {
            _fallbackWaiting = true;
            try
            {
                return _fallback!.Wait(millisecondsTimeout, cancellationToken);
            }
            finally
            {
                _fallbackWaiting = false;
            }
        }

        cancellationToken.ThrowIfCancellationRequested();

        // A cancellation sets the event, which ends the sleep; the caller then sees the token canceled. Disposing the
        // registration waits for a callback under way, so no set from it arrives after this wait has returned.
        CancellationTokenRegistration registration = cancellationToken.CanBeCanceled
            ? cancellationToken.UnsafeRegister(static state => ((WakeEvent)state!).Set(), this)
            : default;
        bool signalled;
        try
        {
            signalled = SleepFor(word, millisecondsTimeout);
        }
        finally
        {
            registration.Dispose();
        }

        cancellationToken.ThrowIfCancellationRequested();
        return signalled;
    }

    private bool SleepFor(int[] word, int millisecondsTimeout)
    {
        if (millisecondsTimeout == Timeout.Infinite)
        {
            Wait();
            return true;
        }

        if (Interlocked.CompareExchange(ref word[0], Sleeping, Empty) == Signalled)
        {
            return true;
        }

        long deadline = Stopwatch.GetTimestamp() + (millisecondsTimeout * Stopwatch.Frequency / 1000);
        while (Volatile.Read(ref word[0]) != Signalled)
        {
            long remaining = deadline - Stopwatch.GetTimestamp();
            if (remaining <= 0)
            {
                // Timed out: take the announcement back, unless a set replaced it first (then the set counts).
                return Interlocked.CompareExchange(ref word[0], Empty, Sleeping) == Signalled;
            }

            long nanoseconds = (long)(remaining * (1_000_000_000.0 / Stopwatch.Frequency));
            var timeout = new Timespec(nanoseconds / 1_000_000_000, nanoseconds % 1_000_000_000);
            Interlocked.Increment(ref _sleeps);
            _ = FutexTimed(s_futex, ref word[0], FutexWaitPrivate, Sleeping, in timeout, 0, 0);
        }

        return true;
    }

    // The system call's number on this platform, once a wake-up of nobody went through libc's syscall: a C library
    // that cannot be loaded or has no such entry point leaves the process on the slim event instead of failing commits.
    private static nint FutexNumber()
    {
        nint number = !OperatingSystem.IsLinux() ? 0 : RuntimeInformation.ProcessArchitecture switch
        {
            Architecture.X64 => 202,
            Architecture.Arm64 => 98,
            _ => 0,
        };
        if (number == 0)
        {
            return 0;
        }

        try
        {
            int[] probe = GC.AllocateArray<int>(1, pinned: true);
            return Futex(number, ref probe[0], FutexWakePrivate, 1, 0, 0, 0) == 0 ? number : 0;
        }
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
            return 0;
        }
    }

    // syscall(2) is declared variadic; glibc and musl implement it as a plain wrapper that moves its integer arguments
    // into the system call's registers, so a fixed seven-argument declaration calls it correctly on x64 and Arm64.
    [LibraryImport("libc", EntryPoint = "syscall")]
    private static partial nint Futex(nint number, ref int address, nint operation, nint value, nint timeout, nint address2, nint value3);

    // The same call with a relative timeout (FUTEX_WAIT reads it as a struct timespec; ETIMEDOUT ends the sleep).
    [LibraryImport("libc", EntryPoint = "syscall")]
    private static partial nint FutexTimed(nint number, ref int address, nint operation, nint value, in Timespec timeout, nint address2, nint value3);

    // struct timespec on the 64-bit architectures this class uses the futex on: two 64-bit fields.
    [StructLayout(LayoutKind.Sequential)]
    private readonly struct Timespec(long seconds, long nanoseconds)
    {
        public readonly long Seconds = seconds;
        public readonly long Nanoseconds = nanoseconds;
    }
}
