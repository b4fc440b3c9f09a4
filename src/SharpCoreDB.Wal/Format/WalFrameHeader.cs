using System.Buffers.Binary;
using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Wal.Format;

/// <summary>
/// The <see cref="SizeOf"/> bytes in front of every page image in the log.
/// </summary>
/// <remarks>
/// Layout (little-endian):
/// <code>
///  0..4   page number
///  4..8   database size in pages after the transaction, on the last frame of a commit; 0 on other frames
///  8..16  transaction sequence (every frame of one transaction carries the same value; each commit is +1)
/// 16..20  salt 1 of the log's generation
/// 20..24  salt 2 of the log's generation
/// 24..28  write batch: the number of the write+sync that put this frame on disk, counting from 1 in each
///         generation; recovery uses it to tell a torn unsynced tail from damage inside synced data
/// 28..32  cumulative checksum: CRC32C over bytes 0..28 and the page image, seeded with the previous
///         frame's checksum (the header's checksum for the first frame)
/// 32..48  MAC chain (encrypted databases; zero otherwise): HMAC-SHA256, truncated to 16 bytes, under the
///         database's authentication key, of the previous frame's MAC (the header's for the first frame),
///         bytes 0..32 of this header and the page image's trailer
/// </code>
/// The page image that follows is the page exactly as stored in the database file: sealed with its own
/// CRC32C or AES-GCM trailer, so an encrypted database's log holds ciphertext only. The MAC covers the image
/// through its trailer: for every page but 0 that is the AES-GCM nonce and tag, which authenticate the
/// ciphertext, and page 0 carries its own MAC there; so the chain authenticates every byte of the log without
/// hashing whole pages a second time.
/// </remarks>
internal readonly struct WalFrameHeader
{
    /// <summary>The size of a frame header; the page image follows.</summary>
    public const int SizeOf = 48;

    /// <summary>Offset of the page number.</summary>
    public const int PageNumberOffset = 0;

    /// <summary>Offset of the commit's database size.</summary>
    public const int DatabaseSizeOffset = 4;

    /// <summary>Offset of the transaction sequence.</summary>
    public const int SequenceOffset = 8;

    /// <summary>Offset of salt 1.</summary>
    public const int Salt1Offset = 16;

    /// <summary>Offset of salt 2.</summary>
    public const int Salt2Offset = 20;

    /// <summary>Offset of the write batch.</summary>
    public const int BatchOffset = 24;

    /// <summary>Offset of the cumulative checksum.</summary>
    public const int ChecksumOffset = 28;

    /// <summary>Offset of the MAC chain.</summary>
    public const int MacOffset = 32;

    /// <summary>Creates a frame header.</summary>
    public WalFrameHeader(uint pageNumber, uint databaseSize, ulong sequence, uint salt1, uint salt2, uint batch, uint checksum)
    {
        PageNumber = pageNumber;
        DatabaseSize = databaseSize;
        Sequence = sequence;
        Salt1 = salt1;
        Salt2 = salt2;
        Batch = batch;
        Checksum = checksum;
    }

    /// <summary>The page this frame holds.</summary>
    public uint PageNumber { get; }

    /// <summary>The database size in pages after the commit, or 0 when this is not a commit's last frame.</summary>
    public uint DatabaseSize { get; }

    /// <summary>The transaction sequence.</summary>
    public ulong Sequence { get; }

    /// <summary>Salt 1 of the generation that wrote the frame.</summary>
    public uint Salt1 { get; }

    /// <summary>Salt 2 of the generation that wrote the frame.</summary>
    public uint Salt2 { get; }

    /// <summary>The write batch that put the frame on disk.</summary>
    public uint Batch { get; }

    /// <summary>The stored cumulative checksum.</summary>
    public uint Checksum { get; }

    /// <summary>True on the last frame of a transaction.</summary>
    public bool IsCommit => DatabaseSize != 0;

    /// <summary>Reads the fields of a frame header (no verification).</summary>
    public static WalFrameHeader Read(ReadOnlySpan<byte> source) => new(
        BinaryPrimitives.ReadUInt32LittleEndian(source[PageNumberOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[DatabaseSizeOffset..]),
        BinaryPrimitives.ReadUInt64LittleEndian(source[SequenceOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[Salt1Offset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[Salt2Offset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[BatchOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[ChecksumOffset..]));

    /// <summary>Writes the fields that the committer knows (page, size, sequence); salts, batch and checksum are stamped at write time.</summary>
    public static void WriteIdentity(Span<byte> destination, uint pageNumber, uint databaseSize, ulong sequence)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(destination[PageNumberOffset..], pageNumber);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[DatabaseSizeOffset..], databaseSize);
        BinaryPrimitives.WriteUInt64LittleEndian(destination[SequenceOffset..], sequence);
    }

    /// <summary>Stamps the generation, the batch, the chained checksum and (authenticated logs) the chained MAC into a frame whose identity and page image are written.</summary>
    /// <param name="frame">The whole frame: header and page image.</param>
    /// <param name="salt1">Salt 1 of the log.</param>
    /// <param name="salt2">Salt 2 of the log.</param>
    /// <param name="batch">The write batch.</param>
    /// <param name="previousChecksum">The previous frame's checksum.</param>
    /// <param name="authenticator">The database's authenticator, or null for a plain database's log.</param>
    /// <param name="macChain">In: the previous frame's MAC; out: this frame's (untouched without an authenticator).</param>
    /// <returns>This frame's checksum, the seed of the next.</returns>
    public static uint Stamp(Span<byte> frame, uint salt1, uint salt2, uint batch, uint previousChecksum, Authenticator? authenticator, Span<byte> macChain)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(frame[Salt1Offset..], salt1);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[Salt2Offset..], salt2);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[BatchOffset..], batch);
        uint checksum = WalChecksum.ComputeFrame(previousChecksum, frame);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[ChecksumOffset..], checksum);
        Span<byte> mac = frame.Slice(MacOffset, Authenticator.MacSize);
        if (authenticator is null)
        {
            mac.Clear();
            return checksum;
        }

        WalChecksum.ComputeFrameMac(authenticator, macChain, frame, mac);
        mac.CopyTo(macChain);
        return checksum;
    }
}
