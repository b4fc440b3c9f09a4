using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Format;

/// <summary>
/// The layout of page 0, the database header. All integers are little-endian.
/// </summary>
/// <remarks>
/// <code>
/// Offset  Size  Field
///   0      16   magic "SharpCoreDB fmt\0"
///  16       4   format version (uint)                          immutable
///  20       4   page size in bytes (uint, power of two)        immutable
///  24       2   reserved bytes per page = trailer size (ushort) immutable
///  26       2   flags (<see cref="DatabaseFlags"/>)             immutable
///  28      16   database id (random at creation)               immutable
///  44      32   KDF salt (random; zero for raw keys)           immutable
///  76       4   KDF iteration count (uint; 0 for raw keys)     immutable
///  80      32   key check (zero when not encrypted)            immutable
/// 112       4   catalog root page (uint, 0 = none)             mutable
/// 116       4   free-list head trunk page (uint, 0 = empty)    mutable
/// 120       4   free page count (uint)                         mutable
/// 124       4   page count, including page 0 (uint)           mutable
/// 128       8   change counter (ulong, +1 per commit; rollback-journal store only, zero under a WAL)  mutable
/// 136      ..   zero up to the usable size (reserved for later versions), except:
/// 1024     64   checkpoint record slot 0 (<see cref="CheckpointRecord"/>; not covered by the page checksum)
/// 2048     64   checkpoint record slot 1 (<see cref="CheckpointRecord"/>; not covered by the page checksum)
/// </code>
/// Magic, format version and page size stay at these offsets in every future version, so an older
/// library can always tell "newer format" apart from "not a database".
/// The mutable fields are changed by transactions writing page 0 like any other page (so the WAL
/// logs them as ordinary page images); the accessors below work on a page image for that reason.
/// Page 0 is never encrypted (it must be read before the key is known and holds no user data) but is
/// protected by a CRC-32C trailer like every plain page, and in an encrypted database also by a MAC under the
/// database's authentication key (<see cref="PageTrailer"/>), so it cannot be altered without the key.
/// </remarks>
internal static class DatabaseHeader
{
    /// <summary>[0..16) The magic bytes.</summary>
    public const int MagicOffset = 0;

    /// <summary>Length of the magic.</summary>
    public const int MagicLength = 16;

    /// <summary>[16..20) The format version.</summary>
    public const int FormatVersionOffset = 16;

    /// <summary>[20..24) The page size.</summary>
    public const int PageSizeOffset = 20;

    /// <summary>[24..26) The reserved bytes per page (trailer size).</summary>
    public const int ReservedBytesOffset = 24;

    /// <summary>[26..28) The flags.</summary>
    public const int FlagsOffset = 26;

    /// <summary>[28..44) The database id.</summary>
    public const int DatabaseIdOffset = 28;

    /// <summary>Length of the database id.</summary>
    public const int DatabaseIdLength = 16;

    /// <summary>[44..76) The PBKDF2 salt.</summary>
    public const int KdfSaltOffset = 44;

    /// <summary>Length of the PBKDF2 salt.</summary>
    public const int KdfSaltLength = 32;

    /// <summary>[76..80) The PBKDF2 iteration count.</summary>
    public const int KdfIterationsOffset = 76;

    /// <summary>[80..112) The key check.</summary>
    public const int KeyCheckOffset = 80;

    /// <summary>Length of the key check.</summary>
    public const int KeyCheckLength = 32;

    /// <summary>[112..116) The catalog root page.</summary>
    public const int CatalogRootOffset = 112;

    /// <summary>[116..120) The first free-list trunk page.</summary>
    public const int FreeListHeadOffset = 116;

    /// <summary>[120..124) The number of free pages (trunks included).</summary>
    public const int FreePageCountOffset = 120;

    /// <summary>[124..128) The number of pages in the database, page 0 included.</summary>
    public const int PageCountOffset = 124;

    /// <summary>[128..136) The change counter.</summary>
    public const int ChangeCounterOffset = 128;

    /// <summary>The bytes of page 0 the header occupies.</summary>
    public const int SizeOf = 136;

