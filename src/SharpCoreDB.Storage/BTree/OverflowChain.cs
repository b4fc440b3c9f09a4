using System.Buffers.Binary;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// Values too large for a leaf cell, and the tails of keys too long for a node, live in a singly linked chain of
/// overflow pages (layout in <see cref="NodeLayout"/>). Every chain belongs to exactly one cell. The cell records the total length, so a chain is always walked a known number of pages: a damaged next pointer
/// that loops can never make a read run forever.
/// </summary>
internal static class OverflowChain
{
    /// <summary>The number of pages a value of <paramref name="length"/> bytes takes.</summary>
    public static int PageCount(int length, int usableSize)
    {
        int chunk = usableSize - NodeLayout.OverflowHeaderSize;
        return (int)(((long)length + chunk - 1) / chunk);
    }

    /// <summary>Writes <paramref name="value"/> (not empty) into freshly allocated pages; returns the first page.</summary>
    public static uint Write(IPageTransaction tx, ReadOnlySpan<byte> value)
    {
        PageLease current = tx.Allocate();
        uint first = current.PageNumber;
        try
        {
            int offset = 0;
            while (true)
            {
                Span<byte> page = current.Writable;
                int chunk = Math.Min(page.Length - NodeLayout.OverflowHeaderSize, value.Length - offset);
                page[NodeLayout.KindOffset] = NodeLayout.OverflowKind;
                BinaryPrimitives.WriteUInt16LittleEndian(page.Slice(NodeLayout.OverflowUsedOffset), (ushort)chunk);
                value.Slice(offset, chunk).CopyTo(page.Slice(NodeLayout.OverflowHeaderSize));
                offset += chunk;
                if (offset == value.Length)
                {
                    BinaryPrimitives.WriteUInt32LittleEndian(page.Slice(NodeLayout.OverflowNextOffset), 0);
                    return first;
                }

                PageLease next = tx.Allocate();
                BinaryPrimitives.WriteUInt32LittleEndian(page.Slice(NodeLayout.OverflowNextOffset), next.PageNumber);
                current.Dispose();
                current = next;
            }
        }
        finally
        {
            current.Dispose();
        }
    }

    /// <summary>Copies the <paramref name="destination"/>.Length-byte value of the chain into <paramref name="destination"/>.</summary>
    /// <param name="tx">The transaction.</param>
    /// <param name="firstPage">The first page of the chain.</param>
    /// <param name="destination">Exactly the value's length.</param>
    /// <param name="ownerPage">The leaf page holding the cell, for error messages.</param>
    public static void Read(IPageTransaction tx, uint firstPage, Span<byte> destination, uint ownerPage) =>
        ReadPrefix(tx, firstPage, destination.Length, destination, ownerPage);

    /// <summary>
    /// Copies the first <paramref name="destination"/>.Length bytes of the <paramref name="length"/>-byte chain,
    /// reading only the pages that hold them.
    /// </summary>
    public static void ReadPrefix(IPageTransaction tx, uint firstPage, int length, Span<byte> destination, uint ownerPage)
    {
        uint page = firstPage;
        int offset = 0;
        while (offset < destination.Length)
        {
            using PageLease lease = tx.Read(page);
            int used = CheckPage(lease.Data, page, length - offset, ownerPage, out uint next);
            int take = Math.Min(used, destination.Length - offset);
            lease.Data.Slice(NodeLayout.OverflowHeaderSize, take).CopyTo(destination.Slice(offset));
            offset += used;
            page = next;
        }
    }

