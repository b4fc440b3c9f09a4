namespace SharpCoreDB.Storage.Format;

/// <summary>
/// The reserved bytes at the end of every page (the header records their count as "reserved bytes per
/// page"). The B+tree and the free list only ever see the bytes before the trailer (the usable size).
/// </summary>
/// <remarks>
/// Both trailer sizes are multiples of 8 so the usable size of every supported page size stays 8-byte
/// aligned. The padding bytes are written as zero and verified as zero, so no stored bit goes unchecked.
/// <code>
/// Plain trailer (8 bytes):                 Encrypted trailer (32 bytes):
///   [0..4)  CRC-32C, little-endian           [0..12)  AES-GCM nonce (96 bits, random per write)
///   [4..8)  zero                             [12..28) AES-GCM tag (128 bits)
///                                            [28..32) zero
/// </code>
/// The header page (page 0) always uses the plain layout at the start of its trailer area, even in an
/// encrypted database, because it must be readable before the key is known. In an encrypted database its
/// trailer also carries a MAC under the authentication key at <see cref="HeaderMacOffset"/> (so page 0 cannot be
/// forged without the key); the rest of its trailer area is zero.
/// </remarks>
internal static class PageTrailer
{
    /// <summary>Trailer bytes of a page in a plain database.</summary>
    public const int PlainSize = 8;

    /// <summary>Offset of the CRC-32C within a plain trailer.</summary>
    public const int ChecksumOffset = 0;

    /// <summary>Trailer bytes of a page in an encrypted database.</summary>
    public const int EncryptedSize = 32;

    /// <summary>Offset of the GCM nonce within an encrypted trailer.</summary>
    public const int NonceOffset = 0;

    /// <summary>Length of the GCM nonce.</summary>
    public const int NonceSize = 12;

    /// <summary>Offset of the GCM tag within an encrypted trailer.</summary>
    public const int TagOffset = 12;

    /// <summary>Length of the GCM tag.</summary>
    public const int TagSize = 16;

    /// <summary>Offset of page 0's MAC within an encrypted database's trailer (16 bytes).</summary>
    public const int HeaderMacOffset = 8;

    /// <summary>The trailer size for a database with or without encryption.</summary>
    /// <param name="encrypted">True for an encrypted database.</param>
    /// <returns>The reserved bytes per page.</returns>
    public static int SizeFor(bool encrypted) => encrypted ? EncryptedSize : PlainSize;
}
