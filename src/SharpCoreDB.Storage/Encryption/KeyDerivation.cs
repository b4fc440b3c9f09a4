using System.Security.Cryptography;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>
/// Turns a password (or a raw key) into the keys an encrypted database uses.
/// </summary>
/// <remarks>
/// <para>
/// Password → master key: PBKDF2-HMAC-SHA256 with the database's random 32-byte salt and the iteration
/// count stored in its header (default <see cref="DefaultIterations"/>, the OWASP 2023 figure for
/// PBKDF2-SHA256). A raw 32-byte key is used as the master key directly, skipping the deliberately slow
/// step, for callers that manage keys themselves.
/// </para>
/// <para>
/// Master key → three independent values with HKDF-Expand (SHA-256), each bound to its purpose by a
/// distinct info string followed by the database id: the AES-256-GCM page key, the authentication key (HMAC of
/// page 0, the log and the checkpoint record) and the key check stored in the header. Because they are separate
/// PRF outputs, the public key check reveals nothing about the other two, yet recomputing it tells a wrong
/// password apart from a damaged file before a single page is decrypted. Mixing in the database id gives two
/// databases with the same password or the same raw key unrelated keys: a page or log of one never verifies
/// in the other, and a nonce collision across databases reveals nothing.
/// </para>
/// </remarks>
internal static class KeyDerivation
{
    /// <summary>PBKDF2 iterations for new password-protected databases.</summary>
    public const int DefaultIterations = 310_000;

    /// <summary>Bytes of a master key, raw key and page key (AES-256).</summary>
    public const int KeySize = 32;

    /// <summary>Bytes of the key check.</summary>
    public const int KeyCheckSize = 32;

    // Versioned purpose labels: a future format that derives keys differently picks new labels.
    private static ReadOnlySpan<byte> PageKeyInfo => "SharpCoreDB page key v2"u8;

    private static ReadOnlySpan<byte> AuthenticationKeyInfo => "SharpCoreDB authentication key v2"u8;

    private static ReadOnlySpan<byte> KeyCheckInfo => "SharpCoreDB key check v1"u8;

    /// <summary>Derives the master key from a password with PBKDF2-HMAC-SHA256.</summary>
    /// <param name="password">The password (UTF-8 encoded for PBKDF2).</param>
    /// <param name="salt">The database's salt.</param>
    /// <param name="iterations">The iteration count (at least 1).</param>
    /// <param name="masterKey">Receives <see cref="KeySize"/> bytes.</param>
    public static void DeriveMasterKey(string password, ReadOnlySpan<byte> salt, int iterations, Span<byte> masterKey)
    {
        ArgumentNullException.ThrowIfNull(password);
        ArgumentOutOfRangeException.ThrowIfLessThan(iterations, 1);
        ArgumentOutOfRangeException.ThrowIfNotEqual(masterKey.Length, KeySize);
        Rfc2898DeriveBytes.Pbkdf2(password, salt, masterKey, iterations, HashAlgorithmName.SHA256);
    }

    /// <summary>Derives the AES-256-GCM page key of one database from the master key.</summary>
    /// <param name="masterKey">The master key.</param>
    /// <param name="databaseId">The database id.</param>
    /// <param name="pageKey">Receives <see cref="KeySize"/> bytes.</param>
    public static void DerivePageKey(ReadOnlySpan<byte> masterKey, ReadOnlySpan<byte> databaseId, Span<byte> pageKey) =>
        Expand(masterKey, PageKeyInfo, databaseId, pageKey);

    /// <summary>Derives the authentication (HMAC) key of one database from the master key.</summary>
    /// <param name="masterKey">The master key.</param>
    /// <param name="databaseId">The database id.</param>
    /// <param name="key">Receives <see cref="KeySize"/> bytes.</param>
    public static void DeriveAuthenticationKey(ReadOnlySpan<byte> masterKey, ReadOnlySpan<byte> databaseId, Span<byte> key) =>
        Expand(masterKey, AuthenticationKeyInfo, databaseId, key);

    /// <summary>Computes the key check stored in the header for a master key and database id.</summary>
    /// <param name="masterKey">The master key.</param>
    /// <param name="databaseId">The database id.</param>
    /// <param name="keyCheck">Receives <see cref="KeyCheckSize"/> bytes.</param>
    public static void ComputeKeyCheck(ReadOnlySpan<byte> masterKey, ReadOnlySpan<byte> databaseId, Span<byte> keyCheck) =>
        Expand(masterKey, KeyCheckInfo, databaseId, keyCheck);

    private static void Expand(ReadOnlySpan<byte> masterKey, ReadOnlySpan<byte> label, ReadOnlySpan<byte> databaseId, Span<byte> output)
    {
        ArgumentOutOfRangeException.ThrowIfNotEqual(masterKey.Length, KeySize);
        ArgumentOutOfRangeException.ThrowIfNotEqual(output.Length, KeySize);
        Span<byte> info = stackalloc byte[label.Length + databaseId.Length];
        label.CopyTo(info);
        databaseId.CopyTo(info[label.Length..]);
        HKDF.Expand(HashAlgorithmName.SHA256, masterKey, output, info);
    }

    /// <summary>Compares a computed key check with the stored one in constant time.</summary>
    /// <param name="stored">The header's key check.</param>
    /// <param name="computed">The key check of the offered key.</param>
    /// <returns>True when they match.</returns>
    public static bool KeyCheckMatches(ReadOnlySpan<byte> stored, ReadOnlySpan<byte> computed) =>
        CryptographicOperations.FixedTimeEquals(stored, computed);
}
