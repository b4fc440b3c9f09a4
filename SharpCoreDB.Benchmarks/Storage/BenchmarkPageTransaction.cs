using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Benchmarks.Storage;

/// <summary>
/// A minimal in-memory page transaction for measuring the B+tree alone: pages in a list, no pinning or
/// tracking, freed pages reused at once. Its only allocations are the page buffers themselves.
/// </summary>
internal sealed class BenchmarkPageTransaction : IPageTransaction
{
    private readonly List<byte[]> _pages = [Array.Empty<byte>()];
    private readonly Stack<uint> _free = new();

    public BenchmarkPageTransaction(int pageSize)
    {
        PageSize = pageSize;
        UsableSize = pageSize - 4;
    }

    public int PageSize { get; }

    public int UsableSize { get; }

    public bool IsWritable => true;

    public uint CatalogRoot { get; set; }

    public int PageCount => _pages.Count - 1 - _free.Count;

    public long ChangeStamp { get; private set; }

    public PageLease Read(uint pageNumber) => new(pageNumber, _pages[(int)pageNumber], UsableSize, false, null, 0);

    // Every page is in memory already.
    public void ReadAhead(ReadOnlySpan<uint> pageNumbers, bool inBackground)
    {
    }

    public PageLease Write(uint pageNumber)
    {
        ChangeStamp++;
        return new(pageNumber, _pages[(int)pageNumber], UsableSize, true, null, 0);
    }

    public PageLease Allocate()
    {
        if (_free.TryPop(out uint page))
        {
            Array.Clear(_pages[(int)page]);
        }
        else
        {
            page = (uint)_pages.Count;
            _pages.Add(new byte[PageSize]);
        }

        return Write(page);
    }

    public void Free(uint pageNumber)
    {
        ChangeStamp++;
        _free.Push(pageNumber);
    }
}