    /// <summary>The version this library writes and the newest it reads.</summary>
    /// <remarks>
    /// Version 2 added the checkpoint record, page 0's MAC and per-database page keys. Version 3 added exact
    /// DECIMAL values (record serial type 10, digit ties in index keys, one type-suffix byte per key column) and
    /// stores DateTime as ISO-8601 text. Version 4 keeps a local prefix of a large value in its leaf cell and fills
    /// overflow pages with the rest (SQLite's rule), where version 3 moved the whole value to overflow pages. Files of
    /// versions 1 to 3 are refused with a message saying what to do.
    /// </remarks>
    public const uint CurrentFormatVersion = 4;

    /// <summary>The smallest page size.</summary>
    public const int MinPageSize = 4096;

    /// <summary>The largest page size.</summary>
    public const int MaxPageSize = 65536;

    /// <summary>The page size of a new database unless another is chosen.</summary>
    public const int DefaultPageSize = 4096;

    /// <summary>The magic bytes at offset 0.</summary>
    public static ReadOnlySpan<byte> Magic => "SharpCoreDB fmt\0"u8;

    /// <summary>True when <paramref name="pageSize"/> is a power of two in [4096, 65536].</summary>
    /// <param name="pageSize">The candidate.</param>
    /// <returns>Whether the page size is supported.</returns>
    public static bool IsValidPageSize(long pageSize) =>
        pageSize is >= MinPageSize and <= MaxPageSize && (pageSize & (pageSize - 1)) == 0;

    /// <summary>Fills a new header: zeroes <paramref name="page"/> and writes every field; page count 1.</summary>
    /// <param name="page">The usable bytes of page 0 (at least <see cref="SizeOf"/>).</param>
    /// <param name="pageSize">The page size.</param>
    /// <param name="flags">The flags.</param>
    /// <param name="databaseId">16 random bytes.</param>
    /// <param name="kdfSalt">32 bytes of salt, or zeros.</param>
    /// <param name="kdfIterations">The iteration count, or 0.</param>
    /// <param name="keyCheck">32 bytes of key check, or zeros.</param>
    public static void Initialize(
        Span<byte> page,
        int pageSize,
        DatabaseFlags flags,
        ReadOnlySpan<byte> databaseId,
        ReadOnlySpan<byte> kdfSalt,
        uint kdfIterations,
        ReadOnlySpan<byte> keyCheck)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(page.Length, SizeOf);
        ArgumentOutOfRangeException.ThrowIfNotEqual(databaseId.Length, DatabaseIdLength);
        ArgumentOutOfRangeException.ThrowIfNotEqual(kdfSalt.Length, KdfSaltLength);
        ArgumentOutOfRangeException.ThrowIfNotEqual(keyCheck.Length, KeyCheckLength);
        if (!IsValidPageSize(pageSize))
        {
            throw new ArgumentOutOfRangeException(nameof(pageSize), pageSize, "The page size must be a power of two from 4096 to 65536.");
        }

