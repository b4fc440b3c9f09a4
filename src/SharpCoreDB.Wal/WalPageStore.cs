using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal;

/// <summary>
/// The transactional page store over a database file and its write-ahead log: snapshot readers that never
/// block and are never blocked, one writer at a time, commits made durable as the <see cref="DurabilityMode"/>
/// says, checkpoints that copy committed pages into the database file, and recovery on open.
/// </summary>
/// <remarks>
/// <para>
/// Sequences: every commit gets the next transaction sequence. Four marks only ever grow:
/// <c>enqueued</c> (handed to the log; what the next writer builds on), <c>durable</c> (written and synced),
/// <c>visible</c> (what a new reader sees: durable in Legacy and FullSync, enqueued in Async) and
/// <c>backfilled</c> (copied into the database file, which is synced). backfilled ≤ durable ≤ enqueued, except that
/// the log writer may sync a commit an instant before its committer records it as enqueued
/// (<c>WalPageStore.Invariants.cs</c> asserts what always holds, in Debug builds).
/// </para>
/// <para>
/// A read of page P at snapshot S takes the newest log version of P at or below S, else the database file's copy.
/// The checkpoint copies nothing newer than the oldest open snapshot, so a page a snapshot still takes from the
/// database file is never overwritten under it; the log restarts only when everything is backfilled and no
/// snapshot reads log frames.
/// </para>
/// <para>
/// Lock order: writer slot, then checkpoint slot, then the snapshot lock; the snapshot lock is held only for a
/// few field reads and writes, never across I/O. The writer slot (<see cref="Transactions.WriterSlot"/>) serves
/// queued writers in arrival order, asleep without spinning; a release wakes the one that has waited longest, and a
/// running thread may take the slot before it runs, a bounded number of times.
/// </para>
/// </remarks>
internal sealed partial class WalPageStore : IPageStore, IPageCacheLoader, IWalFrameSource
{
    private readonly PageFile _file;
    private readonly PageCodec _codec;
    private readonly PageCache _cache;

    // A stopped read-ahead a snapshot handed back, lent to the next one (see RentReadAhead).
    private PageReadAhead? _idleReadAhead;
    private readonly IWalEvents? _events;
    private readonly IStorageDevice _walDevice;
    private readonly WalLogFile _log;
    private readonly WalWriter? _writer;
    private readonly DurabilityOptions _durability;
    private readonly bool _ownsDevices;
    private readonly WriterSlot _writerSlot = new();
    private readonly SemaphoreSlim _checkpointSlot = new(1, 1);
    private readonly Lock _snapshotLock = new();
    private readonly SnapshotRegistry _readers = new();
    private readonly PendingPages _pending;
    private readonly Queue<(ulong Sequence, uint PageCount)> _inFlight = new();
    private readonly List<uint> _commitPages = [];
    private readonly List<WalFrameRef> _checkpointFrames = [];
    private TransactionPageSet? _spareSet;
    private WalIndex _index;
    private ulong _enqueued;
    private uint _enqueuedPageCount;
    private ulong _visible;
    private uint _visiblePageCount;
    private ulong _durable;
    private ulong _backfilled;
    private volatile SharpCoreDBException? _failure;
    private int _autoCheckpointScheduled;
    private long _commitsPinnedPastThreshold;
    private long _commitsBesideCheckpoint;

    // Where the newest frame the checkpoints copied in this log generation ends (the header's end when none is).
    private long _copiedLogEnd = WalHeader.SizeOf;

    // Log generations asked for (restarts queued, writer slot held); ahead of the log's own count while one waits.
    private long _generationsQueued;

    // Write transactions begun (waiting for the writer slot or holding it) and not yet queued or ended.
    private int _committersAhead;
    private volatile bool _disposed;

    private WalPageStore(
        PageFile file,
        IStorageDevice walDevice,
        WalLogFile log,
        WalIndex index,
        ulong lastSequence,
        ulong backfilled,
        WalStoreOptions options)
    {
        _file = file;
        _codec = file.Codec;
        _walDevice = walDevice;
        _log = log;
        _index = index;
        _durability = options.Durability;
        _ownsDevices = !options.LeaveDevicesOpen;
        _events = options.Events;
        _cache = new PageCache(file.PageSize, file.UsableSize, options.CachePages, clearOnDispose: file.IsEncrypted);
        _pending = new PendingPages(file.UsableSize, clearOnReturn: file.IsEncrypted);
        _enqueued = _visible = _durable = lastSequence;
        _backfilled = backfilled;
        AssertSequenceMarks(_backfilled, _durable, _visible, _enqueued, options.Durability.Mode == DurabilityMode.Async, _inFlight);
        _generationsQueued = log.Generations;
        IsReadOnly = options.ReadOnly;
        if (!IsReadOnly)
        {
            _writer = new WalWriter(log, options.Durability.Mode, this, options.Durability.FlushInterval, OnDurable, () => Volatile.Read(ref _committersAhead), OnReleased, options.Events);
        }
    }