    /// <summary>
    /// Compares the <paramref name="length"/> bytes of the chain with <paramref name="probe"/> in memcmp order
    /// (negative when the chain's bytes are smaller), reading pages only until the first difference. Allocates nothing.
    /// </summary>
    public static int Compare(IPageTransaction tx, uint firstPage, int length, ReadOnlySpan<byte> probe, uint ownerPage)
    {
        uint page = firstPage;
        int offset = 0;
        while (true)
        {
            if (offset == probe.Length)
            {
                // The probe ended where chain bytes remain (length > offset here): the chain's key is larger.
                return 1;
            }

            int used;
            int compared;
            int c;
            using (PageLease lease = tx.Read(page))
            {
                used = CheckPage(lease.Data, page, length - offset, ownerPage, out page);
                compared = Math.Min(used, probe.Length - offset);
                c = lease.Data.Slice(NodeLayout.OverflowHeaderSize, compared).SequenceCompareTo(probe.Slice(offset, compared));
            }

            if (c != 0)
            {
                return c;
            }

            if (compared < used)
            {
                // The probe ended inside this page: the chain's key goes on past it.
                return 1;
            }

            offset += used;
            if (offset == length)
            {
                return offset == probe.Length ? 0 : -1;
            }
        }
    }

    /// <summary>Walks the chain without changing anything: a damaged chain fails before its cell is touched.</summary>
    public static void Check(IPageTransaction tx, uint firstPage, int length, uint ownerPage) =>
        Walk(tx, firstPage, length, ownerPage, free: false);

    /// <summary>Returns every page of the chain to the transaction's free list.</summary>
    public static void Free(IPageTransaction tx, uint firstPage, int length, uint ownerPage) =>
        Walk(tx, firstPage, length, ownerPage, free: true);

    private static void Walk(IPageTransaction tx, uint firstPage, int length, uint ownerPage, bool free)
    {
        uint page = firstPage;
        int remaining = length;
        while (true)
        {
            int used;
            uint next;
            using (PageLease lease = tx.Read(page))
            {
                used = CheckPage(lease.Data, page, remaining, ownerPage, out next);
            }

            if (free)
            {
                tx.Free(page);
            }

            remaining -= used;
            if (remaining == 0)
            {
                return;
            }

            page = next;
        }
    }

    /// <summary>
    /// Visits every page of the chain for the integrity walk, checking kinds, fill and termination; each page is
    /// added to <paramref name="pagesUsed"/>, and a page already there is reported as used twice. Returns the number of pages.
    /// </summary>
    public static int Verify(IPageTransaction tx, uint firstPage, int length, uint ownerPage, ISet<uint> pagesUsed)
    {
        uint page = firstPage;
        int remaining = length;
        int pages = 0;
        while (true)
        {
            if (!pagesUsed.Add(page))
            {
                BTreeCorruption.Throw(page, $"the overflow chain of the value in leaf page {ownerPage} reuses a page already in use");
            }

            pages++;
            int used;
            uint next;
            using (PageLease lease = tx.Read(page))
            {
                used = CheckPage(lease.Data, page, remaining, ownerPage, out next);
            }

            remaining -= used;
            if (remaining == 0)
            {
                return pages;
            }

            page = next;
        }
    }

    /// <summary>
    /// Validates one chain page given how many value bytes are still due; returns the bytes it holds. Every page
    /// but the last must be full and point onward; the last must hold exactly the rest and end the chain.
    /// </summary>
    private static int CheckPage(ReadOnlySpan<byte> data, uint page, int remaining, uint ownerPage, out uint next)
    {
        int capacity = data.Length - NodeLayout.OverflowHeaderSize;
        if (data[NodeLayout.KindOffset] != NodeLayout.OverflowKind)
        {
            BTreeCorruption.Throw(page, $"expected an overflow page of the value in leaf page {ownerPage}, found kind byte 0x{data[NodeLayout.KindOffset]:X2}");
        }

        int used = BinaryPrimitives.ReadUInt16LittleEndian(data.Slice(NodeLayout.OverflowUsedOffset));
        next = BinaryPrimitives.ReadUInt32LittleEndian(data.Slice(NodeLayout.OverflowNextOffset));
        bool last = remaining <= capacity;
        if (last ? used != remaining || next != 0 : used != capacity || next == 0)
        {
            BTreeCorruption.Throw(
                page,
                $"overflow page of the value in leaf page {ownerPage} holds {used} bytes and points to page {next} with {remaining} bytes still due");
        }

        return used;
    }
}
