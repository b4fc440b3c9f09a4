using System.Buffers.Binary;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Wal.Format;

/// <summary>
/// The first <see cref="SizeOf"/> bytes of a <c>-wal</c> file. It names the generation of the log (its two
/// salts): every frame repeats them, so frames left over from before the last reset can never validate.
/// </summary>
/// <remarks>
/// Layout (little-endian):
/// <code>
///  0..8   magic "SCDBWAL\0"
///  8..12  format version (1)
/// 12..16  page size of the database
/// 16..20  salt 1 (the previous generation's salt 1 plus one)
/// 20..24  salt 2 (random)
/// 24..32  checkpoint sequence: the last transaction sequence already in the database file when this
///         generation began; the first frame of the log belongs to transaction checkpoint sequence + 1
/// 32..36  reserved, zero
/// 36..40  CRC32C of bytes 0..36; also the seed of the first frame's cumulative checksum
/// </code>
/// </remarks>
internal readonly struct WalHeader
{
    /// <summary>The size of the header; the first frame starts here.</summary>
    public const int SizeOf = 40;

    /// <summary>The format version this library writes and reads.</summary>
    public const uint CurrentVersion = 1;

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

    /// <summary>Offset of the reserved field.</summary>
    public const int ReservedOffset = 32;

    /// <summary>Offset of the checksum.</summary>
    public const int ChecksumOffset = 36;

    private static ReadOnlySpan<byte> Magic => "SCDBWAL\0"u8;

    /// <summary>Creates a header; the checksum is computed from the other fields.</summary>
    public WalHeader(int pageSize, uint salt1, uint salt2, ulong checkpointSequence)
    {
        PageSize = pageSize;
        Salt1 = salt1;
        Salt2 = salt2;
        CheckpointSequence = checkpointSequence;
        Span<byte> bytes = stackalloc byte[SizeOf];
        WriteFields(bytes);
        Checksum = Crc32C.Append(0, bytes[..ChecksumOffset]);
    }

    private WalHeader(int pageSize, uint salt1, uint salt2, ulong checkpointSequence, uint checksum)
    {
        PageSize = pageSize;
        Salt1 = salt1;
        Salt2 = salt2;
        CheckpointSequence = checkpointSequence;
        Checksum = checksum;
    }

    /// <summary>The database page size the frames carry.</summary>
    public int PageSize { get; }

    /// <summary>Salt 1 of this generation.</summary>
    public uint Salt1 { get; }

    /// <summary>Salt 2 of this generation.</summary>
    public uint Salt2 { get; }

    /// <summary>The last transaction sequence already in the database file when this generation began.</summary>
    public ulong CheckpointSequence { get; }

    /// <summary>CRC32C of the fields; seeds the first frame's checksum.</summary>
    public uint Checksum { get; }

    /// <summary>The size in bytes of one frame of a log with this header.</summary>
    public int FrameSize => WalFrameHeader.SizeOf + PageSize;

    /// <summary>Writes the header into the first <see cref="SizeOf"/> bytes of <paramref name="destination"/>.</summary>
    public void Write(Span<byte> destination)
    {
        WriteFields(destination);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[ChecksumOffset..], Checksum);
    }

    /// <summary>Reads and verifies a header.</summary>
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

        if (BinaryPrimitives.ReadUInt32LittleEndian(source[VersionOffset..]) > CurrentVersion)
        {
            return WalHeaderStatus.NewerVersion;
        }

        header = new WalHeader(
            BinaryPrimitives.ReadInt32LittleEndian(source[PageSizeOffset..]),
            BinaryPrimitives.ReadUInt32LittleEndian(source[Salt1Offset..]),
            BinaryPrimitives.ReadUInt32LittleEndian(source[Salt2Offset..]),
            BinaryPrimitives.ReadUInt64LittleEndian(source[CheckpointSequenceOffset..]),
            checksum);
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
        BinaryPrimitives.WriteUInt32LittleEndian(destination[ReservedOffset..], 0);
    }
}
