using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The process-wide store of page-cache buffers that outlive the database that used them: a closed database's
/// cache gives its buffers back here, and the next database opened takes them instead of allocating its cache again
/// (a cold open of a few thousand pages otherwise allocated megabytes every time, all of it garbage at close).
/// </summary>
/// <remarks>
/// <para>
/// One stack per page size, at most <see cref="MaxBytes"/> held in all; buffers given back past that are left to
/// the garbage collector. The shared array pool is no substitute: it keeps a few dozen arrays per size per core,
/// far fewer than a cache holds.
/// </para>
/// <para>
/// Nothing of one database may reach another through a buffer. A cache exposes a buffer only after its loader
/// filled it (or a committed image was copied in) over the whole exposed length, so a reused buffer shows nothing
/// old; and the buffers of an encrypted database's cache are zeroed before any of them is handed out again
/// (<see cref="Return"/> with <c>clear</c>), so decrypted pages do not linger in memory the next database owns either.
/// </para>
/// <para>
/// The zeroing is not done by the thread that closes the database: a cold open and scan of a few thousand pages
/// spent a tenth of its encrypted close zeroing megabytes of buffers (a closed database's cache of 800 pages is 3 MiB
/// to write). Buffers to zero wait in a list of their own, and a thread-pool work item zeroes them and moves them to
/// the clean stack, on the other core while the closing thread goes on. A <see cref="Rent"/> that finds no clean
/// buffer takes the newest one still waiting and zeroes it itself first, so no buffer is ever handed out unzeroed; a
/// buffer the pool has no room for is zeroed before it is dropped.
/// </para>
/// <para>
/// Wiped or not, buffers come back out last in, first out: the wiper takes the oldest waiting buffer first, so the
/// clean stack ends up in the order a plain database's return leaves it. The order decides where in memory the next
/// cache's pages lie relative to each other, and a warm scan's CPU depends on it: a database that loads its pages in
/// key order gets the last one's buffers in falling address order, where a full scan of 100,000 rows cost 1.2 to 1.5
/// times less CPU than in rising order. A wiper that moved the newest buffer first handed an encrypted database its
/// buffers in rising order, so it scanned that much slower than a plain one with the same history.
/// </para>
/// </remarks>
internal sealed class PageBufferPool
{
    /// <summary>The most bytes <see cref="Shared"/> holds at once, all page sizes together (16 MiB: a default cache of 4 KiB pages, twice).</summary>
    public const long MaxBytes = 16L * 1024 * 1024;

    // Page sizes are powers of two from 4 KiB to 64 KiB: five stacks, by log2(size) - 12.
    private const int MinSizeLog = 12;
    private const int SizeCount = 5;

    private readonly Lock _gate = new();
    private readonly Stack<byte[]>[] _stacks = CreateStacks();

    // Buffers that held decrypted pages, waiting for the wiper (counted in _heldBytes like the clean ones), oldest first.
    private readonly WaitingBuffers[] _unwiped = CreateWaiting();
    private readonly Action<IThreadPoolWorkItem> _scheduleWipe;
    private readonly Wiper _wiper;
    private readonly long _maxBytes;
    private long _heldBytes;
    private long _reused;
    private long _wipedInBackground;
    private bool _wipeScheduled;

    /// <summary>Creates a pool (tests; the engine uses <see cref="Shared"/>).</summary>
    /// <param name="maxBytes">The most bytes held at once.</param>
    public PageBufferPool(long maxBytes)
        : this(maxBytes, static wiper => ThreadPool.UnsafeQueueUserWorkItem(wiper, preferLocal: false))
    {
    }

