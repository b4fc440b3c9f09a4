using System.Diagnostics;

namespace SharpCoreDB.Storage.Paging;

/// <content>
/// Debug-only checks of the pins and slot states (see the type remarks), called under the cache lock where they
/// change. A slot's own state is checked at each change; the whole cache (lookup, counts, capacity) at the rarer
/// points (growth, eviction finding nothing, clear, dispose), because a walk of every slot on every read would
/// make Debug test runs quadratic. They compile to nothing in Release (their calls are removed).
/// </content>
internal sealed partial class PageCache
{
    // One slot: pins never negative; a free slot has none; a loading or detached slot is pinned (by its loader, or
    // by the leases that keep it); a cached slot is what the lookup finds for its key, and no other slot is.
    [Conditional("DEBUG")]
    private void AssertSlot(int slot)
    {
        Debug.Assert(_gate.IsHeldByCurrentThread, "The page cache is changed without its lock.");
        if (_disposed)
        {
            // Dispose emptied the lookup and dropped the buffers; a load finishing after it changes nothing that counts.
            return;
        }

        ref Slot s = ref _slots[slot];
        Debug.Assert(s.Pins >= 0, $"Slot {slot} (page {s.Key.PageNumber}) has {s.Pins} pins.");
        switch (s.State)
        {
            case SlotState.Free:
                Debug.Assert(s.Pins == 0, $"Free slot {slot} is pinned {s.Pins} times.");
                break;
            case SlotState.Loading:
            case SlotState.Detached:
                Debug.Assert(s.Pins > 0, $"Slot {slot} (page {s.Key.PageNumber}) is {s.State} without a pin.");
                break;
        }

        bool mapped = _map.TryGetValue(s.Key, out int found) && found == slot;
        Debug.Assert(
            mapped == (s.State is SlotState.Ready or SlotState.Loading),
            $"Slot {slot} (page {s.Key.PageNumber}, version {s.Key.Version}) is {s.State} but {(mapped ? "is" : "is not")} in the lookup.");
    }

    // A slot about to be reused for another page: CLOCK only takes a cached page no lease pins.
    [Conditional("DEBUG")]
    private void AssertEvictable(int slot)
    {
        ref Slot s = ref _slots[slot];
        Debug.Assert(s.State == SlotState.Ready && s.Pins == 0, $"Slot {slot} (page {s.Key.PageNumber}) is evicted while {s.State} with {s.Pins} pins.");
        Debug.Assert(!(_map.TryGetValue(s.Key, out int found) && found == slot), $"Evicted slot {slot} is still in the lookup.");
    }

    // The whole cache: every slot as above; the occupied count and the free-slot stack agree with the slots; the
    // lookup holds exactly the cached and loading slots; and unpinned pages never exceed the capacity.
    [Conditional("DEBUG")]
    private void AssertInvariants()
    {
        Debug.Assert(_gate.IsHeldByCurrentThread, "The page cache is checked without its lock.");
        if (_disposed)
        {
            return;
        }

        int free = 0;
        int mapped = 0;
        int unpinned = 0;
        for (int i = 0; i < _slotCount; i++)
        {
            AssertSlot(i);
            ref Slot s = ref _slots[i];
            if (s.State == SlotState.Free)
            {
                free++;
            }
            else if (s.State is SlotState.Ready or SlotState.Loading)
            {
                mapped++;
            }

            if (s.State == SlotState.Ready && s.Pins == 0)
            {
                unpinned++;
            }
        }

        Debug.Assert(free == _freeSlots.Count, $"{free} slots are free but {_freeSlots.Count} are on the free stack.");
        Debug.Assert(_occupied == _slotCount - free, $"{_occupied} slots are counted occupied, {_slotCount - free} are.");
        Debug.Assert(mapped == _map.Count, $"The lookup holds {_map.Count} pages but {mapped} slots are cached or loading.");
        Debug.Assert(unpinned <= Capacity, $"{unpinned} unpinned pages are cached, more than the capacity {Capacity}.");
    }
}
