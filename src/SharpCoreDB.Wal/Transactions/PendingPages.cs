using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// Plain copies of the pages of commits that are queued but not yet written to the log. The next writer
/// (FullSync, after early lock release) and Async readers already see those commits, and a page version that
/// is not on disk yet can only be served from here.
/// </summary>
/// <remarks>Entries leave in commit order once the log writer reports them durable.</remarks>
internal sealed class PendingPages
{
    private readonly Dictionary<PageKey, byte[]> _pages = [];

    // A Lock rather than a Monitor on the dictionary: once another thread (the log writer, a checkpoint) ever met
    // a reader here, a Monitor stayed inflated and every later uncontended lookup took its slow path, on every page
    // a transaction read.
    private readonly Lock _gate = new();
    private readonly Queue<PageKey> _order = new();
    private readonly List<byte[]> _freed = [];
    private readonly int _usableSize;
    private readonly bool _clearOnReturn;

    /// <summary>Creates an empty set for pages of <paramref name="usableSize"/> usable bytes.</summary>
    /// <param name="usableSize">The bytes of a page image.</param>
    /// <param name="clearOnReturn">Clear each copy as it goes back to the shared pool (an encrypted database: the copies are plaintext).</param>
    public PendingPages(int usableSize, bool clearOnReturn)
    {
        _usableSize = usableSize;
        _clearOnReturn = clearOnReturn;
    }

    /// <summary>Pages held.</summary>
    public int Count
    {
        get
        {
            lock (_gate)
            {
                return _pages.Count;
            }
        }
    }

    /// <summary>Keeps a copy of a queued page version.</summary>
    public void Add(uint pageNumber, ulong sequence, ReadOnlySpan<byte> plain)
    {
        byte[] copy = Writing.WalBuffers.Pool.Rent(_usableSize);
        plain[.._usableSize].CopyTo(copy);
        Adopt(pageNumber, sequence, copy);
    }

    /// <summary>
    /// Keeps a queued page version in <paramref name="buffer"/> itself (the committing transaction's own page, which
    /// it gave up), saving the copy. The buffer must come from <see cref="Writing.WalBuffers.Pool"/>: it goes back
    /// there once the version is durable.
    /// </summary>
    public void Adopt(uint pageNumber, ulong sequence, byte[] buffer)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(buffer.Length, _usableSize, nameof(buffer));
        var key = new PageKey(pageNumber, sequence);
        lock (_gate)
        {
            _pages.Add(key, buffer);
            _order.Enqueue(key);
        }
    }

    /// <summary>
    /// The queued copy of a version, for the log writer to seal. Only the log writer removes copies
    /// (<see cref="RemoveUpTo"/>), so the array stays valid and unchanged while it uses it.
    /// </summary>
    /// <exception cref="InvalidOperationException">The version is not queued.</exception>
    public ReadOnlySpan<byte> Get(uint pageNumber, ulong sequence)
    {
        byte[]? copy;
        lock (_gate)
        {
            if (!_pages.TryGetValue(new PageKey(pageNumber, sequence), out copy))
            {
                throw new InvalidOperationException($"Version {sequence} of page {pageNumber} is not queued.");
            }
        }

        return copy.AsSpan(0, _usableSize);
    }

    /// <summary>Copies a queued page version into <paramref name="destination"/>, when it is still queued.</summary>
    public bool TryCopy(uint pageNumber, ulong sequence, Span<byte> destination)
    {
        lock (_gate)
        {
            if (!_pages.TryGetValue(new PageKey(pageNumber, sequence), out byte[]? copy))
            {
                return false;
            }

            copy.AsSpan(0, _usableSize).CopyTo(destination);
            return true;
        }
    }

    /// <summary>Forgets every page of commits up to <paramref name="sequence"/>: they are on disk now.</summary>
    public void RemoveUpTo(ulong sequence)
    {
        // Only the log writer calls this, so the scratch list is its own. The buffers go back to the pool
        // outside the lock: a large group returns hundreds, and committers must not wait behind that.
        List<byte[]> freed = _freed;
        lock (_gate)
        {
            while (_order.Count > 0 && _order.Peek().Version <= sequence)
            {
                PageKey key = _order.Dequeue();
                if (_pages.Remove(key, out byte[]? copy))
                {
                    freed.Add(copy);
                }
            }
        }

        foreach (byte[] copy in freed)
        {
            Writing.WalBuffers.Pool.Return(copy, _clearOnReturn);
        }

        freed.Clear();
    }
}
