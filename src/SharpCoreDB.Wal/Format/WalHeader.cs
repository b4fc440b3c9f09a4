using System.Buffers.Binary;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Wal.Format;

/// <summary>
/// The first <see cref="SizeOf"/> bytes of a <c>-wal</c> file. It names the database the log belongs to and the
/// generation of the log (its two salts): every frame repeats the salts and chains to this header's checksum (and,
/// encrypted, its MAC), so frames left over from before the last reset, or taken from another database's log, can
/// never validate.
/// </summary>
/// <remarks>
/// Layout (little-endian):
/// <code>
///  0..8   magic "SCDBWAL\0"
///  8..12  format version (2)
/// 12..16  page size of the database
/// 16..20  salt 1 (the previous generation's salt 1 plus one)
/// 20..24  salt 2 (random)
/// 24..32  checkpoint sequence: the last transaction sequence already in the database file when this
///         generation began; the first frame of the log belongs to transaction checkpoint sequence + 1
/// 32..48  database id (the id in the database header; a log whose id differs is never applied)
/// 48..52  flags: bit 0 = authenticated (an encrypted database: this header and every frame carry a MAC)
/// 52..56  reserved, zero
/// 56..72  MAC: HMAC-SHA256 of bytes 0..56 under the database's authentication key, truncated to 16 bytes
///         (zero when not authenticated); also the seed of the first frame's MAC chain
/// 72..76  reserved, zero
/// 76..80  CRC32C of bytes 0..76; also the seed of the first frame's cumulative checksum
/// </code>
/// </remarks>
internal readonly struct WalHeader
{
    /// <summary>The size of the header; the first frame starts here.</summary>
    public const int SizeOf = 80;

    /// <summary>The format version this library writes and reads.</summary>
    public const uint CurrentVersion = 2;

    /// <summary>Offset of the version field.</summary>
    public const int VersionOffset = 8;

    /// <summary>Offset of the page size field.</summary>
    public const int PageSizeOffset = 12;

    /// <summary>Offset of salt 1.</summary>
    public const int Salt1Offset = 16;

    /// <summary>Offset of salt 2.</summary>
    public const int Salt2Offset = 20;

    /// <summary>Offset of the checkpoint sequence.</summary>
    public const int CheckpointSequenceOffset = 24;

    /// <summary>Offset of the database id.</summary>
    public const int DatabaseIdOffset = 32;

    /// <summary>Offset of the flags.</summary>
    public const int FlagsOffset = 48;

    /// <summary>Offset of the MAC.</summary>
    public const int MacOffset = 56;

    /// <summary>Offset of the checksum.</summary>
    public const int ChecksumOffset = 76;

    /// <summary>The flag bit of an authenticated (encrypted database's) log.</summary>
    public const uint AuthenticatedFlag = 1;

    private static ReadOnlySpan<byte> Magic => "SCDBWAL\0"u8;

    private readonly byte[] _mac;
    private readonly byte[] _databaseId;

    /// <summary>Creates a header; the MAC (with an authenticator) and the checksum are computed from the other fields.</summary>
    /// <param name="pageSize">The page size.</param>
    /// <param name="salt1">Salt 1.</param>
    /// <param name="salt2">Salt 2.</param>
    /// <param name="checkpointSequence">The checkpoint sequence.</param>
    /// <param name="databaseId">The 16-byte database id.</param>
    /// <param name="authenticator">The database's authenticator (encrypted databases), or null.</param>
    public WalHeader(int pageSize, uint salt1, uint salt2, ulong checkpointSequence, ReadOnlySpan<byte> databaseId, Authenticator? authenticator)
    {
        PageSize = pageSize;
        Salt1 = salt1;
        Salt2 = salt2;
        CheckpointSequence = checkpointSequence;
        _databaseId = databaseId.ToArray();
        IsAuthenticated = authenticator is not null;
        _mac = new byte[Authenticator.MacSize];
        Span<byte> bytes = stackalloc byte[SizeOf];
        bytes.Clear();
        WriteFields(bytes);
        authenticator?.Compute(bytes[..MacOffset], _mac);
        _mac.CopyTo(bytes[MacOffset..]);
        Checksum = Crc32C.Append(0, bytes[..ChecksumOffset]);
    }

    private WalHeader(ReadOnlySpan<byte> source)
    {
        PageSize = BinaryPrimitives.ReadInt32LittleEndian(source[PageSizeOffset..]);
        Salt1 = BinaryPrimitives.ReadUInt32LittleEndian(source[Salt1Offset..]);
        Salt2 = BinaryPrimitives.ReadUInt32LittleEndian(source[Salt2Offset..]);
        CheckpointSequence = BinaryPrimitives.ReadUInt64LittleEndian(source[CheckpointSequenceOffset..]);
        _databaseId = source.Slice(DatabaseIdOffset, DatabaseHeader.DatabaseIdLength).ToArray();
        IsAuthenticated = (BinaryPrimitives.ReadUInt32LittleEndian(source[FlagsOffset..]) & AuthenticatedFlag) != 0;
        _mac = source.Slice(MacOffset, Authenticator.MacSize).ToArray();
        Checksum = BinaryPrimitives.ReadUInt32LittleEndian(source[ChecksumOffset..]);
    }

    /// <summary>The database page size the frames carry.</summary>
    public int PageSize { get; }

    /// <summary>Salt 1 of this generation.</summary>
    public uint Salt1 { get; }

    /// <summary>Salt 2 of this generation.</summary>
    public uint Salt2 { get; }

    /// <summary>The last transaction sequence already in the database file when this generation began.</summary>
    public ulong CheckpointSequence { get; }

    /// <summary>True when the header and frames carry MACs (an encrypted database's log).</summary>
    public bool IsAuthenticated { get; }

    /// <summary>The id of the database the log belongs to.</summary>
    public ReadOnlySpan<byte> DatabaseId => _databaseId;

    /// <summary>The header's MAC (zeros when not authenticated); seeds the first frame's MAC chain.</summary>
    public ReadOnlySpan<byte> Mac => _mac;

    /// <summary>CRC32C of the fields; seeds the first frame's checksum.</summary>
    public uint Checksum { get; }

    /// <summary>The size in bytes of one frame of a log with this header.</summary>
    public int FrameSize => WalFrameHeader.SizeOf + PageSize;

    /// <summary>Writes the header into the first <see cref="SizeOf"/> bytes of <paramref name="destination"/>.</summary>
    public void Write(Span<byte> destination)
    {
        destination[..SizeOf].Clear();
        WriteFields(destination);
        _mac.CopyTo(destination[MacOffset..]);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[ChecksumOffset..], Checksum);
    }

    /// <summary>Checks the header's MAC.</summary>
    /// <param name="authenticator">The database's authenticator.</param>
    /// <returns>True when the header is authenticated and its MAC is the one the key gives.</returns>
    public bool VerifyMac(Authenticator authenticator)
    {
        Span<byte> bytes = stackalloc byte[SizeOf];
        bytes.Clear();
        WriteFields(bytes);
        return IsAuthenticated && authenticator.Verify(bytes[..MacOffset], _mac);
    }

    /// <summary>Reads and verifies a header's checksum (not its MAC: see <see cref="VerifyMac"/>).</summary>
    /// <param name="source">At least <see cref="SizeOf"/> bytes.</param>
    /// <param name="header">The header, when the result is <see cref="WalHeaderStatus.Valid"/>.</param>
    /// <returns>Whether the bytes hold a valid header, and if not, why.</returns>
    public static WalHeaderStatus TryRead(ReadOnlySpan<byte> source, out WalHeader header)
    {
        header = default;
        if (source.Length < SizeOf)
        {
            return WalHeaderStatus.Missing;
        }

        if (!source[..Magic.Length].SequenceEqual(Magic))
        {
            return WalHeaderStatus.Invalid;
        }

        uint checksum = BinaryPrimitives.ReadUInt32LittleEndian(source[ChecksumOffset..]);
        if (Crc32C.Append(0, source[..ChecksumOffset]) != checksum)
        {
            return WalHeaderStatus.Invalid;
        }

        uint version = BinaryPrimitives.ReadUInt32LittleEndian(source[VersionOffset..]);
        if (version > CurrentVersion)
        {
            return WalHeaderStatus.NewerVersion;
        }

        if (version < CurrentVersion)
        {
            return WalHeaderStatus.OlderVersion;
        }

        header = new WalHeader(source);
        return WalHeaderStatus.Valid;
    }

    private void WriteFields(Span<byte> destination)
    {
        Magic.CopyTo(destination);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[VersionOffset..], CurrentVersion);
        BinaryPrimitives.WriteInt32LittleEndian(destination[PageSizeOffset..], PageSize);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[Salt1Offset..], Salt1);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[Salt2Offset..], Salt2);
        BinaryPrimitives.WriteUInt64LittleEndian(destination[CheckpointSequenceOffset..], CheckpointSequence);
        _databaseId.CopyTo(destination[DatabaseIdOffset..]);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[FlagsOffset..], IsAuthenticated ? AuthenticatedFlag : 0);
    }
}
