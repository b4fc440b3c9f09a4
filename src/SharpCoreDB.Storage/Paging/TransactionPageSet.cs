using System.Buffers;
using SharpCoreDB.Storage.Collections;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The private, dirty pages of one write transaction: page number → pooled plain buffer. Shared by the
/// WAL store and the test kit's pager store; commit reads the buffers back out (<see cref="GetPage"/>).
/// </summary>
/// <remarks>
/// <para>
/// <see cref="Write"/> copies the committed page in on first touch; <see cref="Create"/> starts from
/// zeros without reading anything (freshly allocated pages). Leases over these buffers are counted, so a
/// buffer is never returned to the pool while a lease can still reach it: a lease that is disposed after
/// <see cref="End"/> (the usual <c>using var lease = tx.Write(n); … tx.Commit();</c> shape) returns its
/// buffer then. A set whose leases were all disposed when it ended can be reused for the next
/// transaction; otherwise <see cref="End"/> says so and the caller takes a new set.
/// </para>
/// <para>Not thread-safe: a write transaction belongs to one thread at a time.</para>
/// </remarks>
internal sealed class TransactionPageSet : IPageLeaseOwner
{
    // Up to this many dirty pages are found by a scan of the entries; the page map is built only when a set grows
    // past it. A one-row autocommit write dirties one to three pages and looks them up about a dozen times (Contains,
    // TryRead, Write, GetPage, TryDetach), each a hash lookup before.
    internal const int ScannedPages = 8;

    // Page number → entry, for sets larger than ScannedPages only.
    private readonly Dictionary<uint, int> _index = new();
    private readonly ArrayPool<byte> _pool;
    private readonly bool _clearOnReturn;
    private readonly int _bufferSize;
    private readonly int _usableSize;
    private Entry[] _entries = new Entry[16];
    private int _count;
    private int _retained;
    private bool _ended;
    private long _changeStamp;