    /// <inheritdoc />
    public int PageSize => _file.PageSize;

    /// <inheritdoc />
    public int UsableSize => _file.UsableSize;

    /// <inheritdoc />
    public bool IsReadOnly { get; }

    /// <summary>The database file's name, for messages.</summary>
    public string Name => _file.Name;

    /// <summary>The durability settings.</summary>
    public DurabilityOptions Durability => _durability;

    /// <summary>The database file.</summary>
    internal PageFile File => _file;

    /// <summary>The shared page cache.</summary>
    internal PageCache Cache => _cache;

    /// <summary>The last leaves of trees as the last write transactions left them (read and written under the writer slot).</summary>
    internal RightEdgeCache CarriedLeaves { get; } = new();

    /// <summary>The log file.</summary>
    internal WalLogFile Log => _log;

    /// <summary>
    /// The log's size in bytes: its current generation as written so far (commits still queued are not counted),
    /// or just the header once a restart is queued.
    /// </summary>
    public long WalSize => WalHeader.SizeOf + LogBytes();

    /// <summary>Log generations written so far (each restart of the log starts one; tests and diagnostics).</summary>
    internal long LogGenerations => _log.Generations;

    /// <summary>The last transaction sequence handed to the log: what the next writer builds on, durable or not.</summary>
    public ulong EnqueuedSequence => Volatile.Read(ref _enqueued);

    /// <summary>The last transaction sequence new readers see.</summary>
    public ulong VisibleSequence
    {
        get
        {
            lock (_snapshotLock)
            {
                return _visible;
            }
        }
    }

    /// <summary>The last transaction sequence that is written and synced.</summary>
    public ulong DurableSequence
    {
        get
        {
            lock (_snapshotLock)
            {
                return _durable;
            }
        }
    }

    /// <summary>The last transaction sequence copied into the database file.</summary>
    public ulong BackfilledSequence
    {
        get
        {
            lock (_snapshotLock)
            {
                return _backfilled;
            }
        }
    }

    /// <summary>Syncs of the log so far, and the commits they made durable (their ratio is the average group size).</summary>
    public (long Syncs, long Commits) LogSyncs => _writer is null ? (0, 0) : (_writer.SyncCount, _writer.DurableCommitCount);

    /// <summary>
    /// Commits added to a log already past its checkpoint threshold because an open read transaction kept it from
    /// restarting (its snapshot still needs the log, or the database file as it was). A long-lived reader makes the
    /// log grow by every commit made while it is open; this counts them, so the growth can be seen and traced to it.
    /// </summary>
    public long CommitsPinnedPastThreshold
    {
        get
        {
            lock (_snapshotLock)
            {
                return _commitsPinnedPastThreshold;
            }
        }
    }

    /// <summary>
    /// Commits added to a log past its checkpoint threshold without waiting for the checkpoint then under way, which
    /// copies in the background (the log still under twice its threshold). A later commit restarts the log.
    /// </summary>
    public long CommitsBesideCheckpoint => Interlocked.Read(ref _commitsBesideCheckpoint);

    /// <summary>FullSync commits written and synced by their own committing thread instead of the log writer's worker.</summary>
    public long OwnWrites => _writer?.OwnWriteCount ?? 0;

    /// <summary>True once the log writer's background thread runs; it starts with the first commit or flush queued for it.</summary>
    public bool LogWorkerStarted => _writer?.WorkerStarted ?? false;

    /// <summary>The failure that made the store refuse writes, if any.</summary>
    public SharpCoreDBException? Failure => _failure ?? _writer?.Failure;

    /// <inheritdoc />
    public IReadTransaction BeginRead() => BeginSnapshot();

    /// <summary>Starts a read snapshot (the concrete type, for callers that want its sequence).</summary>
    /// <exception cref="ObjectDisposedException">The store is closed.</exception>
    public WalReadTransaction BeginSnapshot()
    {
        lock (_snapshotLock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            ulong sequence = _visible;

            // When the database file already holds everything this snapshot sees, it reads the file alone and
            // does not hold back a restart of the log.
            AssertSequenceMarks();
            bool usesLog = _backfilled < sequence;
            int slot = _readers.Add(sequence, usesLog);
            return new WalReadTransaction(this, slot, sequence, _visiblePageCount, usesLog ? _index : null);
        }
    }

