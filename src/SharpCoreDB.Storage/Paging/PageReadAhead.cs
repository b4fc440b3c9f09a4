using System.Buffers;
using System.Diagnostics;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// Loads the pages one snapshot was told it will read soon (<see cref="IPageTransaction.ReadAhead"/>) into the
/// <see cref="PageCache"/> on a thread-pool thread, in order, while the snapshot's own thread works on the pages
/// before them. A page it is still loading when the snapshot asks for it is not read twice: the cache makes the reader
/// wait for that load. A short scan's pages are loaded by the same passes in line instead (<see cref="Start"/>).
/// </summary>
/// <remarks>
/// <para>
/// The snapshot's owner calls <see cref="Stop"/> before the snapshot ends, and it returns only once no load is under
/// way: a page version is only sure to be readable while a snapshot that sees it is open (after that a checkpoint may
/// overwrite the database page, or a log restart the frame). What was queued and not started is dropped.
/// </para>
/// <para>
/// It takes what is queued in batches: a run of ascending database-file pages a few pages apart at most (the leaves a
/// scan hinted are mostly neighbours on disk) is read with one device read, the pages between them dropped unread,
/// (<see cref="IPageRunLoader"/>) and takes its cache slots under one lock (<see cref="PageCache.BeginLoads"/>),
/// instead of a system call per page. Each page of a run is still verified (checksum or authentication tag) on its own
/// before the cache exposes it, and is exposed as soon as it verified: the scan reads it while the rest of the run is
/// verified (decrypted) here, on the other core, instead of waiting for the whole run.
/// </para>
/// <para>
/// A snapshot that reaches a page still queued (its thread outran the background load, which first waits for a
/// thread-pool thread) takes that page's run from the queue and loads it itself
/// (<see cref="LoadQueuedRun"/>), with one device read and its pages verified one after another, rather than reading
/// them one by one.
/// </para>
/// <para>
/// A load that fails (a corrupt page, an I/O error) ends reading ahead for the snapshot, and the error is left to
/// the snapshot's own read of that page: the cache keeps nothing of a failed load, so that read loads the page again
/// and reports the error to the caller, with the page named, as if there had been no read-ahead.
/// </para>
/// </remarks>
internal sealed class PageReadAhead : IThreadPoolWorkItem
{
    // The most queued pages one pass takes, and the most bytes one run reads (32 pages of 4 KiB: the longest hint).
    private const int MaxBatch = 32;
    private const int MaxRunBytes = 128 * 1024;

    // The most pages between two pages of a run that are read only to be dropped.
    private const int MaxGap = 3;

    // The most queued pages the snapshot's own thread takes at once (LoadQueuedRun): a whole run. Taking 8 and leaving
    // the rest to the background load, meant to keep it decrypting on the other core, read no fewer pages one by one
    // under load: a background pass that dequeued the rest and was preempted before taking their cache slots left
    // the scan to read each of them alone (pread64 per cold open + scan: 161 with 8, 151 before, 57 with a whole run).
    private const int MaxReaderRun = MaxBatch;

    private readonly PageCache _cache;
    private readonly uint[] _batchPages = new uint[MaxBatch];
    private readonly ulong[] _batchVersions = new ulong[MaxBatch];
    private readonly IPageCacheLoader?[] _batchLoaders = new IPageCacheLoader?[MaxBatch];
    private readonly int[] _runSlots = new int[MaxBatch];
    private readonly byte[]?[] _runBuffers = new byte[]?[MaxBatch];
    private readonly bool[] _runLoaded = new bool[MaxBatch];

    // The snapshot thread's own run (LoadQueuedRun), apart from the pass's arrays: a background pass may be loading
    // another run of the same read-ahead meanwhile.
    private readonly uint[] _ownPages = new uint[MaxReaderRun];
    private readonly int[] _ownSlots = new int[MaxReaderRun];
    private readonly byte[]?[] _ownBuffers = new byte[]?[MaxReaderRun];
    private readonly bool[] _ownLoaded = new bool[MaxReaderRun];
    private readonly int _limit;
    private readonly Lock _gate = new();
    private readonly Queue<(uint Page, ulong Version, IPageCacheLoader Loader)> _queue = new();
    private bool _scheduled;
    private bool _loading;
    private bool _stopped;
    private long _loaded;
    private long _runsTakenByReader;