        page.Clear();
        Magic.CopyTo(page[MagicOffset..]);
        BinaryPrimitives.WriteUInt32LittleEndian(page[FormatVersionOffset..], CurrentFormatVersion);
        BinaryPrimitives.WriteUInt32LittleEndian(page[PageSizeOffset..], (uint)pageSize);
        BinaryPrimitives.WriteUInt16LittleEndian(page[ReservedBytesOffset..], (ushort)PageTrailer.SizeFor((flags & DatabaseFlags.Encrypted) != 0));
        BinaryPrimitives.WriteUInt16LittleEndian(page[FlagsOffset..], (ushort)flags);
        databaseId.CopyTo(page[DatabaseIdOffset..]);
        kdfSalt.CopyTo(page[KdfSaltOffset..]);
        BinaryPrimitives.WriteUInt32LittleEndian(page[KdfIterationsOffset..], kdfIterations);
        keyCheck.CopyTo(page[KeyCheckOffset..]);
        SetPageCount(page, 1);
    }

    /// <summary>True when the first bytes are the magic.</summary>
    /// <param name="header">At least the first 16 bytes of page 0.</param>
    /// <returns>Whether the magic matches.</returns>
    public static bool HasMagic(ReadOnlySpan<byte> header) =>
        header.Length >= MagicLength && header[..MagicLength].SequenceEqual(Magic);

    /// <summary>Reads the format version.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The format version.</returns>
    public static uint GetFormatVersion(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[FormatVersionOffset..]);

    /// <summary>Reads the page size.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The page size as stored (validate it with <see cref="IsValidPageSize"/>).</returns>
    public static uint GetPageSize(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[PageSizeOffset..]);

    /// <summary>Reads the reserved bytes per page.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The trailer size.</returns>
    public static int GetReservedBytes(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt16LittleEndian(header[ReservedBytesOffset..]);

    /// <summary>Reads the flags.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The flags.</returns>
    public static DatabaseFlags GetFlags(ReadOnlySpan<byte> header) => (DatabaseFlags)BinaryPrimitives.ReadUInt16LittleEndian(header[FlagsOffset..]);

    /// <summary>The database id.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>A view of the 16 id bytes.</returns>
    public static ReadOnlySpan<byte> GetDatabaseId(ReadOnlySpan<byte> header) => header.Slice(DatabaseIdOffset, DatabaseIdLength);

    /// <summary>The KDF salt.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>A view of the 32 salt bytes.</returns>
    public static ReadOnlySpan<byte> GetKdfSalt(ReadOnlySpan<byte> header) => header.Slice(KdfSaltOffset, KdfSaltLength);

    /// <summary>Reads the KDF iteration count.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The iteration count.</returns>
    public static uint GetKdfIterations(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[KdfIterationsOffset..]);

    /// <summary>The key check.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>A view of the 32 key-check bytes.</returns>
    public static ReadOnlySpan<byte> GetKeyCheck(ReadOnlySpan<byte> header) => header.Slice(KeyCheckOffset, KeyCheckLength);

    /// <summary>Reads the catalog root page (0 = none).</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The page number.</returns>
    public static uint GetCatalogRoot(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[CatalogRootOffset..]);

    /// <summary>Writes the catalog root page.</summary>
    /// <param name="header">The header bytes.</param>
    /// <param name="value">The page number.</param>
    public static void SetCatalogRoot(Span<byte> header, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(header[CatalogRootOffset..], value);

    /// <summary>Reads the first free-list trunk page (0 = no free pages).</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The page number.</returns>
    public static uint GetFreeListHead(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[FreeListHeadOffset..]);

    /// <summary>Writes the first free-list trunk page.</summary>
    /// <param name="header">The header bytes.</param>
    /// <param name="value">The page number.</param>
    public static void SetFreeListHead(Span<byte> header, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(header[FreeListHeadOffset..], value);

    /// <summary>Reads the free page count.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The number of free pages, trunks included.</returns>
    public static uint GetFreePageCount(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[FreePageCountOffset..]);

    /// <summary>Writes the free page count.</summary>
    /// <param name="header">The header bytes.</param>
    /// <param name="value">The count.</param>
    public static void SetFreePageCount(Span<byte> header, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(header[FreePageCountOffset..], value);

    /// <summary>Reads the page count (page 0 included).</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The page count.</returns>
    public static uint GetPageCount(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt32LittleEndian(header[PageCountOffset..]);

    /// <summary>Writes the page count.</summary>
    /// <param name="header">The header bytes.</param>
    /// <param name="value">The page count.</param>
    public static void SetPageCount(Span<byte> header, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(header[PageCountOffset..], value);

    /// <summary>Reads the change counter.</summary>
    /// <param name="header">The header bytes.</param>
    /// <returns>The change counter.</returns>
    public static ulong GetChangeCounter(ReadOnlySpan<byte> header) => BinaryPrimitives.ReadUInt64LittleEndian(header[ChangeCounterOffset..]);

    /// <summary>Writes the change counter.</summary>
    /// <param name="header">The header bytes.</param>
    /// <param name="value">The change counter.</param>
    public static void SetChangeCounter(Span<byte> header, ulong value) => BinaryPrimitives.WriteUInt64LittleEndian(header[ChangeCounterOffset..], value);
}
