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
/// old; and a cache of an encrypted database zeroes each buffer before it gives it back (<see cref="Return"/> with
/// <c>clear</c>), so decrypted pages do not linger in memory the next database owns either.
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
    private readonly long _maxBytes;
    private long _heldBytes;
    private long _reused;

    /// <summary>Creates a pool (tests; the engine uses <see cref="Shared"/>).</summary>
    /// <param name="maxBytes">The most bytes held at once.</param>
    public PageBufferPool(long maxBytes)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(maxBytes);
        _maxBytes = maxBytes;
    }

    /// <summary>The pool every page cache uses unless given another.</summary>
    public static PageBufferPool Shared { get; } = new(MaxBytes);

    /// <summary>Buffers handed out again (for tests: proof that a later open reused an earlier one's buffers).</summary>
    public long Reused => Interlocked.Read(ref _reused);

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
            lock (_gate)
            {
                if (_stacks[bucket].TryPop(out byte[]? buffer))
                {
                    _heldBytes -= size;
                    _reused++;
                    return buffer;
                }
            }
        }

        return GC.AllocateUninitializedArray<byte>(size);
    }

    /// <summary>Gives a buffer back (kept when the pool has room, else dropped).</summary>
    /// <param name="buffer">A buffer no one reads or writes any more.</param>
    /// <param name="clear">Zero it first: it held decrypted pages of an encrypted database.</param>
    public void Return(byte[] buffer, bool clear)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        if (clear)
        {
            Array.Clear(buffer);
        }

        int bucket = Bucket(buffer.Length);
        if (bucket < 0)
        {
            return;
        }

        lock (_gate)
        {
            if (_heldBytes + buffer.Length <= _maxBytes)
            {
                _stacks[bucket].Push(buffer);
                _heldBytes += buffer.Length;
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
}
