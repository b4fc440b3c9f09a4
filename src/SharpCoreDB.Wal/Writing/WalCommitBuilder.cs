using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// Lays out one transaction's frames in a buffer rented from <see cref="WalBuffers.Pool"/>: the committer
/// seals each page straight into its frame slot, so a page image is produced once and copied at most once more
/// (into the group buffer). Used under the writer lock; one instance per store, reused.
/// </summary>
internal sealed class WalCommitBuilder
{
    private readonly int _pageSize;
    private readonly int _frameSize;
    private byte[]? _buffer;
    private int _count;
    private int _capacity;
    private ulong _sequence;

    /// <summary>Creates a builder for pages of <paramref name="pageSize"/> bytes.</summary>
    public WalCommitBuilder(int pageSize)
    {
        _pageSize = pageSize;
        _frameSize = WalFrameHeader.SizeOf + pageSize;
    }

    /// <summary>The frames added so far.</summary>
    public int Count => _count;

    /// <summary>Starts a transaction of exactly <paramref name="frameCount"/> frames.</summary>
    public void Start(int frameCount, ulong sequence)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(frameCount);
        Abandon();
        _buffer = WalBuffers.Pool.Rent(checked(frameCount * _frameSize));
        _capacity = frameCount;
        _count = 0;
        _sequence = sequence;
    }

    /// <summary>Adds a frame for <paramref name="pageNumber"/>.</summary>
    /// <returns>The page image slot (page size bytes) to seal the page into.</returns>
    public Span<byte> Add(uint pageNumber)
    {
        if (_buffer is null || _count == _capacity)
        {
            throw new InvalidOperationException("More frames were added than the transaction was started with.");
        }

        Span<byte> frame = _buffer.AsSpan(_count * _frameSize, _frameSize);
        WalFrameHeader.WriteIdentity(frame, pageNumber, 0, _sequence);
        _count++;
        return frame.Slice(WalFrameHeader.SizeOf, _pageSize);
    }

    /// <summary>Marks the last frame as the commit frame and hands the buffer over in a <see cref="WalCommit"/>.</summary>
    /// <param name="databaseSize">The database size in pages after the transaction.</param>
    /// <param name="offset">The reserved log offset.</param>
    /// <param name="awaited">Whether the committer waits for durability.</param>
    public WalCommit Finish(uint databaseSize, long offset, bool awaited)
    {
        if (_buffer is null || _count != _capacity)
        {
            throw new InvalidOperationException("The transaction's frames are incomplete.");
        }

        ArgumentOutOfRangeException.ThrowIfZero(databaseSize);
        Span<byte> last = _buffer.AsSpan((_count - 1) * _frameSize, _frameSize);
        WalFrameHeader.WriteIdentity(last, WalFrameHeader.Read(last).PageNumber, databaseSize, _sequence);
        var commit = WalCommit.ForFrames(_buffer, _count * _frameSize, offset, _sequence, awaited);
        _buffer = null;
        _count = 0;
        return commit;
    }

    /// <summary>Returns an unfinished buffer to the pool (a commit that failed while sealing).</summary>
    public void Abandon()
    {
        if (_buffer is not null)
        {
            WalBuffers.Pool.Return(_buffer);
            _buffer = null;
            _count = 0;
        }
    }
}
