using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>How to open or create a <see cref="PageFile"/>.</summary>
internal sealed class PageFileOptions
{
    /// <summary>The page size of a new database (power of two, 4096..65536). Ignored when opening: the header decides.</summary>
    public int PageSize { get; init; } = DatabaseHeader.DefaultPageSize;

    /// <summary>The password of an encrypted database, or null. Mutually exclusive with <see cref="RawKey"/>.</summary>
    public string? Password { get; init; }

    /// <summary>A 32-byte key used without key derivation, or null. Mutually exclusive with <see cref="Password"/>.</summary>
    public ReadOnlyMemory<byte>? RawKey { get; init; }

    /// <summary>
    /// PBKDF2 iterations for a new password-protected database. Opening uses the count stored in the header.
    /// Lower it only in tests: it is the cost of guessing a password.
    /// </summary>
    public int KdfIterations { get; init; } = KeyDerivation.DefaultIterations;

    /// <summary>Open without writing; creation is not possible.</summary>
    public bool ReadOnly { get; init; }

    /// <summary>Whether the database may or must be created.</summary>
    public PageFileCreateMode CreateMode { get; init; } = PageFileCreateMode.OpenOrCreate;

    /// <summary>
    /// Instead of a password or key: create the new database with this identity (database id, encryption flags, salt,
    /// iteration count, key check) and these keys, so a file built beside a database to take its place or to copy it
    /// (VACUUM, VACUUM INTO, a backup that keeps the key) opens with the same password or key; or open an existing
    /// database of this identity with them (reopening after VACUUM replaced the file). Exclusive with a password or key.
    /// </summary>
    public DatabaseKeys? KeysFrom { get; init; }

    /// <summary>True when a password or key was given.</summary>
    public bool HasSecret => Password is not null || RawKey is not null;

    /// <summary>Throws for contradictory or out-of-range settings (API misuse, not user data).</summary>
    /// <exception cref="ArgumentException">Both a password and a key, an empty password, or a key that is not 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException">Page size or iteration count out of range.</exception>
    public void Validate()
    {
        if (Password is not null && RawKey is not null)
        {
            throw new ArgumentException("Give either a password or a raw key, not both.");
        }

        if (KeysFrom is not null && HasSecret)
        {
            throw new ArgumentException("Give either a password or key, or the keys of another database, not both.");
        }

        if (Password is { Length: 0 })
        {
            throw new ArgumentException("The password must not be empty; omit it for a database without encryption.");
        }

        if (RawKey is { } key && key.Length != KeyDerivation.KeySize)
        {
            throw new ArgumentException($"The raw key must be {KeyDerivation.KeySize} bytes, not {key.Length}.");
        }

        if (!DatabaseHeader.IsValidPageSize(PageSize))
        {
            throw new ArgumentOutOfRangeException(nameof(PageSize), PageSize, "The page size must be a power of two from 4096 to 65536.");
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(KdfIterations, 1, nameof(KdfIterations));
        if (ReadOnly && CreateMode == PageFileCreateMode.CreateNew)
        {
            throw new ArgumentException("A read-only open cannot create a database.");
        }
    }
}
