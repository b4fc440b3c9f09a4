using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// Turns a page's plain usable bytes into the bytes stored on disk and back: appends and verifies the
/// trailer (<see cref="PageTrailer"/>), encrypting and authenticating when the database is encrypted.
/// The database file and the WAL both store exactly what <see cref="Seal"/> produces.
/// </summary>
/// <remarks>
/// <para>
/// Plain pages: CRC-32C over the usable bytes, then the 16-byte database id, then the page number
/// (4 bytes little-endian). Mixing in the page number makes a page written to the wrong position (or two
/// swapped pages) fail verification; mixing in the database id does the same for a page copied from
/// another database.
/// </para>
/// <para>
/// Encrypted pages (every page but 0): AES-256-GCM with a fresh random 96-bit nonce per seal, the tag in
/// the trailer, and associated data = database id ‖ page number for the same two reasons. Random
/// nonces keep the collision probability below 2^-32 for up to 2^32 page writes per key; they are drawn from the
/// system generator in batches (<see cref="NonceSource"/>), not one call per page.
/// </para>
/// <para>
/// Page 0, the header, is always sealed with the plain CRC layout (it must be readable before the key
/// is known). In an encrypted database its trailer also carries an HMAC of its usable bytes under the
/// authentication key (<see cref="PageTrailer.HeaderMacOffset"/>), checked once the key is known, so the header
/// (catalog root, page count, free list) cannot be altered without the key either. Its two checkpoint record
/// slots (<see cref="CheckpointRecord"/>) are read as zeros by the checksum and the MAC, and opened page 0 images
/// have them cleared: they are the checkpoint's to write, not the transactions'.
/// </para>
/// <para>
/// An all-zero stored page never verifies (the CRC of zeros is not zero; a zero tag is not valid), so a
/// page that was never written reads as <see cref="SharpCoreDBErrorCode.Corrupt"/>: pages below the page
/// count are always written before the header that counts them.
/// </para>
/// <para>Seal and Open allocate nothing and are safe to call from many threads at once.</para>
/// </remarks>
internal sealed class PageCodec : IDisposable
{
    private const int AssociatedDataSize = DatabaseHeader.DatabaseIdLength + sizeof(uint);

    // What the checksum reads in place of a checkpoint record slot.
    private static readonly byte[] s_zeroSlot = new byte[CheckpointRecord.SizeOf];

    private readonly byte[] _databaseId;
    private readonly PageCipher? _cipher;

    /// <summary>Creates a codec.</summary>
    /// <param name="pageSize">The physical page size (a valid database page size).</param>
    /// <param name="databaseId">The 16-byte database id (copied).</param>
    /// <param name="cipher">The page cipher of an encrypted database, or null; the codec owns and disposes it.</param>
    /// <param name="authenticator">The authenticator of an encrypted database (required with a cipher), or null; the codec owns and disposes it.</param>
    public PageCodec(int pageSize, ReadOnlySpan<byte> databaseId, PageCipher? cipher, Authenticator? authenticator = null)
    {
        if ((cipher is null) != (authenticator is null))
        {
            throw new ArgumentException("An encrypted database needs both a cipher and an authenticator.", nameof(authenticator));
        }

        if (!DatabaseHeader.IsValidPageSize(pageSize))
        {
            throw new ArgumentOutOfRangeException(nameof(pageSize), pageSize, "The page size must be a power of two from 4096 to 65536.");
        }

        ArgumentOutOfRangeException.ThrowIfNotEqual(databaseId.Length, DatabaseHeader.DatabaseIdLength);
        PageSize = pageSize;
        TrailerSize = PageTrailer.SizeFor(cipher is not null);
        UsableSize = pageSize - TrailerSize;
        _databaseId = databaseId.ToArray();
        _cipher = cipher;
        Authenticator = authenticator;
    }

    /// <summary>The physical page size.</summary>
    public int PageSize { get; }

    /// <summary>The bytes of each page before the trailer.</summary>
    public int UsableSize { get; }

    /// <summary>The reserved trailer bytes of each page.</summary>
    public int TrailerSize { get; }

    /// <summary>True when pages other than 0 are encrypted.</summary>
    public bool IsEncrypted => _cipher is not null;

    /// <summary>The authenticator of an encrypted database (page 0, the log, the checkpoint record), or null.</summary>
    public Authenticator? Authenticator { get; }

    /// <summary>The database id mixed into every checksum and tag.</summary>
    public ReadOnlySpan<byte> DatabaseId => _databaseId;