    // The queue's length, readable without the lock: the snapshot's every page read looks at it (LoadQueuedRun).
    private volatile int _queued;

    /// <summary>Creates the read-ahead of one snapshot.</summary>
    /// <param name="cache">The cache the snapshot reads through.</param>
    /// <param name="limit">The most pages waiting at once (more are ignored): a fraction of the cache, so pages read ahead are not evicted before they are used.</param>
    public PageReadAhead(PageCache cache, int limit)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        _cache = cache;
        _limit = limit;
    }

    /// <summary>Pages this read-ahead went through (loaded, or found already loaded by a reader that got there first).</summary>
    public long Loaded => Interlocked.Read(ref _loaded);

    /// <summary>Runs the snapshot's own thread took from the queue and loaded itself (<see cref="LoadQueuedRun"/>).</summary>
    public long RunsTakenByReader => Interlocked.Read(ref _runsTakenByReader);

    /// <summary>True once <see cref="Stop"/> was called or a load failed: nothing more is loaded.</summary>
    public bool IsStopped
    {
        get
        {
            lock (_gate)
            {
                return _stopped;
            }
        }
    }

    /// <summary>Queues one page version to load; starts the background load when none is running.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="version">The version the snapshot reads.</param>
    /// <param name="loader">Where that version comes from.</param>
    /// <param name="start">
    /// False to only queue it: a caller queuing a hint's pages one by one calls <see cref="Start"/> after the last, so
    /// the load begins with the whole hint queued and reads its runs together rather than page by page.
    /// </param>
    public void Enqueue(uint pageNumber, ulong version, IPageCacheLoader loader, bool start = true)
    {
        lock (_gate)
        {
            if (_stopped || _queue.Count >= _limit)
            {
                return;
            }

            _queue.Enqueue((pageNumber, version, loader));
            _queued = _queue.Count;
            if (_scheduled || !start)
            {
                return;
            }

            _scheduled = true;
        }

        ThreadPool.UnsafeQueueUserWorkItem(this, preferLocal: false);
    }

    /// <summary>Loads what is queued, when no load is running: on a thread-pool thread, or now on this one.</summary>
    /// <param name="inBackground">
    /// False to load it before returning, in the same runs the background load reads: for a scan about to read these
    /// pages anyway, a hand-off to another thread (and waiting on it for each page) costs more than it overlaps.
    /// When a background load is already under way, it takes the pages instead.
    /// </param>
    public void Start(bool inBackground = true)
    {
        lock (_gate)
        {
            if (_stopped || _scheduled || _queue.Count == 0)
            {
                return;
            }

            _scheduled = true;
        }

        if (inBackground)
        {
            ThreadPool.UnsafeQueueUserWorkItem(this, preferLocal: false);
            return;
        }

        try
        {
            LoadQueued();
        }
        catch
        {
            // Not a load failure (those are caught inside and left to the reader's own read): leave a state Stop can end.
            Fail();
            throw;
        }
    }

    /// <summary>
    /// Makes a stopped read-ahead usable for another snapshot (<see cref="Stop"/> returned, so no load is under way;
    /// a pass that was scheduled and has not run yet takes the next snapshot's pages).
    /// </summary>
    public void Restart()
    {
        lock (_gate)
        {
            Debug.Assert(_stopped && !_loading, "only a stopped read-ahead restarts");
            _stopped = false;
            _queue.Clear();
            _queued = 0;
        }

        Interlocked.Exchange(ref _loaded, 0);
    }

    /// <summary>Drops what is queued and waits for the load under way, if any. Further pages are ignored.</summary>
    public void Stop()
    {
        lock (_gate)
        {
            _stopped = true;
            _queue.Clear();
            _queued = 0;
            if (!_loading)
            {
                return;
            }
        }

        // One page load: microseconds. The loader never waits for the snapshot's thread, so this cannot deadlock.
        SpinWait spinner = default;
        while (true)
        {
            spinner.SpinOnce();
            lock (_gate)
            {
                if (!_loading)
                {
                    return;
                }
            }
        }
    }

    /// <summary>
    /// Called by the snapshot's own thread before it reads <paramref name="pageNumber"/>: when that page is next in
    /// the queue (the background load has not reached it yet), takes it and the queued pages that follow it on disk
    /// and loads them here as one run: one device read, then each page verified (decrypted) on its own, one
    /// after another in a tight loop.
    /// </summary>
    /// <param name="pageNumber">The page the snapshot is about to read.</param>
    /// <remarks>
    /// Without it a scan that outruns its background load (which has to wait for a thread-pool thread first) reads
    /// each of those pages alone: a system call per page, and each decryption between two pages of record decoding,
    /// where it cost about 1.4 µs per 4 KiB page against 1.1 µs for the same pages decrypted one after another. A
    /// failed load stops reading ahead and leaves the error to the snapshot's own read, as a background load does.
    /// </remarks>
    public void LoadQueuedRun(uint pageNumber)
    {
        if (_queued == 0)
        {
            return;
        }

        IPageRunLoader? runLoader;
        ulong version;
        int count = 0;
        lock (_gate)
        {
            if (_stopped || !_queue.TryPeek(out var head) || head.Page != pageNumber || head.Loader is not IPageRunLoader loader)
            {
                return;
            }

            runLoader = loader;
            version = head.Version;
            long maxSpan = Math.Max(1, MaxRunBytes / loader.PageSize);
            _queue.Dequeue();
            _ownPages[count++] = pageNumber;
            while (count < MaxReaderRun && _queue.TryPeek(out var next)
                && ExtendsRun(next.Loader, next.Version, next.Page, loader, version, _ownPages[count - 1], pageNumber, maxSpan))
            {
                _queue.Dequeue();
                _ownPages[count++] = next.Page;
            }

            _queued = _queue.Count;
        }

        Interlocked.Increment(ref _runsTakenByReader);
        bool verified;
        try
        {
            verified = LoadRun(runLoader, _ownPages.AsSpan(0, count), version, _ownSlots, _ownBuffers, _ownLoaded);
        }
        catch (Exception ex) when (ex is SharpCoreDBException or ObjectDisposedException)
        {
            // Not lost: the read that follows loads the page again and reports it.
            verified = false;
        }

        if (!verified)
        {
            // Reading ahead ends, as after a failed background load; a background pass under way stops at its next batch.
            lock (_gate)
            {
                _stopped = true;
                _queue.Clear();
                _queued = 0;
            }
        }
    }

    /// <inheritdoc />
    void IThreadPoolWorkItem.Execute() => LoadQueued();

    // One pass (the only one: _scheduled is set while it runs) over the queue, batch after batch, until it is empty.
    private void LoadQueued()
    {
        while (true)
        {
            int count;
            lock (_gate)
            {
                _loading = false;
                count = 0;
                while (!_stopped && count < MaxBatch && _queue.TryDequeue(out var next))
                {
                    _batchPages[count] = next.Page;
                    _batchVersions[count] = next.Version;
                    _batchLoaders[count] = next.Loader;
                    count++;
                }

                _queued = _queue.Count;

                if (count == 0)
                {
                    _scheduled = false;
                    return;
                }

                _loading = true;
            }

            try
            {
                LoadBatch(count);
            }
            catch (Exception ex) when (ex is SharpCoreDBException or ObjectDisposedException)
            {
                // Not lost: the snapshot's own read of this page loads it again and reports it (see remarks).
                Fail();
                return;
            }
            finally
            {
                _batchLoaders.AsSpan(0, count).Clear();
            }
        }
    }

    // Loads the batch: runs of consecutive database-file pages with one read each, every other page on its own.
    private void LoadBatch(int count)
    {
        int i = 0;

        // Stop drops what was queued; pages of this batch not started yet were queued, so they are dropped too.
        while (i < count && !Volatile.Read(ref _stopped))
        {
            IPageCacheLoader loader = _batchLoaders[i]!;
            ulong version = _batchVersions[i];
            int end = i + 1;
            if (loader is IPageRunLoader runLoader)
            {
                // A scan's leaves are ascending on disk but not always adjacent (pages of other trees were allocated
                // between them): a short gap is read along and dropped, cheaper than another system call.
                long maxSpan = Math.Max(1, MaxRunBytes / runLoader.PageSize);
                while (end < count
                    && ExtendsRun(_batchLoaders[end], _batchVersions[end], _batchPages[end], loader, version, _batchPages[end - 1], _batchPages[i], maxSpan))
                {
                    end++;
                }

                if (!LoadRun(runLoader, _batchPages.AsSpan(i, end - i), version, _runSlots, _runBuffers, _runLoaded))
                {
                    Fail();
                    return;
                }
            }
            else
            {
                _cache.Read(_batchPages[i], version, loader).Dispose();
                Interlocked.Increment(ref _loaded);
            }

            i = end;
        }
    }

    // A page continues a run when it comes from the same loader and version, at most MaxGap pages after the run's
    // last page, and the run stays within one read's bytes.
    private static bool ExtendsRun(IPageCacheLoader? nextLoader, ulong nextVersion, uint nextPage, IPageCacheLoader loader, ulong version, uint lastPage, uint firstPage, long maxSpan) =>
        ReferenceEquals(nextLoader, loader) && nextVersion == version
            && nextPage > lastPage && nextPage - lastPage <= MaxGap + 1 && nextPage - firstPage < maxSpan;

    // One device read for the run's pages that are not cached yet (ascending, with short gaps read and dropped), each
    // verified on its own before the cache exposes it; the spans are the caller's scratch, at least as long as the run.
    // False when a page failed verification (or lay past the end of the file).
    private bool LoadRun(IPageRunLoader loader, ReadOnlySpan<uint> pages, ulong version, Span<int> runSlots, Span<byte[]?> runBuffers, Span<bool> runLoaded)
    {
        int count = pages.Length;
        Span<int> slots = runSlots[..count];
        Span<byte[]?> buffers = runBuffers[..count];
        Span<bool> loaded = runLoaded[..count];
        loaded.Clear();
        if (_cache.BeginLoads(pages, version, slots, buffers) == 0)
        {
            Interlocked.Add(ref _loaded, count);
            return true;
        }

        int first = 0;
        while (slots[first] < 0)
        {
            first++;
        }

        int last = count - 1;
        while (slots[last] < 0)
        {
            last--;
        }

        int pageSize = loader.PageSize;
        int span = (int)(pages[last] - pages[first]) + 1;
        bool verified = true;
        int ended = first;
        byte[] stored = ArrayPool<byte>.Shared.Rent(span * pageSize);
        try
        {
            int read = loader.ReadStoredRun(pages[first], stored.AsSpan(0, span * pageSize));
            for (; ended <= last; ended++)
            {
                if (slots[ended] < 0)
                {
                    continue;
                }

                int at = (int)(pages[ended] - pages[first]);
                loaded[ended] = at < read && loader.TryOpenStoredPage(pages[ended], stored.AsSpan(at * pageSize, pageSize), buffers[ended]);
                verified &= loaded[ended];

                // Each page is published as soon as it verified, not with the rest of its run: the scan that hinted
                // the run is usually waiting for its first page, and verifying (decrypting) a run of 32 pages takes
                // as long as the scan takes to work through several of them. A wait per page costs one lock trip.
                _cache.EndLoads(pages.Slice(ended, 1), version, slots.Slice(ended, 1), loaded.Slice(ended, 1));
            }
        }
        finally
        {
            // On an I/O error (or a failure while verifying) the pages not yet ended are dropped: none of them is exposed.
            if (ended <= last)
            {
                _cache.EndLoads(pages[ended..], version, slots[ended..], loaded[ended..]);
            }

            buffers.Clear();
            ArrayPool<byte>.Shared.Return(stored);
        }

        Interlocked.Add(ref _loaded, count);
        return verified;
    }

    private void Fail()
    {
        lock (_gate)
        {
            _stopped = true;
            _queue.Clear();
            _queued = 0;
            _loading = false;
            _scheduled = false;
        }
    }
}