    /// <summary>Creates a pool whose zeroing of returned buffers is started by <paramref name="scheduleWipe"/> (tests run it when they choose).</summary>
    /// <param name="maxBytes">The most bytes held at once.</param>
    /// <param name="scheduleWipe">Runs the given work item some time later, on some thread.</param>
    internal PageBufferPool(long maxBytes, Action<IThreadPoolWorkItem> scheduleWipe)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(maxBytes);
        ArgumentNullException.ThrowIfNull(scheduleWipe);
        _maxBytes = maxBytes;
        _scheduleWipe = scheduleWipe;
        _wiper = new Wiper(this);
    }

    /// <summary>The pool every page cache uses unless given another.</summary>
    public static PageBufferPool Shared { get; } = new(MaxBytes);

    /// <summary>Buffers handed out again (for tests: proof that a later open reused an earlier one's buffers).</summary>
    public long Reused => Interlocked.Read(ref _reused);

    /// <summary>Buffers the background wiper zeroed (for tests: proof that closing threads leave the zeroing to it).</summary>
    public long WipedInBackground => Interlocked.Read(ref _wipedInBackground);

    /// <summary>The bytes the pool holds now.</summary>
    public long HeldBytes
    {
        get
        {
            lock (_gate)
            {
                return _heldBytes;
            }
        }
    }

    /// <summary>A buffer of <paramref name="size"/> bytes: a pooled one when there is one, else a new uninitialized one.</summary>
    /// <param name="size">A valid database page size.</param>
    /// <returns>The buffer; its contents are unspecified (the caller fills it before exposing any of it).</returns>
    public byte[] Rent(int size)
    {
        int bucket = Bucket(size);
        if (bucket >= 0)
        {
            byte[]? unwiped;
            lock (_gate)
            {
                if (_stacks[bucket].TryPop(out byte[]? buffer))
                {
                    _heldBytes -= size;
                    _reused++;
                    return buffer;
                }

                if (_unwiped[bucket].TryTakeNewest(out unwiped))
                {
                    _heldBytes -= size;
                    _reused++;
                }
            }

            if (unwiped is not null)
            {
                // The wiper has not reached it yet: zeroed here, before anyone else sees it.
                Array.Clear(unwiped);
                return unwiped;
            }
        }

        return GC.AllocateUninitializedArray<byte>(size);
    }

    /// <summary>Gives a buffer back (kept when the pool has room, else dropped).</summary>
    /// <param name="buffer">A buffer no one reads or writes any more.</param>
    /// <param name="clear">It held decrypted pages of an encrypted database: zero it before it is handed out again (or dropped).</param>
    public void Return(byte[] buffer, bool clear)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        int bucket = Bucket(buffer.Length);
        bool kept = false;
        bool schedule = false;
        if (bucket >= 0)
        {
            lock (_gate)
            {
                if (_heldBytes + buffer.Length <= _maxBytes)
                {
                    if (clear)
                    {
                        _unwiped[bucket].Add(buffer);
                    }
                    else
                    {
                        _stacks[bucket].Push(buffer);
                    }

                    _heldBytes += buffer.Length;
                    kept = true;
                    schedule = clear && !_wipeScheduled;
                    _wipeScheduled |= schedule;
                }
            }
        }

        if (!kept && clear)
        {
            // Left to the garbage collector: zeroed now, since nothing else will.
            Array.Clear(buffer);
        }

        if (schedule)
        {
            _scheduleWipe(_wiper);
        }
    }

    // On the wiper's thread: zeroes the waiting buffers one at a time, oldest first (a renter may take the newest
    // meanwhile), and pushes each on the clean stack, which so ends up as if they had been returned clean: newest on
    // top. Stays scheduled until it finds none, so a Return never schedules a second wiper.
    private void WipeWaiting()
    {
        while (true)
        {
            byte[]? buffer = null;
            int bucket;
            lock (_gate)
            {
                bucket = 0;
                while (bucket < SizeCount && !_unwiped[bucket].TryTakeOldest(out buffer))
                {
                    bucket++;
                }

                if (buffer is null)
                {
                    _wipeScheduled = false;
                    return;
                }
            }

            // Still counted in _heldBytes while it is zeroed here, outside the lock.
            Array.Clear(buffer);
            lock (_gate)
            {
                _stacks[bucket].Push(buffer);
                _wipedInBackground++;
            }
        }
    }

    private static int Bucket(int size)
    {
        if (!DatabaseHeader.IsValidPageSize(size))
        {
            return -1;
        }

        int bucket = BitOperations.Log2((uint)size) - MinSizeLog;
        return bucket < SizeCount ? bucket : -1;
    }

    private static Stack<byte[]>[] CreateStacks()
    {
        var stacks = new Stack<byte[]>[SizeCount];
        for (int i = 0; i < stacks.Length; i++)
        {
            stacks[i] = new Stack<byte[]>();
        }

        return stacks;
    }

    private static WaitingBuffers[] CreateWaiting()
    {
        var waiting = new WaitingBuffers[SizeCount];
        for (int i = 0; i < waiting.Length; i++)
        {
            waiting[i] = new WaitingBuffers();
        }

        return waiting;
    }

    /// <summary>Buffers of one size waiting for the wiper, in the order they were returned; taken from either end.</summary>
    private sealed class WaitingBuffers
    {
        private readonly List<byte[]?> _items = [];
        private int _oldest;

        public void Add(byte[] buffer) => _items.Add(buffer);

        public bool TryTakeNewest([NotNullWhen(true)] out byte[]? buffer)
        {
            if (_items.Count == _oldest)
            {
                buffer = null;
                return false;
            }

            buffer = _items[^1]!;
            _items.RemoveAt(_items.Count - 1);
            Compact();
            return true;
        }

        public bool TryTakeOldest([NotNullWhen(true)] out byte[]? buffer)
        {
            if (_items.Count == _oldest)
            {
                buffer = null;
                return false;
            }

            buffer = _items[_oldest]!;
            _items[_oldest++] = null;
            Compact();
            return true;
        }

        // Once every buffer is taken the list starts over from its first element (its capacity stays).
        private void Compact()
        {
            if (_items.Count == _oldest)
            {
                _items.Clear();
                _oldest = 0;
            }
        }
    }

    /// <summary>The pool's background zeroing, as a work item that allocates nothing per run.</summary>
    private sealed class Wiper(PageBufferPool pool) : IThreadPoolWorkItem
    {
        public void Execute() => pool.WipeWaiting();
    }
}
