using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The persistent free list: hands out pages (free ones first, then by growing the page count) and takes
/// them back. State lives only in pages — the header's free-list head, free page count and page count,
/// and the trunk pages (<see cref="FreeListTrunk"/>) — read and written through the transaction's own
/// page access, so allocation commits and rolls back with the transaction and any page store (pager or
/// WAL) reuses it unchanged.
/// </summary>
/// <remarks>
/// Freeing appends to the head trunk, or turns the freed page itself into the new head trunk when the
/// head is full (so recording a free page never needs another page). Allocating takes the newest entry
/// of the head trunk (LIFO keeps recently used, likely cached pages busy), and once the head trunk is
/// empty hands out the trunk page itself. A freed page is reusable within the same transaction: nothing
/// else can see it, because readers see committed pages only. The file grows only when the free list is
/// empty, so under insert/delete churn its size stays bounded by the peak number of live pages.
/// </remarks>
internal static class PageAllocator
{
    /// <summary>Allocates a page and returns it zero-filled and writable.</summary>
    /// <param name="access">The write transaction's page access.</param>
    /// <returns>A writable lease on the new page.</returns>
    /// <exception cref="SharpCoreDBException">Corrupt when the free list is inconsistent; TooBig when the page numbers run out.</exception>
    public static PageLease Allocate(ITransactionPageAccess access)
    {
        ArgumentNullException.ThrowIfNull(access);
        uint pageNumber;
        using (PageLease header = access.WritePage(0))
        {
            Span<byte> h = header.Writable;
            uint pageCount = DatabaseHeader.GetPageCount(h);
            uint head = DatabaseHeader.GetFreeListHead(h);
            if (head == 0)
            {
                if (pageCount == uint.MaxValue)
                {
                    throw StorageErrors.PageCountLimit(access.SourceName);
                }

                pageNumber = pageCount;
                DatabaseHeader.SetPageCount(h, pageCount + 1);
            }
            else
            {
                pageNumber = TakeFromTrunk(access, h, head, pageCount);
                uint freeCount = DatabaseHeader.GetFreePageCount(h);
                if (freeCount == 0)
                {
                    ThrowCorrupt(access, 0, "has a free-list head but a free page count of 0");
                }

                DatabaseHeader.SetFreePageCount(h, freeCount - 1);
            }
        }

        return access.CreatePage(pageNumber);
    }

    /// <summary>Returns a page to the free list (as part of the transaction).</summary>
    /// <param name="access">The write transaction's page access.</param>
    /// <param name="pageNumber">A page in use, 1 ≤ n &lt; page count. Freeing a page twice corrupts the list.</param>
    /// <returns>
    /// True when the page went into a trunk as an entry: its content is never read again (<see cref="Allocate"/> hands
    /// it out zero-filled), so the transaction need not write it. False when the page became the new head trunk.
    /// </returns>
    /// <exception cref="ArgumentOutOfRangeException">Page 0 or a page beyond the page count.</exception>
    /// <exception cref="SharpCoreDBException">Corrupt when the free list is inconsistent.</exception>
    public static bool Free(ITransactionPageAccess access, uint pageNumber)
    {
        ArgumentNullException.ThrowIfNull(access);
        ArgumentOutOfRangeException.ThrowIfZero(pageNumber);
        using PageLease header = access.WritePage(0);
        Span<byte> h = header.Writable;
        uint pageCount = DatabaseHeader.GetPageCount(h);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(pageNumber, pageCount);
        uint head = DatabaseHeader.GetFreeListHead(h);
        int capacity = FreeListTrunk.Capacity(access.UsableSize);
        bool recorded = false;
        if (head != 0)
        {
            CheckPageNumber(access, 0, head, pageCount);
            uint count;
            using (PageLease trunk = access.ReadPage(head))
            {
                CheckTrunk(access, head, trunk.Data, capacity);
                count = FreeListTrunk.GetCount(trunk.Data);
            }

            if (count < capacity)
            {
                using PageLease trunk = access.WritePage(head);
                FreeListTrunk.SetEntry(trunk.Writable, (int)count, pageNumber);
                FreeListTrunk.SetCount(trunk.Writable, count + 1);
                recorded = true;
            }
        }

        if (!recorded)
        {
            using PageLease trunk = access.CreatePage(pageNumber);
            FreeListTrunk.Initialize(trunk.Writable, head);
            DatabaseHeader.SetFreeListHead(h, pageNumber);
        }

        DatabaseHeader.SetFreePageCount(h, DatabaseHeader.GetFreePageCount(h) + 1);
        return recorded;
    }

