using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Format;

/// <summary>
/// The layout of a free-list trunk page. Free pages are recorded in a chain of trunk pages starting at
/// the header's free-list head; each trunk lists free page numbers. Trunk pages are free pages too (they
/// count in the header's free page count) and are handed out last, once emptied.
/// All integers little-endian; only the usable bytes of the page are used.
/// </summary>
/// <remarks>
/// <code>
/// Offset  Size  Field
///   0      4    kind tag "FLTK" (0x4B544C46), to tell a trunk from a stray page
///   4      4    next trunk page (uint, 0 = last)
///   8      4    entry count n (uint)
///  12      4    zero
///  16     4×n   free page numbers (uint), in the order they were freed
/// </code>
/// Capacity = (usable size − 16) / 4 entries: 1,018 on a plain 4 KiB page.
/// </remarks>
internal static class FreeListTrunk
{
    /// <summary>[0..4) The kind tag.</summary>
    public const int KindOffset = 0;

    /// <summary>[4..8) The next trunk page.</summary>
    public const int NextOffset = 4;

    /// <summary>[8..12) The entry count.</summary>
    public const int CountOffset = 8;

    /// <summary>[16..) The entries.</summary>
    public const int EntriesOffset = 16;

    /// <summary>Bytes per entry.</summary>
    public const int EntrySize = 4;

    /// <summary>The kind tag value, "FLTK" read as a little-endian uint.</summary>
    public const uint Kind = 0x4B54_4C46;

    /// <summary>Entries that fit in a trunk page.</summary>
    /// <param name="usableSize">The usable page size.</param>
    /// <returns>The capacity.</returns>
    public static int Capacity(int usableSize) => (usableSize - EntriesOffset) / EntrySize;

    /// <summary>Formats an empty trunk.</summary>
    /// <param name="page">The zero-filled usable bytes.</param>
    /// <param name="next">The next trunk page (0 = none).</param>
    public static void Initialize(Span<byte> page, uint next)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(page[KindOffset..], Kind);
        BinaryPrimitives.WriteUInt32LittleEndian(page[NextOffset..], next);
        BinaryPrimitives.WriteUInt32LittleEndian(page[CountOffset..], 0);
    }

    /// <summary>True when the page carries the trunk kind tag.</summary>
    /// <param name="page">The usable bytes.</param>
    /// <returns>Whether the page is a trunk.</returns>
    public static bool IsTrunk(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[KindOffset..]) == Kind;

    /// <summary>Reads the next trunk page.</summary>
    /// <param name="page">The usable bytes.</param>
    /// <returns>The next trunk page, or 0.</returns>
    public static uint GetNext(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[NextOffset..]);

    /// <summary>Reads the entry count.</summary>
    /// <param name="page">The usable bytes.</param>
    /// <returns>The count.</returns>
    public static uint GetCount(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[CountOffset..]);

    /// <summary>Writes the entry count.</summary>
    /// <param name="page">The usable bytes.</param>
    /// <param name="count">The count.</param>
    public static void SetCount(Span<byte> page, uint count) => BinaryPrimitives.WriteUInt32LittleEndian(page[CountOffset..], count);

    /// <summary>Reads entry <paramref name="index"/>.</summary>
    /// <param name="page">The usable bytes.</param>
    /// <param name="index">The entry index.</param>
    /// <returns>The free page number.</returns>
    public static uint GetEntry(ReadOnlySpan<byte> page, int index) =>
        BinaryPrimitives.ReadUInt32LittleEndian(page[(EntriesOffset + (index * EntrySize))..]);

    /// <summary>Writes entry <paramref name="index"/>.</summary>
    /// <param name="page">The usable bytes.</param>
    /// <param name="index">The entry index.</param>
    /// <param name="pageNumber">The free page number.</param>
    public static void SetEntry(Span<byte> page, int index, uint pageNumber) =>
        BinaryPrimitives.WriteUInt32LittleEndian(page[(EntriesOffset + (index * EntrySize))..], pageNumber);
}
