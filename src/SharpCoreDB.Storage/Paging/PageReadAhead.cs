namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// Loads the pages one snapshot was told it will read soon (<see cref="IPageTransaction.ReadAhead"/>) into the
/// <see cref="PageCache"/> on a thread-pool thread, one at a time and in order, while the snapshot's own thread works
/// on the pages before them. A page it is still loading when the snapshot asks for it is not read twice: the cache
/// makes the reader wait for that load.
/// </summary>
/// <remarks>
/// <para>
/// The snapshot's owner calls <see cref="Stop"/> before the snapshot ends, and it returns only once no load is under
/// way: a page version is only sure to be readable while a snapshot that sees it is open (after that a checkpoint may
/// overwrite the database page, or a log restart the frame). What was queued and not started is dropped.
/// </para>
/// <para>
/// A load that fails (a corrupt page, an I/O error) ends reading ahead for the snapshot, and the error is left to
/// the snapshot's own read of that page: the cache keeps nothing of a failed load, so that read loads the page again
/// and reports the error to the caller, with the page named, as if there had been no read-ahead.
/// </para>
/// </remarks>
internal sealed class PageReadAhead : IThreadPoolWorkItem
{
    private readonly PageCache _cache;
    private readonly int _limit;
    private readonly Lock _gate = new();
    private readonly Queue<(uint Page, ulong Version, IPageCacheLoader Loader)> _queue = new();
    private bool _scheduled;
    private bool _loading;
    private bool _stopped;
    private long _loaded;

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
    public void Enqueue(uint pageNumber, ulong version, IPageCacheLoader loader)
    {
        lock (_gate)
        {
            if (_stopped || _queue.Count >= _limit)
            {
                return;
            }

            _queue.Enqueue((pageNumber, version, loader));
            if (_scheduled)
            {
                return;
            }

            _scheduled = true;
        }

        ThreadPool.UnsafeQueueUserWorkItem(this, preferLocal: false);
    }

    /// <summary>Drops what is queued and waits for the load under way, if any. Further pages are ignored.</summary>
    public void Stop()
    {
        lock (_gate)
        {
            _stopped = true;
            _queue.Clear();
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

    /// <inheritdoc />
    void IThreadPoolWorkItem.Execute()
    {
        while (true)
        {
            (uint Page, ulong Version, IPageCacheLoader Loader) next;
            lock (_gate)
            {
                _loading = false;
                if (_stopped || !_queue.TryDequeue(out next))
                {
                    _scheduled = false;
                    return;
                }

                _loading = true;
            }

            try
            {
                _cache.Read(next.Page, next.Version, next.Loader).Dispose();
                Interlocked.Increment(ref _loaded);
            }
            catch (Exception ex) when (ex is SharpCoreDBException or ObjectDisposedException)
            {
                // Not lost: the snapshot's own read of this page loads it again and reports it (see remarks).
                lock (_gate)
                {
                    _stopped = true;
                    _queue.Clear();
                    _loading = false;
                    _scheduled = false;
                }

                return;
            }
        }
    }
}