    /// <inheritdoc />
    public IWriteTransaction BeginWrite(TimeSpan timeout, CancellationToken cancellationToken = default)
    {
        ValueTask<IWriteTransaction> begin = BeginWrite(timeout, async: false, cancellationToken);
        Debug.Assert(begin.IsCompleted, "The synchronous path never waits asynchronously.");
        return begin.GetAwaiter().GetResult();
    }

    /// <inheritdoc />
    public ValueTask<IWriteTransaction> BeginWriteAsync(TimeSpan timeout, CancellationToken cancellationToken = default) =>
        BeginWrite(timeout, async: true, cancellationToken);

    // The core of both forms: async false waits for the writer slot on this thread, so its task is complete on return.
    // A free slot (always, on the synchronous path) starts the transaction without an async state machine.
    private ValueTask<IWriteTransaction> BeginWrite(TimeSpan timeout, bool async, CancellationToken cancellationToken)
    {
        ThrowIfCannotWrite();
        Interlocked.Increment(ref _committersAhead);
        ValueTask<bool> enter;
        try
        {
            enter = async ? _writerSlot.EnterAsync(timeout, cancellationToken) : new ValueTask<bool>(_writerSlot.Enter(timeout, cancellationToken));
        }
        catch
        {
            Interlocked.Decrement(ref _committersAhead);
            throw;
        }

        return enter.IsCompletedSuccessfully ? new ValueTask<IWriteTransaction>(Entered(enter.Result, timeout)) : WhenEntered(enter, timeout);
    }

    private async ValueTask<IWriteTransaction> WhenEntered(ValueTask<bool> enter, TimeSpan timeout)
    {
        bool entered;
        try
        {
            entered = await enter.ConfigureAwait(false);
        }
        catch
        {
            Interlocked.Decrement(ref _committersAhead);
            throw;
        }

        return Entered(entered, timeout);
    }

    // After the wait for the writer slot: the transaction, or Busy when the wait timed out.
    private Transactions.WalWriteTransaction Entered(bool entered, TimeSpan timeout)
    {
        if (!entered)
        {
            Interlocked.Decrement(ref _committersAhead);
            throw Busy(timeout);
        }

        return StartWrite();
    }