    /// <summary>The CRC-32C of a plain page: usable bytes, then database id, then page number.</summary>
    /// <param name="usable">The usable bytes.</param>
    /// <param name="databaseId">The database id.</param>
    /// <param name="pageNumber">The page number.</param>
    /// <returns>The checksum stored in the trailer.</returns>
    /// <remarks>Page 0's checkpoint record slots are read as zeros (see <see cref="CheckpointRecord"/>).</remarks>
    public static uint ComputeChecksum(ReadOnlySpan<byte> usable, ReadOnlySpan<byte> databaseId, uint pageNumber)
    {
        uint state;
        if (pageNumber == 0 && usable.Length >= CheckpointRecord.Slot1Offset + CheckpointRecord.SizeOf)
        {
            const int slot0End = CheckpointRecord.Slot0Offset + CheckpointRecord.SizeOf;
            const int slot1End = CheckpointRecord.Slot1Offset + CheckpointRecord.SizeOf;
            state = Crc32C.Append(Crc32C.Seed, usable[..CheckpointRecord.Slot0Offset]);
            state = Crc32C.Append(state, s_zeroSlot);
            state = Crc32C.Append(state, usable[slot0End..CheckpointRecord.Slot1Offset]);
            state = Crc32C.Append(state, s_zeroSlot);
            state = Crc32C.Append(state, usable[slot1End..]);
        }
        else
        {
            state = Crc32C.Append(Crc32C.Seed, usable);
        }

        state = Crc32C.Append(state, databaseId);
        return Crc32C.Finish(Crc32C.Append(state, pageNumber));
    }

    /// <summary>Produces the stored image of a page.</summary>
    /// <param name="pageNumber">The page's position; part of the checksum or associated data.</param>
    /// <param name="plain">The plain page: its first <see cref="UsableSize"/> bytes are used.</param>
    /// <param name="stored">Receives <see cref="PageSize"/> bytes; may start at the same memory as <paramref name="plain"/>.</param>
    public void Seal(uint pageNumber, ReadOnlySpan<byte> plain, Span<byte> stored)
    {
        CheckLengths(plain.Length, stored.Length);
        int usable = UsableSize;
        Span<byte> trailer = stored.Slice(usable, TrailerSize);
        if (_cipher is null || pageNumber == 0)
        {
            plain[..usable].CopyTo(stored);
            trailer.Clear();
            if (pageNumber == 0)
            {
                CheckpointRecord.ClearSlots(stored[..usable]);
                Authenticator?.Compute(stored[..usable], trailer.Slice(PageTrailer.HeaderMacOffset, Authenticator.MacSize));
            }

            BinaryPrimitives.WriteUInt32LittleEndian(
                trailer[PageTrailer.ChecksumOffset..],
                ComputeChecksum(stored[..usable], _databaseId, pageNumber));
            return;
        }

        Span<byte> associatedData = stackalloc byte[AssociatedDataSize];
        WriteAssociatedData(associatedData, pageNumber);
        Span<byte> nonce = trailer.Slice(PageTrailer.NonceOffset, PageTrailer.NonceSize);
        NonceSource.Next(nonce);
        _cipher.Encrypt(nonce, plain[..usable], stored[..usable], trailer.Slice(PageTrailer.TagOffset, PageTrailer.TagSize), associatedData);
        trailer[(PageTrailer.TagOffset + PageTrailer.TagSize)..].Clear();
    }

    /// <summary>Verifies a stored page and produces its plain usable bytes.</summary>
    /// <param name="pageNumber">The position the page was read from.</param>
    /// <param name="stored">The stored image: its first <see cref="PageSize"/> bytes are used.</param>
    /// <param name="plain">Receives <see cref="UsableSize"/> bytes; may start at the same memory as <paramref name="stored"/>.</param>
    /// <param name="sourceName">The file name for the error message.</param>
    /// <exception cref="SharpCoreDBException">Corrupt: the checksum or authentication tag does not match.</exception>
    public void Open(uint pageNumber, ReadOnlySpan<byte> stored, Span<byte> plain, string sourceName)
    {
        CheckLengths(plain.Length, stored.Length);
        if (!TryOpen(pageNumber, stored, plain, out string? failure))
        {
            ThrowCorrupt(pageNumber, sourceName, failure);
        }
    }

