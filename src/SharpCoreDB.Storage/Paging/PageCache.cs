namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// A bounded cache of verified, plain page images with pin counts and CLOCK replacement, shared by every
/// transaction of an open database. Hits allocate nothing; page buffers belong to the cache, are created
/// lazily (one per slot, up to the capacity) and reused slot to slot for the cache's whole life.
/// </summary>
/// <remarks>
/// <para>
/// Every <see cref="Read"/> pins its slot until the returned <see cref="PageLease"/> is disposed; a pinned
/// slot is never evicted or overwritten, so a lease's bytes never change underneath its holder.
/// When every slot is pinned the cache grows past <see cref="Capacity"/> rather than fail (a deep
/// B+tree descent plus a cursor may legitimately pin many pages); each extra slot is given back as soon
/// as its page is unpinned, so unpinned pages never exceed the capacity.
/// </para>
/// <para>
/// A miss loads the page outside the cache lock (I/O and decryption must not stall hits of other
/// threads); other threads asking for the same page meanwhile wait for that one load instead of
/// repeating it. A failed load frees the slot and the error goes to the loading thread; waiters retry.
/// </para>
/// <para>
/// <see cref="Update"/> and <see cref="Invalidate"/> are how committed changes reach the cache. A slot
/// that is pinned (or still loading) when its page changes is detached: removed from the lookup so new
/// readers get the new bytes, kept intact for the old leases, and freed when the last of them ends.
/// </para>
/// <para>
/// The cache takes its buffers from <see cref="PageBufferPool"/> (process-wide, by page size) rather than the shared
/// array pool, which keeps only a few dozen arrays per size per core, far fewer than a cache holds; and it gives them
/// back there when it is disposed, so the next database opened reuses them instead of allocating its cache again.
/// A buffer's old contents are never exposed: a page is exposed only after the loader filled it or
/// <see cref="Update"/> copied it; and a cache that held decrypted pages zeroes its buffers before it gives them back.
/// </para>
/// <para>
/// Lease tokens carry the slot's reuse generation, so disposing a lease after its slot was recycled
/// throws instead of unpinning another reader's page.
/// </para>
/// </remarks>
internal sealed partial class PageCache : IPageLeaseOwner, IDisposable
{
    private const int SlotBits = 22;
    private const int SlotMask = (1 << SlotBits) - 1;
    private const int GenerationMask = (1 << (31 - SlotBits)) - 1;

    // Buffers beyond the capacity exist only while every slot is pinned; keep a few of them for the next burst.
    private const int SpareLimit = 64;

    // A Lock, not a Monitor on an object: Monitor.Wait/PulseAll give an object a sync block for good, and from then
    // on every uncontended enter took Monitor's slow path (a fifth of a cascade delete's CPU, on one thread, went
    // there). Waiting for another thread's load goes through _loadSignal instead (see WaitForLoad).
    private readonly Lock _gate = new();

    // Wakes the threads waiting for a page another thread is loading. _loadEpoch counts finished (or failed) loads
    // and is written under _gate; _loadWaiters counts the threads between seeing a loading slot and waking up, so
    // a load that nobody waits for pulses nothing.
    private readonly object _loadSignal = new();
    private long _loadEpoch;
    private int _loadWaiters;
    private readonly Dictionary<PageKey, int> _map;
    private readonly Stack<int> _freeSlots = new();
    private readonly Stack<byte[]> _spareBuffers = new();
    private readonly int _bufferSize;
    private readonly bool _clearOnDispose;
    private readonly PageBufferPool _bufferPool;
    private readonly int _usableSize;
    private Slot[] _slots;
    private int _slotCount;
    private int _occupied;
    private int _buffersHeld;
    private int _hand;
    private bool _disposed;