    /// <summary>Creates an empty set.</summary>
    /// <param name="pageSize">The buffer size (a whole page, so callers may seal next to the plain bytes if they wish).</param>
    /// <param name="usableSize">The bytes a lease exposes.</param>
    /// <param name="pool">Where the page buffers come from and go back to (default: <see cref="ArrayPool{T}.Shared"/>).</param>
    /// <param name="clearOnReturn">Clear each buffer as it goes back to the pool (an encrypted database: the pool is shared, the pages are plaintext).</param>
    public TransactionPageSet(int pageSize, int usableSize, ArrayPool<byte>? pool = null, bool clearOnReturn = false)
    {
        _clearOnReturn = clearOnReturn;
        ArgumentOutOfRangeException.ThrowIfLessThan(usableSize, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(pageSize, usableSize);
        _bufferSize = pageSize;
        _usableSize = usableSize;
        _pool = pool ?? ArrayPool<byte>.Shared;
    }

    /// <summary>
    /// Changes with every writable lease handed out, every page taken out (<see cref="TryDetach"/>) and at
    /// <see cref="End"/>; never goes back, so a value seen in one
    /// transaction is never seen again in a later one that reuses the set.
    /// </summary>
    public long ChangeStamp => _changeStamp;

    /// <summary>Entries the page map has room for: what emptying it at <see cref="End"/> costs (tests bound it).</summary>
    internal int MapCapacity => _index.Capacity;

    /// <summary>The number of dirty pages.</summary>
    public int Count => _count;

    /// <summary>Leases handed out and not yet disposed.</summary>
    public int OutstandingLeases
    {
        get
        {
            int leases = 0;
            for (int i = 0; i < _count; i++)
            {
                leases += _entries[i].Leases;
            }

            return leases;
        }
    }

    /// <summary>True when the page is dirty in this transaction.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <returns>Whether the set holds the page.</returns>
    public bool Contains(uint pageNumber) => Find(pageNumber) >= 0;

    /// <summary>A read lease on the dirty copy, when the page is dirty.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="lease">The read lease, when found.</param>
    /// <returns>True when the page is dirty in this transaction.</returns>
    public bool TryRead(uint pageNumber, out PageLease lease)
    {
        ThrowIfEnded();
        int i = Find(pageNumber);
        if (i >= 0)
        {
            lease = NewLease(i, isWritable: false);
            return true;
        }

        lease = default;
        return false;
    }

    /// <summary>A writable lease on the page, copying the committed bytes from <paramref name="source"/> on first touch.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="source">The committed view of the transaction.</param>
    /// <returns>A writable lease.</returns>
    public PageLease Write(uint pageNumber, ICommittedPageSource source)
    {
        ArgumentNullException.ThrowIfNull(source);
        ThrowIfEnded();
        int i = Find(pageNumber);
        if (i < 0)
        {
            byte[] buffer = _pool.Rent(_bufferSize);
            try
            {
                source.ReadCommittedPage(pageNumber, buffer.AsSpan(0, _usableSize));
            }
            catch
            {
                _pool.Return(buffer, _clearOnReturn);
                throw;
            }

            i = Add(pageNumber, buffer);
        }

        _entries[i].Omitted = false;
        _changeStamp++;
        return NewLease(i, isWritable: true);
    }

    /// <summary>A writable lease on a zero-filled page, without reading the committed copy (allocated pages).</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <returns>A writable lease over zeros.</returns>
    /// <exception cref="InvalidOperationException">The page is dirty and still leased (it cannot be zeroed under a lease).</exception>
    public PageLease Create(uint pageNumber)
    {
        ThrowIfEnded();
        int i = Find(pageNumber);
        if (i >= 0)
        {
            if (_entries[i].Leases > 0)
            {
                throw new InvalidOperationException($"Page {pageNumber} is being reused while a lease on it is still open.");
            }
        }
        else
        {
            i = Add(pageNumber, _pool.Rent(_bufferSize));
        }

        Buffer(i).AsSpan(0, _usableSize).Clear();
        _entries[i].Omitted = false;
        _changeStamp++;
        return NewLease(i, isWritable: true);
    }

    /// <summary>The dirty plain bytes of a page (usable size), for commit.</summary>
    /// <param name="pageNumber">A dirty page.</param>
    /// <returns>The bytes.</returns>
    /// <exception cref="KeyNotFoundException">The page is not dirty.</exception>
    public ReadOnlySpan<byte> GetPage(uint pageNumber)
    {
        return Buffer(IndexOf(pageNumber)).AsSpan(0, _usableSize);
    }

    /// <summary>
    /// Takes a dirty page's buffer out of the set, for a commit that keeps the image until it is written: the caller
    /// owns it from now on and returns it to the set's pool. The page can no longer be read or written through the set.
    /// </summary>
    /// <param name="pageNumber">A dirty page.</param>
    /// <returns>The buffer (at least the usable size), or null while a lease on the page is still open: then copy it.</returns>
    /// <exception cref="KeyNotFoundException">The page is not dirty.</exception>
    public byte[]? TryDetach(uint pageNumber)
    {
        ThrowIfEnded();
        ref Entry e = ref _entries[IndexOf(pageNumber)];
        if (e.Leases > 0 || e.Buffer is null)
        {
            return null;
        }

        byte[] buffer = e.Buffer;
        e.Buffer = null!;
        _changeStamp++;
        return buffer;
    }

    /// <summary>
    /// Leaves a dirty page out of the commit (<see cref="GetPageNumbers"/>) while the transaction still reads and writes
    /// its dirty copy: a page freed onto the free list, whose content no one reads again (the allocator hands it out
    /// zero-filled), keeps its committed image instead of a new one in the log, as SQLite leaves a free-list leaf
    /// unwritten. The next <see cref="Write"/> or <see cref="Create"/> of the page puts it back in the commit.
    /// Nothing happens to a page that is not dirty: it has nothing to write anyway.
    /// </summary>
    /// <param name="pageNumber">The page number.</param>
    public void Omit(uint pageNumber)
    {
        ThrowIfEnded();
        int i = Find(pageNumber);
        if (i >= 0)
        {
            _entries[i].Omitted = true;
        }
    }

    /// <summary>
    /// Copies the numbers of the pages to commit into <paramref name="destination"/> in ascending order (the write order
    /// at commit): every dirty page but those <see cref="Omit"/> left out.
    /// </summary>
    /// <param name="destination">Cleared and filled.</param>
    public void GetPageNumbers(List<uint> destination)
    {
        ArgumentNullException.ThrowIfNull(destination);
        destination.Clear();
        for (int i = 0; i < _count; i++)
        {
            if (!_entries[i].Omitted)
            {
                destination.Add(_entries[i].PageNumber);
            }
        }

        destination.Sort();
    }

    /// <summary>
    /// Ends the transaction's use of its pages: buffers without open leases go back to the pool.
    /// </summary>
    /// <returns>
    /// True when no lease was open: the set is empty again and may serve the next transaction. False when
    /// some leases are still open: their buffers return to the pool when they are disposed, and the set must
    /// not be reused.
    /// </returns>
    public bool End()
    {
        if (_ended)
        {
            return false;
        }

        _changeStamp++;
        int retained = 0;
        for (int i = 0; i < _count; i++)
        {
            ref Entry e = ref _entries[i];
            if (e.Leases == 0)
            {
                // A detached buffer belongs to whoever took it.
                if (e.Buffer is not null)
                {
                    _pool.Return(e.Buffer, _clearOnReturn);
                }

                e.Buffer = null!;
            }
            else
            {
                retained++;
            }
        }

        if (retained == 0)
        {
            ReusedMap.Clear(_index);
            _count = 0;
            return true;
        }

        _retained = retained;
        _ended = true;
        ReusedMap.Clear(_index);
        return false;
    }

    /// <summary>Called when a lease is disposed.</summary>
    /// <param name="token">The entry index the lease was created with.</param>
    /// <exception cref="InvalidOperationException">The lease was disposed more often than it was handed out.</exception>
    public void Release(int token)
    {
        ref Entry e = ref _entries[token];
        if (e.Leases <= 0)
        {
            throw new InvalidOperationException("A page lease was disposed twice.");
        }

        if (--e.Leases == 0 && _ended)
        {
            _pool.Return(e.Buffer, _clearOnReturn);
            e.Buffer = null!;
            _retained--;
        }
    }

    private int Add(uint pageNumber, byte[] buffer)
    {
        if (_count == _entries.Length)
        {
            Array.Resize(ref _entries, _entries.Length * 2);
        }

        int i = _count++;
        _entries[i] = new Entry { PageNumber = pageNumber, Buffer = buffer, Leases = 0, Omitted = false };
        if (_count > ScannedPages + 1)
        {
            _index.Add(pageNumber, i);
        }
        else if (_count == ScannedPages + 1)
        {
            // Past the scanned size: the map takes every entry from now on.
            for (int j = 0; j < _count; j++)
            {
                _index.Add(_entries[j].PageNumber, j);
            }
        }

        return i;
    }

    // The entry of a dirty page, or -1. Nothing is dirty once the set has ended with leases open (the map was emptied
    // then, and the entries stay only for those leases).
    private int Find(uint pageNumber)
    {
        if (_count > ScannedPages)
        {
            return _index.TryGetValue(pageNumber, out int found) ? found : -1;
        }

        if (_ended)
        {
            return -1;
        }

        for (int i = 0; i < _count; i++)
        {
            if (_entries[i].PageNumber == pageNumber)
            {
                return i;
            }
        }

        return -1;
    }

    private PageLease NewLease(int i, bool isWritable)
    {
        byte[] buffer = Buffer(i);
        ref Entry e = ref _entries[i];
        e.Leases++;
        return new PageLease(e.PageNumber, buffer, _usableSize, isWritable, this, i);
    }

    private int IndexOf(uint pageNumber)
    {
        int i = Find(pageNumber);
        return i >= 0 ? i : throw new KeyNotFoundException($"Page {pageNumber} is not dirty in this transaction.");
    }

    private byte[] Buffer(int i) =>
        _entries[i].Buffer ?? throw new InvalidOperationException($"Page {_entries[i].PageNumber} was handed to the commit; the transaction can no longer use it.");

    private void ThrowIfEnded()
    {
        if (_ended)
        {
            throw new InvalidOperationException("The transaction's pages were already released; the set cannot be reused while leases are open.");
        }
    }

    private struct Entry
    {
        public uint PageNumber;
        public byte[] Buffer;
        public int Leases;

        // Left out of the commit: a freed page whose content no one reads again (see Omit).
        public bool Omitted;
    }
}
