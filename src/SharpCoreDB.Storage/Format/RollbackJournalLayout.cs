using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Format;

/// <summary>
/// The layout of the pager store's rollback journal (<c>&lt;database&gt;-journal</c>): the original stored
/// images of the pages a commit is about to overwrite. All integers little-endian.
/// </summary>
/// <remarks>
/// <code>
/// Header, 64 bytes at offset 0:
///   0   16  magic "SharpCoreDB jrn\0"
///  16    4  version (uint) = 1
///  20    4  page size (uint)
///  24   16  database id (must equal the database header's)
///  40    4  page count before the commit (the file is cut back to it)
///  44    4  entry count n
///  48    8  change counter before the commit
///  56    4  nonce (random per commit; binds entries to this header)
///  60    4  CRC-32C of bytes [0, 60)
/// Entry i at 64 + i × (8 + page size):
///   0    4  page number
///   4    4  CRC-32C of (image ‖ page number ‖ nonce)
///   8   ps  the page's stored image, exactly as it was in the database file
/// </code>
/// A journal is "hot" — the database file may hold part of an unfinished commit — only when the header's
/// magic and checksum hold, its database id matches, and every entry's checksum holds. Entries are
/// written before the header and everything is flushed before the database file is touched, so a journal
/// that is not hot proves the database file was not modified. The nonce stops entries left over from an
/// older commit at the same offsets from passing as this commit's.
/// </remarks>
internal static class RollbackJournalLayout
{
    /// <summary>[0..16) The magic.</summary>
    public const int MagicOffset = 0;

    /// <summary>[16..20) The version.</summary>
    public const int VersionOffset = 16;

    /// <summary>[20..24) The page size.</summary>
    public const int PageSizeOffset = 20;

    /// <summary>[24..40) The database id.</summary>
    public const int DatabaseIdOffset = 24;

    /// <summary>[40..44) The page count before the commit.</summary>
    public const int OriginalPageCountOffset = 40;

    /// <summary>[44..48) The entry count.</summary>
    public const int EntryCountOffset = 44;

    /// <summary>[48..56) The change counter before the commit.</summary>
    public const int ChangeCounterOffset = 48;

    /// <summary>[56..60) The nonce.</summary>
    public const int NonceOffset = 56;

    /// <summary>[60..64) The header checksum.</summary>
    public const int ChecksumOffset = 60;

    /// <summary>The header size; entries start here.</summary>
    public const int HeaderSize = 64;

    /// <summary>[0..4) of an entry: the page number.</summary>
    public const int EntryPageNumberOffset = 0;

    /// <summary>[4..8) of an entry: the entry checksum.</summary>
    public const int EntryChecksumOffset = 4;

    /// <summary>Bytes before the image in an entry.</summary>
    public const int EntryPrefixSize = 8;

    /// <summary>The version written and read.</summary>
    public const uint CurrentVersion = 1;

    /// <summary>The magic bytes.</summary>
    public static ReadOnlySpan<byte> Magic => "SharpCoreDB jrn\0"u8;

    /// <summary>The offset of entry <paramref name="index"/>.</summary>
    /// <param name="index">The entry index.</param>
    /// <param name="pageSize">The page size.</param>
    /// <returns>The byte offset.</returns>
    public static long EntryOffset(int index, int pageSize) => HeaderSize + ((long)index * (EntryPrefixSize + pageSize));

    /// <summary>The checksum of an entry.</summary>
    /// <param name="image">The stored page image.</param>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="nonce">The journal's nonce.</param>
    /// <returns>The CRC-32C.</returns>
    public static uint EntryChecksum(ReadOnlySpan<byte> image, uint pageNumber, uint nonce) =>
        Crc32C.Finish(Crc32C.Append(Crc32C.Append(Crc32C.Append(Crc32C.Seed, image), pageNumber), nonce));

    /// <summary>The checksum a header should carry.</summary>
    /// <param name="header">The 64 header bytes.</param>
    /// <returns>The CRC-32C of bytes [0, 60).</returns>
    public static uint HeaderChecksum(ReadOnlySpan<byte> header) => Crc32C.Compute(header[..ChecksumOffset]);

    /// <summary>Reads a little-endian uint at <paramref name="offset"/>.</summary>
    /// <param name="bytes">The bytes.</param>
    /// <param name="offset">The offset.</param>
    /// <returns>The value.</returns>
    public static uint ReadUInt32(ReadOnlySpan<byte> bytes, int offset) => BinaryPrimitives.ReadUInt32LittleEndian(bytes[offset..]);
}
