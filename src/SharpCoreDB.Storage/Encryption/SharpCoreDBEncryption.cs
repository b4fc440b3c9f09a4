// Public API in the root namespace, like SharpCoreDBException; it lives in the storage assembly because the engine
// below the ADO.NET layer takes it, and the storage layer is what it describes.
namespace SharpCoreDB;

/// <summary>
/// How a database or a copy of it is encrypted: with a password, with a raw 32-byte key, or not at all. Given to
/// <c>SharpCoreDBConnection.Rekey</c> and to <c>SharpCoreDBBackupOptions.Encryption</c>; there is no
/// default that silently drops encryption: <see cref="None"/> must be asked for.
/// </summary>
public sealed class SharpCoreDBEncryption
{
    private SharpCoreDBEncryption(string? password, byte[]? key)
    {
        Password = password;
        Key = key;
    }

    /// <summary>No encryption: the pages are stored in plain text with a checksum.</summary>
    public static SharpCoreDBEncryption None { get; } = new(null, null);

    /// <summary>True for <see cref="None"/>.</summary>
    public bool IsNone => Password is null && Key is null;

    /// <summary>The password, or null.</summary>
    internal string? Password { get; }

    /// <summary>The raw key, or null.</summary>
    internal byte[]? Key { get; }

    /// <summary>Encryption with a key derived from a password (PBKDF2-HMAC-SHA256).</summary>
    /// <param name="password">The password; not empty.</param>
    /// <returns>The setting.</returns>
    /// <exception cref="ArgumentException">The password is empty.</exception>
    public static SharpCoreDBEncryption WithPassword(string password)
    {
        ArgumentException.ThrowIfNullOrEmpty(password);
        return new SharpCoreDBEncryption(password, null);
    }

    /// <summary>Encryption with a raw 32-byte key (no key derivation).</summary>
    /// <param name="key">The key (copied).</param>
    /// <returns>The setting.</returns>
    /// <exception cref="ArgumentException">The key is not 32 bytes.</exception>
    public static SharpCoreDBEncryption WithKey(ReadOnlySpan<byte> key)
    {
        if (key.Length != 32)
        {
            throw new ArgumentException($"The key must be 32 bytes, not {key.Length}.", nameof(key));
        }

        return new SharpCoreDBEncryption(null, key.ToArray());
    }
}