    /// <summary>Like <see cref="Open"/>, reporting failure instead of throwing (for scans that must not stop at the first bad page).</summary>
    /// <param name="pageNumber">The position the page was read from.</param>
    /// <param name="stored">The stored image.</param>
    /// <param name="plain">Receives the usable bytes when verification succeeds.</param>
    /// <param name="failure">What failed ("checksum" or "authentication"), when the result is false.</param>
    /// <returns>True when the page verified.</returns>
    public bool TryOpen(uint pageNumber, ReadOnlySpan<byte> stored, Span<byte> plain, [NotNullWhen(false)] out string? failure)
    {
        CheckLengths(plain.Length, stored.Length);
        int usable = UsableSize;
        ReadOnlySpan<byte> trailer = stored.Slice(usable, TrailerSize);
        if (_cipher is null || pageNumber == 0)
        {
            uint expected = BinaryPrimitives.ReadUInt32LittleEndian(trailer[PageTrailer.ChecksumOffset..]);
            bool headerMac = pageNumber == 0 && Authenticator is not null;
            if (expected != ComputeChecksum(stored[..usable], _databaseId, pageNumber) ||
                (headerMac
                    ? trailer[(PageTrailer.ChecksumOffset + sizeof(uint))..PageTrailer.HeaderMacOffset].ContainsAnyExcept((byte)0)
                        || trailer[(PageTrailer.HeaderMacOffset + Authenticator.MacSize)..].ContainsAnyExcept((byte)0)
                    : trailer[(PageTrailer.ChecksumOffset + sizeof(uint))..].ContainsAnyExcept((byte)0)))
            {
                failure = "checksum";
                return false;
            }

            if (pageNumber != 0)
            {
                stored[..usable].CopyTo(plain);
                failure = null;
                return true;
            }

            // The MAC is over the image with its record slots cleared, which is also what transactions see. The tag
            // is taken before plain (which may share memory with stored) is written.
            Span<byte> mac = stackalloc byte[Authenticator.MacSize];
            if (headerMac)
            {
                trailer.Slice(PageTrailer.HeaderMacOffset, Authenticator.MacSize).CopyTo(mac);
            }

            stored[..usable].CopyTo(plain);
            CheckpointRecord.ClearSlots(plain[..usable]);
            if (headerMac && !Authenticator!.Verify(plain[..usable], mac))
            {
                failure = "authentication";
                return false;
            }

            failure = null;
            return true;
        }

        if (trailer[(PageTrailer.TagOffset + PageTrailer.TagSize)..].ContainsAnyExcept((byte)0))
        {
            failure = "authentication";
            return false;
        }

        Span<byte> associatedData = stackalloc byte[AssociatedDataSize];
        WriteAssociatedData(associatedData, pageNumber);
        if (!_cipher.TryDecrypt(
                trailer.Slice(PageTrailer.NonceOffset, PageTrailer.NonceSize),
                stored[..usable],
                trailer.Slice(PageTrailer.TagOffset, PageTrailer.TagSize),
                plain[..usable],
                associatedData))
        {
            // The only meaning of a tag mismatch here is "these bytes are not what we wrote at this
            // position of this database"; the caller turns it into a Corrupt error naming the page.
            failure = "authentication";
            return false;
        }

        failure = null;
        return true;
    }

    /// <summary>A codec with the same database id and copies of the same keys, owned by its caller (see <see cref="PageCipher.CloneKey"/>).</summary>
    /// <returns>The new codec.</returns>
    public PageCodec CloneKeys()
    {
        PageCipher? cipher = _cipher?.CloneKey();
        try
        {
            return new PageCodec(PageSize, _databaseId, cipher, Authenticator?.CloneKey());
        }
        catch
        {
            cipher?.Dispose();
            throw;
        }
    }

    /// <summary>Disposes the cipher and the authenticator (wiping their keys).</summary>
    public void Dispose()
    {
        _cipher?.Dispose();
        Authenticator?.Dispose();
    }

    [DoesNotReturn]
    private static void ThrowCorrupt(uint pageNumber, string sourceName, string failure) =>
        throw StorageErrors.PageFailsVerification(pageNumber, sourceName, failure);

    private void WriteAssociatedData(Span<byte> associatedData, uint pageNumber)
    {
        _databaseId.CopyTo(associatedData);
        BinaryPrimitives.WriteUInt32LittleEndian(associatedData[DatabaseHeader.DatabaseIdLength..], pageNumber);
    }

    private void CheckLengths(int plainLength, int storedLength)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(plainLength, UsableSize, "plain");
        ArgumentOutOfRangeException.ThrowIfLessThan(storedLength, PageSize, "stored");
    }
}