    /// <summary>Checks a page number against the page count a transaction sees.</summary>
    internal void CheckPageNumber(uint pageNumber, uint pageCount)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (pageNumber >= pageCount)
        {
            ThrowBeyondPageCount(pageNumber, pageCount);
        }
    }

    /// <summary>Reads a page as of <paramref name="sequence"/>: the newest log version at or below it, else the database file.</summary>
    /// <param name="pageNumber">The page.</param>
    /// <param name="sequence">The snapshot.</param>
    /// <param name="index">The log index the snapshot reads through; null when it reads the database file alone.</param>
    internal PageLease ReadVersion(uint pageNumber, ulong sequence, WalIndex? index)
    {
        if (index is not null && index.TryFind(pageNumber, sequence, out ulong version, out _))
        {
            return _cache.Read(pageNumber, version, this);
        }

        return _cache.Read(pageNumber, 0, _file);
    }

    /// <summary>
    /// Queues for <paramref name="readAhead"/> (lent by <see cref="RentReadAhead"/> on first use) each page a snapshot
    /// will read soon that is not cached yet, as the version <see cref="ReadVersion"/> would read, and loads them in
    /// line or starts the background load (<paramref name="inBackground"/>). Pages past the snapshot's page count are
    /// skipped: its own read reports them. Nothing is lent, queued or started when every page is cached.
    /// </summary>
    internal void ReadAhead(ref PageReadAhead? readAhead, ReadOnlySpan<uint> pageNumbers, ulong sequence, WalIndex? index, uint pageCount, bool inBackground)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        foreach (uint pageNumber in pageNumbers)
        {
            if (pageNumber == 0 || pageNumber >= pageCount)
            {
                continue;
            }

            ulong version = 0;
            IPageCacheLoader loader = _file;
            if (index is not null && index.TryFind(pageNumber, sequence, out ulong found, out _))
            {
                version = found;
                loader = this;
            }

            if (!_cache.Contains(pageNumber, version))
            {
                // At most a quarter of the cache waits to be read, so pages read ahead are not evicted before use.
                (readAhead ??= RentReadAhead()).Enqueue(pageNumber, version, loader, start: false);
            }
        }

        // Started once the whole hint is queued, so its runs of neighbouring pages are read together.
        readAhead?.Start(inBackground);
    }

    /// <summary>
    /// Lends a snapshot the read-ahead the last snapshot handed back (<see cref="ReturnReadAhead"/>), or a new one: a
    /// statement's snapshot reads ahead at most a few times, and a read-ahead's queue and batch arrays are worth
    /// keeping across statements. Snapshots on several threads at once take new ones.
    /// </summary>
    internal PageReadAhead RentReadAhead()
    {
        PageReadAhead? idle = Interlocked.Exchange(ref _idleReadAhead, null);
        if (idle is null)
        {
            // At most a quarter of the cache waits to be read, so pages read ahead are not evicted before use.
            return new PageReadAhead(_cache, Math.Max(1, _cache.Capacity / 4));
        }

        idle.Restart();
        return idle;
    }

    /// <summary>Takes back a stopped read-ahead (<see cref="PageReadAhead.Stop"/>) to lend it again; one is kept.</summary>
    internal void ReturnReadAhead(PageReadAhead readAhead)
    {
        Debug.Assert(readAhead.IsStopped, "only a stopped read-ahead is handed back");
        Interlocked.CompareExchange(ref _idleReadAhead, readAhead, null);
    }

    /// <summary>Loads a log version of a page: from the queued commits while it is not written yet, else from its frame.</summary>
    void IPageCacheLoader.LoadPage(uint pageNumber, ulong version, Span<byte> destination)
    {
        if (_pending.TryCopy(pageNumber, version, destination))
        {
            return;
        }

        if (!Volatile.Read(ref _index).TryFind(pageNumber, version, out ulong found, out long offset) || found != version || offset == WalIndex.Unwritten)
        {
            throw new InvalidOperationException($"Version {version} of page {pageNumber} is neither queued nor in the log index.");
        }

        Span<byte> image = destination[..PageSize];
        _log.ReadImage(offset, image);
        _codec.Open(pageNumber, image, image, _walDevice.Name);
    }

    /// <summary>The read snapshots open now (VACUUM and rekey replace the file only when none is).</summary>
    internal int OpenSnapshots
    {
        get
        {
            lock (_snapshotLock)
            {
                return _readers.Count;
            }
        }
    }

    /// <summary>The writer slot itself: its hand-off and wait counters, for tests and diagnostics.</summary>
    internal WriterSlot WriterSlot => _writerSlot;

    /// <summary>True while a write transaction holds the writer slot (or waits no more for it).</summary>
    internal bool WriterActive => _writerSlot.IsHeld;

    /// <summary>Called when a read transaction ends.</summary>
    internal void EndRead(int slot)
    {
        lock (_snapshotLock)
        {
            _readers.Remove(slot);
        }
    }

    /// <summary>Called when the write transaction ends (commit, rollback or failure): recycles its pages and frees the writer slot.</summary>
    internal void EndWrite(WalWriteTransaction transaction)
    {
        if (transaction.Pages.End())
        {
            _spareSet = transaction.Pages;
        }

        CarriedLeaves.EndTransaction();
        Uncount(transaction);
        AssertSlotGivenBack(transaction);
        _writerSlot.Release();
    }

    /// <summary>The transaction no longer counts as a commit about to be queued (it was queued, or it ended).</summary>
    internal void Uncount(WalWriteTransaction transaction)
    {
        if (transaction.CountedAhead)
        {
            transaction.CountedAhead = false;
            Interlocked.Decrement(ref _committersAhead);
        }
    }

    private WalWriteTransaction StartWrite()
    {
        try
        {
            ThrowIfCannotWrite();
            TransactionPageSet pages = _spareSet ?? new TransactionPageSet(PageSize, UsableSize, WalBuffers.Pool, clearOnReturn: _file.IsEncrypted);
            _spareSet = null;
            CarriedLeaves.EndTransaction();
            var transaction = new WalWriteTransaction(this, pages, _enqueued, _enqueuedPageCount, Volatile.Read(ref _index));
            AssertSlotTaken(transaction);
            return transaction;
        }
        catch
        {
            Interlocked.Decrement(ref _committersAhead);
            _writerSlot.Release();
            throw;
        }
    }

    private void ThrowIfCannotWrite()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (IsReadOnly)
        {
            throw StorageErrors.ReadOnly(Name);
        }

        if (Failure is { } failure)
        {
            throw WalErrors.StoreFailed(Name, failure);
        }
    }

    private SharpCoreDBException Busy(TimeSpan timeout) => StorageErrors.Busy(Name, timeout);

    [DoesNotReturn]
    private void ThrowBeyondPageCount(uint pageNumber, uint pageCount) =>
        throw StorageErrors.PageBeyondCount(Name, pageNumber, pageCount);
}
