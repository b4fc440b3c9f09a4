using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// A strict in-memory page transaction for B+tree tests: pages live in a dictionary, freed pages cannot be read
/// or written again until <see cref="Commit"/> makes them reusable (as a real store frees at commit), double
/// frees throw, and every lease is tracked so tests can assert none leaked.
/// </summary>
internal sealed class MemoryPageTransaction : IPageTransaction, IPageLeaseOwner
{
    private readonly Dictionary<uint, byte[]> _pages = [];
    private readonly HashSet<uint> _freedThisTransaction = [];
    private readonly Stack<uint> _reusable = new();
    private readonly HashSet<uint> _reusableSet = [];
    private readonly HashSet<int> _openLeases = [];
    private int _nextToken;

    public MemoryPageTransaction(int pageSize, int trailerSize = 4)
    {
        PageSize = pageSize;
        UsableSize = pageSize - trailerSize;
    }

    public int PageSize { get; }

    public int UsableSize { get; }

    public bool IsWritable { get; set; } = true;

    public uint CatalogRoot { get; set; }

    public long ChangeStamp { get; private set; }

    // Like the stores: moves on every allocation and free (and commit), not on plain writes.
    public long ShapeStamp { get; private set; }

    /// <summary>The highest page number ever handed out: the size the file would have.</summary>
    public uint HighWater { get; private set; }

    public long AllocateCount { get; private set; }

    public long FreeCount { get; private set; }

    /// <summary>Pages allocated and not freed.</summary>
    public long LivePages => AllocateCount - FreeCount;

    public int OpenLeases => _openLeases.Count;

    /// <summary>Every page currently in use (allocated, not freed).</summary>
    public IEnumerable<uint> LivePageNumbers => _pages.Keys.Where(p => !_freedThisTransaction.Contains(p) && !_reusableSet.Contains(p));

    /// <summary>Read leases handed out so far.</summary>
    public long Reads { get; private set; }

    public PageLease Read(uint pageNumber)
    {
        Reads++;
        AccessLog?.Add((false, pageNumber));
        return Lease(pageNumber, writable: false);
    }

    /// <summary>When set, every <see cref="Read"/> and every page passed to <see cref="ReadAhead"/>, in order.</summary>
    public List<(bool Hint, uint Page)>? AccessLog { get; set; }

    /// <summary>Hints passed with inBackground true (the rest were for loading in line).</summary>
    public int BackgroundHints { get; private set; }

    public void ReadAhead(ReadOnlySpan<uint> pageNumbers, bool inBackground)
    {
        BackgroundHints += inBackground ? 1 : 0;
        foreach (uint page in pageNumbers)
        {
            AccessLog?.Add((true, page));
        }
    }

    public PageLease Write(uint pageNumber)
    {
        if (!IsWritable)
        {
            throw new InvalidOperationException("read-only transaction");
        }

        return Lease(pageNumber, writable: true);
    }

    public PageLease Allocate()
    {
        if (!IsWritable)
        {
            throw new InvalidOperationException("read-only transaction");
        }

        uint page;
        if (_reusable.Count > 0)
        {
            page = _reusable.Pop();
            _reusableSet.Remove(page);
            Array.Clear(_pages[page]);
        }
        else
        {
            page = ++HighWater;
            _pages[page] = new byte[PageSize];
        }

        AllocateCount++;
        ShapeStamp++;
        return Lease(page, writable: true);
    }

    public void Free(uint pageNumber)
    {
        if (!IsWritable)
        {
            throw new InvalidOperationException("read-only transaction");
        }

        if (!_pages.ContainsKey(pageNumber) || _freedThisTransaction.Contains(pageNumber) || _reusableSet.Contains(pageNumber))
        {
            throw new InvalidOperationException($"page {pageNumber} freed twice or never allocated");
        }

        _freedThisTransaction.Add(pageNumber);
        FreeCount++;
        ChangeStamp++;
        ShapeStamp++;
    }

    /// <summary>Makes this transaction's freed pages available to later allocations.</summary>
    public void Commit()
    {
        ChangeStamp++;
        ShapeStamp++;
        foreach (uint page in _freedThisTransaction)
        {
            _reusable.Push(page);
            _reusableSet.Add(page);
        }

        _freedThisTransaction.Clear();
    }

    /// <summary>Direct access to a page's bytes, for corrupting them in tests (counts as a change).</summary>
    public byte[] RawPage(uint pageNumber)
    {
        ChangeStamp++;
        return _pages[pageNumber];
    }

    public void Release(int token)
    {
        if (!_openLeases.Remove(token))
        {
            throw new InvalidOperationException($"lease {token} released twice");
        }
    }

    private PageLease Lease(uint pageNumber, bool writable)
    {
        if (pageNumber == 0 || !_pages.TryGetValue(pageNumber, out byte[]? buffer))
        {
            // As a real store does for a page number past the end of the file.
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"page {pageNumber} was asked for, but the database has {HighWater + 1} pages");
        }

        if (_freedThisTransaction.Contains(pageNumber) || _reusableSet.Contains(pageNumber))
        {
            throw new InvalidOperationException($"page {pageNumber} is used after being freed");
        }

        if (writable)
        {
            ChangeStamp++;
        }

        int token = ++_nextToken;
        _openLeases.Add(token);
        return new PageLease(pageNumber, buffer, UsableSize, writable, this, token);
    }
}
