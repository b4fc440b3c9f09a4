namespace SharpCoreDB.Storage.Paging;

/// <content>Loading several pages at once (a read-ahead's run of pages read with one device read).</content>
/// <remarks>
/// <see cref="BeginLoads"/> takes the slots for every page of the run that is neither cached nor being loaded, under
/// one lock; the caller fills and verifies them outside the lock, then <see cref="EndLoads"/> publishes the verified
/// ones and frees the rest, under one lock again. A page of the run is thus exposed only after it verified on its
/// own, and readers that ask for one meanwhile wait for the run, as they wait for a single load.
/// </remarks>
internal sealed partial class PageCache
{
    /// <summary>Starts loading each page of <paramref name="pageNumbers"/> that is not cached or already being loaded.</summary>
    /// <param name="pageNumbers">The pages.</param>
    /// <param name="version">The version of all of them (0 = database file).</param>
    /// <param name="slots">Receives, per page, the slot to fill, or -1 when the page needs no load.</param>
    /// <param name="buffers">Receives, per page, the buffer to fill (a whole page long), or null.</param>
    /// <returns>The pages that need a load; each must be ended by <see cref="EndLoads"/>.</returns>
    public int BeginLoads(ReadOnlySpan<uint> pageNumbers, ulong version, Span<int> slots, Span<byte[]?> buffers)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(slots.Length, pageNumbers.Length, nameof(slots));
        ArgumentOutOfRangeException.ThrowIfLessThan(buffers.Length, pageNumbers.Length, nameof(buffers));
        int started = 0;
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            for (int i = 0; i < pageNumbers.Length; i++)
            {
                var key = new PageKey(pageNumbers[i], version);
                if (_map.ContainsKey(key))
                {
                    slots[i] = -1;
                    buffers[i] = null;
                    continue;
                }

                buffers[i] = StartLoad(key, out int slot);
                slots[i] = slot;
                started++;
            }
        }

        return started;
    }

    /// <summary>Ends the loads <see cref="BeginLoads"/> started: verified pages become readable, the others are dropped.</summary>
    /// <param name="pageNumbers">The pages given to <see cref="BeginLoads"/>.</param>
    /// <param name="version">Their version.</param>
    /// <param name="slots">The slots it returned (-1 entries are skipped).</param>
    /// <param name="loaded">Per page, true when its buffer now holds the verified page.</param>
    public void EndLoads(ReadOnlySpan<uint> pageNumbers, ulong version, ReadOnlySpan<int> slots, ReadOnlySpan<bool> loaded)
    {
        bool waiting;
        lock (_gate)
        {
            // A disposed cache already let go of every buffer; the loads have nothing left to publish or free.
            for (int i = 0; i < pageNumbers.Length && !_disposed; i++)
            {
                int slot = slots[i];
                if (slot < 0)
                {
                    continue;
                }

                if (!loaded[i])
                {
                    FailLoad(new PageKey(pageNumbers[i], version), slot);
                    continue;
                }

                ref Slot s = ref _slots[slot];
                if (s.State == SlotState.Loading)
                {
                    s.State = SlotState.Ready;
                }

                // The load's own pin: nobody holds a lease from it.
                Unpin(slot);
            }

            waiting = LoadEnded();
        }

        WakeWaiters(waiting);
    }

    // Under the lock: a load failed; its page leaves the map (unless the slot was detached meanwhile) and the slot is freed.
    private void FailLoad(PageKey key, int slot)
    {
        if (_map.TryGetValue(key, out int mapped) && mapped == slot)
        {
            _map.Remove(key);
        }

        FreeSlot(slot);
        AssertSlot(slot);
    }
}