    /// <summary>Creates a cache.</summary>
    /// <param name="pageSize">The physical page size: buffers are this long so loads can decrypt in place.</param>
    /// <param name="usableSize">The bytes a lease exposes.</param>
    /// <param name="capacity">The most unpinned pages kept (at least 1).</param>
    /// <param name="clearOnDispose">Wipe the buffers when the cache is disposed (an encrypted database: they hold decrypted pages).</param>
    /// <param name="bufferPool">Where buffers come from and go back to; null for <see cref="PageBufferPool.Shared"/>.</param>
    public PageCache(int pageSize, int usableSize, int capacity, bool clearOnDispose = false, PageBufferPool? bufferPool = null)
    {
        _bufferPool = bufferPool ?? PageBufferPool.Shared;
        _clearOnDispose = clearOnDispose;
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(capacity, SlotMask / 2);
        ArgumentOutOfRangeException.ThrowIfLessThan(usableSize, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(pageSize, usableSize);
        Capacity = capacity;
        _bufferSize = pageSize;
        _usableSize = usableSize;
        _slots = new Slot[Math.Min(capacity, 64)];
        _map = new Dictionary<PageKey, int>(capacity);
    }

    private enum SlotState : byte
    {
        Free,
        Loading,
        Ready,
        Detached,
    }

    /// <summary>The most unpinned pages the cache keeps.</summary>
    public int Capacity { get; }

    /// <summary>Slots in use: cached pages plus detached ones still leased.</summary>
    public int Count
    {
        get
        {
            lock (_gate)
            {
                return _occupied;
            }
        }
    }

    /// <summary>Slots currently pinned by at least one lease.</summary>
    public int PinnedCount
    {
        get
        {
            lock (_gate)
            {
                int pinned = 0;
                for (int i = 0; i < _slotCount; i++)
                {
                    if (_slots[i].Pins > 0)
                    {
                        pinned++;
                    }
                }

                return pinned;
            }
        }
    }

    /// <summary>Lookups answered from the cache.</summary>
    public long Hits { get; private set; }

    /// <summary>Lookups that loaded the page.</summary>
    public long Misses { get; private set; }

    /// <summary>Returns a pinned read lease on a page version, loading it through <paramref name="loader"/> on a miss.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="version">The version (0 = database file).</param>
    /// <param name="loader">Reads and verifies the page on a miss.</param>
    /// <returns>A read lease; dispose it exactly once.</returns>
    /// <exception cref="SharpCoreDBException">Whatever the loader throws (Corrupt, IoError).</exception>
    public PageLease Read(uint pageNumber, ulong version, IPageCacheLoader loader)
    {
        ArgumentNullException.ThrowIfNull(loader);
        var key = new PageKey(pageNumber, version);
        int slot;
        byte[] buffer;
        bool waited = false;
        while (true)
        {
            long epoch;
            lock (_gate)
            {
                if (waited)
                {
                    _loadWaiters--;
                    waited = false;
                }

                ObjectDisposedException.ThrowIf(_disposed, this);
                if (!_map.TryGetValue(key, out slot))
                {
                    buffer = StartLoad(key, out slot);
                    break;
                }

                ref Slot found = ref _slots[slot];
                if (found.State == SlotState.Ready)
                {
                    found.Pins++;
                    found.Referenced = true;
                    Hits++;
                    AssertSlot(slot);
                    return new PageLease(pageNumber, found.Buffer!, _usableSize, isWritable: false, this, Token(slot, found.Generation));
                }

                // Another thread is loading this page: wait for it rather than read it twice.
                epoch = _loadEpoch;
                _loadWaiters++;
                waited = true;
            }

            WaitForLoad(epoch);
        }

        try
        {
            loader.LoadPage(pageNumber, version, buffer);
        }
        catch
        {
            bool wake;
            lock (_gate)
            {
                FailLoad(key, slot);
                wake = LoadEnded();
            }

            WakeWaiters(wake);
            throw;
        }

        PageLease lease;
        bool waiting;
        lock (_gate)
        {
            ref Slot loaded = ref _slots[slot];
            if (loaded.State == SlotState.Loading)
            {
                loaded.State = SlotState.Ready;
            }

            AssertSlot(slot);
            waiting = LoadEnded();
            lease = new PageLease(pageNumber, buffer, _usableSize, isWritable: false, this, Token(slot, loaded.Generation));
        }

        WakeWaiters(waiting);
        return lease;
    }

    // Under the lock: takes a slot for a page that is not cached and marks it loading (pinned by its loader).
    private byte[] StartLoad(PageKey key, out int slot)
    {
        int victim = _occupied >= Capacity ? FindVictim() : -1;
        if (victim < 0 && _occupied >= Capacity)
        {
            // Every slot is pinned (the cache is about to grow past its capacity): a rare point, so check it all.
            AssertInvariants();
        }

        slot = AcquireSlot(victim);
        ref Slot fresh = ref _slots[slot];
        fresh.Key = key;
        fresh.State = SlotState.Loading;
        fresh.Pins = 1;

        // A page earns its second chance only by being read again, so one pass of a scan cannot
        // push out the pages that are used over and over.
        fresh.Referenced = false;
        _map.Add(key, slot);
        Misses++;
        AssertSlot(slot);
        return fresh.Buffer!;
    }

    // Under the lock: a load finished or failed (or the cache closed). True when some thread waits for one.
    private bool LoadEnded()
    {
        Volatile.Write(ref _loadEpoch, _loadEpoch + 1);
        return _loadWaiters > 0;
    }

    // Outside the lock. The epoch was raised under _gate before this pulse, and a waiter reads it under _loadSignal
    // before it sleeps, so a pulse that comes before the waiter sleeps is never lost: the waiter sees the new epoch.
    private void WakeWaiters(bool waiting)
    {
        if (waiting)
        {
            lock (_loadSignal)
            {
                Monitor.PulseAll(_loadSignal);
            }
        }
    }

    // Sleeps until some load ends after the caller saw the epoch (then the caller looks at the slot again).
    private void WaitForLoad(long epoch)
    {
        lock (_loadSignal)
        {
            while (Volatile.Read(ref _loadEpoch) == epoch)
            {
                Monitor.Wait(_loadSignal);
            }
        }
    }

    /// <summary>True when a page version is cached or being loaded (so reading it ahead would add nothing).</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="version">The version (0 = database file).</param>
    public bool Contains(uint pageNumber, ulong version)
    {
        lock (_gate)
        {
            return _map.ContainsKey(new PageKey(pageNumber, version));
        }
    }

    /// <summary>
    /// Replaces the cached copy of a page version with new committed bytes, if it is cached: in place when
    /// unpinned, by detaching the old slot when leases still read it. Pages not cached stay uncached, so a
    /// large commit does not flush the readers' working set.
    /// </summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="version">The version.</param>
    /// <param name="plain">The new usable bytes.</param>
    public void Update(uint pageNumber, ulong version, ReadOnlySpan<byte> plain)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(plain.Length, _usableSize, nameof(plain));
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            var key = new PageKey(pageNumber, version);
            if (!_map.TryGetValue(key, out int slot))
            {
                return;
            }

            ref Slot s = ref _slots[slot];
            if (s.State == SlotState.Ready && s.Pins == 0)
            {
                plain[.._usableSize].CopyTo(s.Buffer);
                return;
            }

            Detach(key, slot);
            AssertSlot(slot);
        }
    }

    /// <summary>
    /// Caches the version of a page a writer just committed: the next writer (and every new reader, once the commit
    /// is visible) reads it without loading it back from the log or the file. A page whose previous version is cached
    /// may take an evicted page's slot; a page whose previous version is not cached (a new page, or one the workload
    /// has not read) only takes a slot that is still free, so a large commit does not flush the readers' working set,
    /// while a bulk load into a cache with room leaves its pages cached as SQLite's does (before, every page of a
    /// freshly loaded table was read back from the file, and decrypted, on its first use). Nothing is evicted for a
    /// committed version when every slot is pinned.
    /// </summary>
    /// <remarks>
    /// The previous version stays for the snapshots that still read it, but loses its second chance: once they
    /// are done with it, it is the first page CLOCK takes.
    /// </remarks>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="previousVersion">The version the commit replaces (0 = database file).</param>
    /// <param name="version">The committed version.</param>
    /// <param name="plain">The committed usable bytes.</param>
    /// <param name="previousUnread">
    /// No snapshot reads the previous version any more: when it is unpinned, its slot and buffer take the committed
    /// version instead of a new one. Without this, every commit of a write-heavy workload took a fresh buffer per
    /// page until the cache was full of dead versions (a 4 KiB allocation per written page).
    /// </param>
    public void AddCommitted(uint pageNumber, ulong previousVersion, ulong version, ReadOnlySpan<byte> plain, bool previousUnread)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(plain.Length, _usableSize, nameof(plain));
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            var key = new PageKey(pageNumber, version);
            if (_map.ContainsKey(key))
            {
                return;
            }

            if (!_map.TryGetValue(new PageKey(pageNumber, previousVersion), out int previous)
                || _slots[previous].State != SlotState.Ready)
            {
                if (_occupied < Capacity)
                {
                    Fill(AcquireSlot(-1), key, plain);
                }

                return;
            }

            if (previousUnread && _slots[previous].Pins == 0)
            {
                // A later reader of the old version (one that started before this commit is visible) misses the
                // cache and loads it from the log or the file, like any uncached page.
                ref Slot reused = ref _slots[previous];
                _map.Remove(reused.Key);
                reused.Key = key;
                reused.Generation++;
                reused.Referenced = false;
                plain[.._usableSize].CopyTo(reused.Buffer);
                _map.Add(key, previous);
                AssertSlot(previous);
                return;
            }

            _slots[previous].Referenced = false;
            int victim = -1;
            if (_occupied >= Capacity)
            {
                victim = FindVictim();
                if (victim < 0)
                {
                    return;
                }
            }

            Fill(AcquireSlot(victim), key, plain);
        }
    }

    // Under the gate: an acquired slot takes a committed version, unreferenced (CLOCK's first pick unless it is read).
    private void Fill(int slot, PageKey key, ReadOnlySpan<byte> plain)
    {
        ref Slot fresh = ref _slots[slot];
        fresh.Key = key;
        fresh.State = SlotState.Ready;
        fresh.Pins = 0;
        fresh.Referenced = false;
        plain[.._usableSize].CopyTo(fresh.Buffer);
        _map.Add(key, slot);
        AssertSlot(slot);
    }

    /// <summary>
    /// The database file now holds version <paramref name="version"/> of a page (a checkpoint copied it, and the log
    /// restarted, so every later reader takes the page from the file): its cached copy becomes the cached file copy,
    /// version 0, instead of a dead entry that only CLOCK would ever take. Without this every page a workload touched
    /// was read and verified (decrypted) from the file again after each restart, into a fresh buffer while the cache
    /// was not yet full.
    /// </summary>
    /// <remarks>
    /// Leases on the slot stay valid: the bytes are the same, only the key changes. When the file copy is already
    /// cached (a reader loaded it after the checkpoint), the log version is dropped instead.
    /// </remarks>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="version">The log version the file now holds.</param>
    public void Rebase(uint pageNumber, ulong version)
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            var key = new PageKey(pageNumber, version);
            if (!_map.TryGetValue(key, out int slot) || _slots[slot].State != SlotState.Ready)
            {
                return;
            }

            var fileKey = new PageKey(pageNumber, 0);
            if (_map.ContainsKey(fileKey))
            {
                DropLocked(key, slot);
                return;
            }

            _map.Remove(key);
            _slots[slot].Key = fileKey;
            _map.Add(fileKey, slot);
            AssertSlot(slot);
        }
    }

    /// <summary>Drops a page version from the cache (detaching it if it is leased).</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="version">The version.</param>
    public void Invalidate(uint pageNumber, ulong version)
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            var key = new PageKey(pageNumber, version);
            if (_map.TryGetValue(key, out int slot))
            {
                DropLocked(key, slot);
            }
        }
    }

    // Under the lock: frees a cached version's slot, or detaches it while leases still read it.
    private void DropLocked(PageKey key, int slot)
    {
        ref Slot s = ref _slots[slot];
        if (s.State == SlotState.Ready && s.Pins == 0)
        {
            _map.Remove(key);
            FreeSlot(slot);
            AssertSlot(slot);
            return;
        }

        Detach(key, slot);
        AssertSlot(slot);
    }

    /// <summary>Drops every page (leased ones are detached and freed when released).</summary>
    public void Clear()
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            for (int i = 0; i < _slotCount; i++)
            {
                ref Slot s = ref _slots[i];
                if (s.State is SlotState.Ready or SlotState.Loading)
                {
                    if (s.State == SlotState.Ready && s.Pins == 0)
                    {
                        _map.Remove(s.Key);
                        FreeSlot(i);
                    }
                    else
                    {
                        Detach(s.Key, i);
                    }
                }
            }

            AssertInvariants();
        }
    }

    /// <summary>Unpins the slot a lease refers to.</summary>
    /// <param name="token">The lease token.</param>
    /// <exception cref="InvalidOperationException">The lease was already released (its slot was recycled).</exception>
    public void Release(int token)
    {
        int slot = token & SlotMask;
        int generation = token >>> SlotBits;
        lock (_gate)
        {
            if (_disposed)
            {
                return;
            }

            ref Slot s = ref _slots[slot];
            if (s.Pins <= 0 || (s.Generation & GenerationMask) != generation)
            {
                throw new InvalidOperationException("A page lease was disposed twice or after its transaction ended.");
            }

            Unpin(slot);
        }
    }

    // Under the lock: drops one pin of a slot, freeing it when that was the last pin of a detached (or surplus) page.
    private void Unpin(int slot)
    {
        ref Slot s = ref _slots[slot];
        if (--s.Pins > 0)
        {
            AssertSlot(slot);
            return;
        }

        if (s.State == SlotState.Detached)
        {
            FreeSlot(slot);
        }
        else if (_occupied > Capacity && s.State == SlotState.Ready)
        {
            // This slot was added while every slot was pinned; shrink back now that one is free.
            _map.Remove(s.Key);
            FreeSlot(slot);
        }

        AssertSlot(slot);
    }

    /// <summary>Gives every buffer back to <see cref="PageBufferPool"/>. Buffers still leased stay valid for their holders until the garbage collector takes them.</summary>
    public void Dispose()
    {
        bool waiting;
        lock (_gate)
        {
            if (_disposed)
            {
                return;
            }

            AssertInvariants();
            _disposed = true;
            for (int i = 0; i < _slotCount; i++)
            {
                ref Slot s = ref _slots[i];

                // A buffer still leased stays readable for its holder (and goes to the garbage collector with it);
                // every other one goes back to the pool, wiped first when it held decrypted pages.
                if (s.Buffer is not null && s.Pins == 0)
                {
                    _bufferPool.Return(s.Buffer, _clearOnDispose);
                }

                s.Buffer = null;
            }

            _buffersHeld = 0;
            while (_spareBuffers.Count > 0)
            {
                _bufferPool.Return(_spareBuffers.Pop(), _clearOnDispose);
            }

            _map.Clear();
            waiting = LoadEnded();
        }

        WakeWaiters(waiting);
    }

    private static int Token(int slot, int generation) => ((generation & GenerationMask) << SlotBits) | slot;

    // Takes the evicted slot, or with -1 (nothing evicted) a free or new one, past the capacity if need be.
    private int AcquireSlot(int slot)
    {
        if (slot < 0)
        {
            slot = _freeSlots.Count > 0 ? _freeSlots.Pop() : NewSlot();
            _occupied++;
        }
        else
        {
            AssertEvictable(slot);
        }

        ref Slot s = ref _slots[slot];
        s.Generation++;
        if (s.Buffer is null)
        {
            s.Buffer = _spareBuffers.Count > 0 ? _spareBuffers.Pop() : _bufferPool.Rent(_bufferSize);
            _buffersHeld++;
        }

        return slot;
    }

    private int FindVictim()
    {
        // CLOCK: a referenced page gets a second chance; two sweeps visit every slot with its bit cleared.
        for (int scanned = 0; scanned < 2 * _slotCount; scanned++)
        {
            int i = _hand;
            _hand = (_hand + 1) % _slotCount;
            ref Slot s = ref _slots[i];
            if (s.State != SlotState.Ready || s.Pins > 0)
            {
                continue;
            }

            if (s.Referenced)
            {
                s.Referenced = false;
                continue;
            }

            _map.Remove(s.Key);
            return i;
        }

        return -1;
    }

    private int NewSlot()
    {
        if (_slotCount == _slots.Length)
        {
            if (_slotCount == SlotMask)
            {
                throw new InvalidOperationException($"More than {SlotMask} pages are pinned at once; page leases are not being disposed.");
            }

            Array.Resize(ref _slots, Math.Min(_slots.Length * 2, SlotMask));
        }

        return _slotCount++;
    }

    private void Detach(PageKey key, int slot)
    {
        _map.Remove(key);
        _slots[slot].State = SlotState.Detached;
    }

    private void FreeSlot(int slot)
    {
        ref Slot s = ref _slots[slot];
        s.State = SlotState.Free;
        s.Pins = 0;
        s.Referenced = false;
        s.Generation++;
        if (_buffersHeld > Capacity && s.Buffer is not null)
        {
            if (_spareBuffers.Count < SpareLimit)
            {
                _spareBuffers.Push(s.Buffer);
            }

            s.Buffer = null;
            _buffersHeld--;
        }

        _freeSlots.Push(slot);
        _occupied--;
    }

    private struct Slot
    {
        public PageKey Key;
        public byte[]? Buffer;
        public int Pins;
        public int Generation;
        public bool Referenced;
        public SlotState State;
    }
}
