using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// A read snapshot of a <see cref="WalPageStore"/>: every page as of the last commit acknowledged when it
/// began. It takes no lock while reading, so it never waits for the writer, and the writer never waits for it.
/// </summary>
internal sealed class WalReadTransaction : SnapshotTransaction
{
    private readonly WalPageStore _store;
    private readonly int _slot;
    private readonly WalIndex? _index;
    private PageReadAhead? _readAhead;

    /// <summary>Creates the snapshot; the store has already registered it in <paramref name="slot"/>.</summary>
    /// <param name="store">The store.</param>
    /// <param name="slot">Its registration, released on dispose.</param>
    /// <param name="sequence">The last transaction it sees.</param>
    /// <param name="pageCount">The page count as of that transaction.</param>
    /// <param name="index">The log index to read frames through; null when the database file holds everything it sees.</param>
    public WalReadTransaction(WalPageStore store, int slot, ulong sequence, uint pageCount, WalIndex? index)
        : base(pageCount)
    {
        _store = store;
        _slot = slot;
        Sequence = sequence;
        _index = index;
    }

    /// <summary>The last transaction this snapshot sees.</summary>
    public ulong Sequence { get; }

    /// <inheritdoc />
    public override int PageSize => _store.PageSize;

    /// <inheritdoc />
    public override int UsableSize => _store.UsableSize;

    /// <inheritdoc />
    public override string SourceName => _store.Name;

    /// <inheritdoc />
    /// <remarks>
    /// The pages are loaded by a <see cref="PageReadAhead"/> the store lends the snapshot, in line or on a thread-pool
    /// thread; ending the snapshot stops it first and hands it back.
    /// </remarks>
    public override void ReadAhead(ReadOnlySpan<uint> pageNumbers, bool inBackground)
    {
        ObjectDisposedException.ThrowIf(IsEnded, this);
        _store.ReadAhead(ref _readAhead, pageNumbers, Sequence, _index, PageCount, inBackground);
    }

    /// <summary>The read-ahead lent to this snapshot, once it read ahead (null before, and after it ended).</summary>
    internal PageReadAhead? ReadAheadInUse => _readAhead;

    /// <summary>Pages loaded by this snapshot's read-ahead so far.</summary>
    internal long ReadAheadLoads => _readAhead?.Loaded ?? 0;

    /// <inheritdoc />
    protected override PageLease ReadCommitted(uint pageNumber)
    {
        // A page the read-ahead still has queued is loaded here with the rest of its run, not alone (see PageReadAhead).
        _readAhead?.LoadQueuedRun(pageNumber);
        return _store.ReadVersion(pageNumber, Sequence, _index);
    }

    /// <inheritdoc />
    protected override void CheckPageNumber(uint pageNumber, uint pageCount) => _store.CheckPageNumber(pageNumber, pageCount);

    /// <inheritdoc />
    protected override void End()
    {
        // The snapshot keeps what the read-ahead loads readable (see PageReadAhead), so it stops before it ends.
        if (_readAhead is not null)
        {
            _readAhead.Stop();
            _store.ReturnReadAhead(_readAhead);
            _readAhead = null;
        }

        _store.EndRead(_slot);
    }
}
