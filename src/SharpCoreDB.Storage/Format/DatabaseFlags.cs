namespace SharpCoreDB.Storage.Format;

/// <summary>The flag bits of the database header (<see cref="DatabaseHeader.FlagsOffset"/>).</summary>
[Flags]
internal enum DatabaseFlags : ushort
{
    /// <summary>A plain database: page trailers carry a CRC-32C.</summary>
    None = 0,

    /// <summary>Every page but the header is AES-256-GCM encrypted; trailers carry nonce and tag.</summary>
    Encrypted = 1 << 0,

    /// <summary>The key was given as 32 raw bytes: no PBKDF2 step, salt and iteration count are unused (zero).</summary>
    RawKey = 1 << 1,
}