    /// <summary>
    /// Walks the whole free list and checks it: every trunk is tagged, counts fit, every page number is in
    /// range and listed once, the total equals the header's free page count.
    /// </summary>
    /// <param name="access">Any page access of a transaction (read-only use).</param>
    /// <param name="destination">Receives every free page, trunks included.</param>
    /// <exception cref="SharpCoreDBException">Corrupt, naming the page at fault.</exception>
    public static void CollectFreePages(ITransactionPageAccess access, ICollection<uint> destination)
    {
        ArgumentNullException.ThrowIfNull(access);
        ArgumentNullException.ThrowIfNull(destination);
        uint pageCount;
        uint expected;
        uint trunkNumber;
        using (PageLease header = access.ReadPage(0))
        {
            pageCount = DatabaseHeader.GetPageCount(header.Data);
            expected = DatabaseHeader.GetFreePageCount(header.Data);
            trunkNumber = DatabaseHeader.GetFreeListHead(header.Data);
        }

        int capacity = FreeListTrunk.Capacity(access.UsableSize);
        var seen = new HashSet<uint>();
        uint referrer = 0;
        while (trunkNumber != 0)
        {
            CheckPageNumber(access, referrer, trunkNumber, pageCount);
            Add(access, seen, destination, trunkNumber, referrer, expected);
            using PageLease trunk = access.ReadPage(trunkNumber);
            CheckTrunk(access, trunkNumber, trunk.Data, capacity);
            int count = (int)FreeListTrunk.GetCount(trunk.Data);
            for (int i = 0; i < count; i++)
            {
                uint entry = FreeListTrunk.GetEntry(trunk.Data, i);
                CheckPageNumber(access, trunkNumber, entry, pageCount);
                Add(access, seen, destination, entry, trunkNumber, expected);
            }

            referrer = trunkNumber;
            trunkNumber = FreeListTrunk.GetNext(trunk.Data);
        }

        if (seen.Count != expected)
        {
            ThrowCorrupt(access, 0, $"counts {expected} free pages but its free list holds {seen.Count}");
        }
    }

    private static uint TakeFromTrunk(ITransactionPageAccess access, Span<byte> header, uint head, uint pageCount)
    {
        CheckPageNumber(access, 0, head, pageCount);
        uint count;
        uint next;
        using (PageLease trunk = access.ReadPage(head))
        {
            CheckTrunk(access, head, trunk.Data, FreeListTrunk.Capacity(access.UsableSize));
            count = FreeListTrunk.GetCount(trunk.Data);
            next = FreeListTrunk.GetNext(trunk.Data);
        }

        if (count == 0)
        {
            // The emptied trunk is itself the last free page of its group: hand it out.
            if (next != 0)
            {
                CheckPageNumber(access, head, next, pageCount);
            }

            DatabaseHeader.SetFreeListHead(header, next);
            return head;
        }

        using PageLease writable = access.WritePage(head);
        uint pageNumber = FreeListTrunk.GetEntry(writable.Data, (int)count - 1);
        CheckPageNumber(access, head, pageNumber, pageCount);
        FreeListTrunk.SetCount(writable.Writable, count - 1);
        return pageNumber;
    }

    private static void CheckTrunk(ITransactionPageAccess access, uint trunkNumber, ReadOnlySpan<byte> trunk, int capacity)
    {
        if (!FreeListTrunk.IsTrunk(trunk))
        {
            ThrowCorrupt(access, trunkNumber, "is on the free list as a trunk but is not one");
        }

        uint count = FreeListTrunk.GetCount(trunk);
        if (count > capacity)
        {
            ThrowCorrupt(access, trunkNumber, $"is a free-list trunk claiming {count} entries; at most {capacity} fit");
        }
    }

    private static void CheckPageNumber(ITransactionPageAccess access, uint referrer, uint pageNumber, uint pageCount)
    {
        if (pageNumber == 0 || pageNumber >= pageCount)
        {
            ThrowCorrupt(access, referrer, $"lists free page {pageNumber}, outside 1..{pageCount - 1}");
        }
    }

    private static void Add(ITransactionPageAccess access, HashSet<uint> seen, ICollection<uint> destination, uint pageNumber, uint referrer, uint expected)
    {
        if (!seen.Add(pageNumber))
        {
            ThrowCorrupt(access, referrer, $"lists free page {pageNumber}, which is already on the free list");
        }

        if (seen.Count > expected)
        {
            // Also stops a cycle of trunks from looping forever.
            ThrowCorrupt(access, 0, $"counts {expected} free pages but its free list holds more");
        }

        destination.Add(pageNumber);
    }

    [DoesNotReturn]
    private static void ThrowCorrupt(ITransactionPageAccess access, uint pageNumber, string what) =>
        throw StorageErrors.FreeListDamaged(pageNumber, access.SourceName, what);
}
