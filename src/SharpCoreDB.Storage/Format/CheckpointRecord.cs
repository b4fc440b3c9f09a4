using System.Buffers.Binary;
using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Storage.Format;

/// <summary>
/// What the database file holds of its write-ahead log: the log generation (its two salts) whose frames were
/// last copied in, and the last transaction sequence the file holds. Recovery compares it with the log beside
/// the file, so a log older than the file (already copied in) is never replayed over newer pages, and a log that
/// starts after the file's last transaction (the file restored from an older copy) is refused.
/// </summary>
/// <remarks>
/// <para>
/// Two copies ("slots") live in page 0 at <see cref="Slot0Offset"/> and <see cref="Slot1Offset"/>, in different
/// 512-byte sectors, and are written in turn (slot = serial mod 2). A checkpoint writes only the slot's
/// <see cref="SizeOf"/> bytes, never the rest of page 0, so a write torn by a crash can damage at most that slot:
/// the other still holds the previous record, which is older but still true. The slots are excluded from page 0's
/// checksum and MAC (they are read as zeros there), and page 0 images in the log always carry zero slots: the
/// checkpoint splices the file's current slots into a page 0 image it copies in.
/// </para>
/// <para>
/// Slot layout (little-endian):
/// <code>
///  0..8   serial (ulong): +1 per record written; of two valid slots the higher serial wins; 0 = never written
///  8..12  log salt 1 of the generation the file was last brought up to date from
/// 12..16  log salt 2 of that generation
/// 16..24  sequence: every transaction up to this one is in the file
/// 24..40  MAC (encrypted databases: HMAC-SHA256 of bytes 0..24 under the authentication key, truncated; else zero)
/// 40..60  zero
/// 60..64  CRC-32C of bytes 0..60 followed by the database id
/// </code>
/// </para>
/// </remarks>
internal readonly record struct CheckpointRecord(ulong Serial, uint Salt1, uint Salt2, ulong Sequence)
{
    /// <summary>The bytes of one slot.</summary>
    public const int SizeOf = 64;

    /// <summary>Offset of the first slot in page 0 (the second 512-byte sector).</summary>
    public const int Slot0Offset = 1024;

    /// <summary>Offset of the second slot in page 0 (the fifth 512-byte sector).</summary>
    public const int Slot1Offset = 2048;

    /// <summary>Offset of the serial within a slot.</summary>
    public const int SerialOffset = 0;

    /// <summary>Offset of salt 1 within a slot.</summary>
    public const int Salt1Offset = 8;

    /// <summary>Offset of salt 2 within a slot.</summary>
    public const int Salt2Offset = 12;

    /// <summary>Offset of the sequence within a slot.</summary>
    public const int SequenceOffset = 16;

    /// <summary>Offset of the MAC within a slot.</summary>
    public const int MacOffset = 24;

    /// <summary>Offset of the checksum within a slot.</summary>
    public const int ChecksumOffset = 60;

    /// <summary>The page 0 offset of the slot a record with this serial goes to.</summary>
    public int SlotOffset => SlotOffsetFor(Serial);

    /// <summary>The page 0 offset of the slot for <paramref name="serial"/>.</summary>
    /// <param name="serial">The serial.</param>
    /// <returns><see cref="Slot0Offset"/> for even serials, <see cref="Slot1Offset"/> for odd ones.</returns>
    public static int SlotOffsetFor(ulong serial) => (serial & 1) == 0 ? Slot0Offset : Slot1Offset;

    /// <summary>Replaces both slots of a page 0 image with zeros (how page 0's checksum and MAC see them).</summary>
    /// <param name="page">The usable bytes of page 0.</param>
    public static void ClearSlots(Span<byte> page)
    {
        page.Slice(Slot0Offset, SizeOf).Clear();
        page.Slice(Slot1Offset, SizeOf).Clear();
    }

    /// <summary>Copies both slots from one page 0 image into another.</summary>
    /// <param name="from">The image whose slots are kept.</param>
    /// <param name="to">The image that receives them.</param>
    public static void CopySlots(ReadOnlySpan<byte> from, Span<byte> to)
    {
        from.Slice(Slot0Offset, SizeOf).CopyTo(to[Slot0Offset..]);
        from.Slice(Slot1Offset, SizeOf).CopyTo(to[Slot1Offset..]);
    }

    /// <summary>Writes this record into its slot's <see cref="SizeOf"/> bytes.</summary>
    /// <param name="slot">The <see cref="SizeOf"/> bytes of the slot.</param>
    /// <param name="databaseId">The database id (part of the checksum).</param>
    /// <param name="authenticator">The database's authenticator, or null for a plain database.</param>
    public void Write(Span<byte> slot, ReadOnlySpan<byte> databaseId, Authenticator? authenticator)
    {
        slot = slot[..SizeOf];
        slot.Clear();
        BinaryPrimitives.WriteUInt64LittleEndian(slot[SerialOffset..], Serial);
        BinaryPrimitives.WriteUInt32LittleEndian(slot[Salt1Offset..], Salt1);
        BinaryPrimitives.WriteUInt32LittleEndian(slot[Salt2Offset..], Salt2);
        BinaryPrimitives.WriteUInt64LittleEndian(slot[SequenceOffset..], Sequence);
        authenticator?.Compute(slot[..MacOffset], slot.Slice(MacOffset, Authenticator.MacSize));
        BinaryPrimitives.WriteUInt32LittleEndian(slot[ChecksumOffset..], Checksum(slot, databaseId));
    }

    /// <summary>Reads the newer valid record of the two slots.</summary>
    /// <param name="slot0">The <see cref="SizeOf"/> bytes of slot 0 as stored.</param>
    /// <param name="slot1">The <see cref="SizeOf"/> bytes of slot 1 as stored.</param>
    /// <param name="databaseId">The database id.</param>
    /// <param name="authenticator">The database's authenticator, or null for a plain database (MACs are then not checked).</param>
    /// <param name="record">The record, when one slot is valid.</param>
    /// <returns>False when neither slot holds a valid record.</returns>
    public static bool TryReadNewest(ReadOnlySpan<byte> slot0, ReadOnlySpan<byte> slot1, ReadOnlySpan<byte> databaseId, Authenticator? authenticator, out CheckpointRecord record)
    {
        bool valid0 = TryRead(slot0, databaseId, authenticator, out CheckpointRecord record0);
        bool valid1 = TryRead(slot1, databaseId, authenticator, out CheckpointRecord record1);
        record = valid0 && (!valid1 || record0.Serial > record1.Serial) ? record0 : record1;
        return valid0 || valid1;
    }

    private static bool TryRead(ReadOnlySpan<byte> slot, ReadOnlySpan<byte> databaseId, Authenticator? authenticator, out CheckpointRecord record)
    {
        record = default;
        ulong serial = BinaryPrimitives.ReadUInt64LittleEndian(slot[SerialOffset..]);
        if (serial == 0
            || BinaryPrimitives.ReadUInt32LittleEndian(slot[ChecksumOffset..]) != Checksum(slot, databaseId)
            || slot[(MacOffset + Authenticator.MacSize)..ChecksumOffset].ContainsAnyExcept((byte)0))
        {
            return false;
        }

        if (authenticator is not null && !authenticator.Verify(slot[..MacOffset], slot.Slice(MacOffset, Authenticator.MacSize)))
        {
            return false;
        }

        record = new CheckpointRecord(
            serial,
            BinaryPrimitives.ReadUInt32LittleEndian(slot[Salt1Offset..]),
            BinaryPrimitives.ReadUInt32LittleEndian(slot[Salt2Offset..]),
            BinaryPrimitives.ReadUInt64LittleEndian(slot[SequenceOffset..]));
        return true;
    }

    private static uint Checksum(ReadOnlySpan<byte> slot, ReadOnlySpan<byte> databaseId) =>
        Crc32C.Finish(Crc32C.Append(Crc32C.Append(Crc32C.Seed, slot[..ChecksumOffset]), databaseId));
}
