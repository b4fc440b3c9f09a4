namespace SharpCoreDB.Storage.Encryption;

/// <summary>
/// One AES-256-GCM key setup (<see cref="PageCipher"/> pools them): not thread-safe, used by one thread at a time.
/// </summary>
/// <remarks>
/// Two implementations compute the same AES-256-GCM (12-byte nonce, 16-byte tag): <see cref="LibCryptoGcm"/> calls
/// OpenSSL's EVP interface directly where <c>libcrypto.so.3</c> is present (Linux), and <see cref="ManagedGcm"/> wraps
/// <see cref="System.Security.Cryptography.AesGcm"/> everywhere else. On Linux <see cref="System.Security.Cryptography.AesGcm"/>
/// is itself a wrapper over the same EVP calls, but each of its five native calls per page first clears OpenSSL's
/// per-thread error queue (32 frees of empty slots) and goes through a safe handle: about 850 ns per page, which was
/// as much as decrypting a 4 KiB page itself. Neither implementation is our own AES or GHASH.
/// </remarks>
internal abstract class GcmInstance : IDisposable
{
    /// <summary>The nonce length.</summary>
    public const int NonceSize = 12;

    /// <summary>The tag length.</summary>
    public const int TagSize = 16;

    /// <summary>Creates an instance for a 32-byte key: OpenSSL's EVP interface when available, else <see cref="System.Security.Cryptography.AesGcm"/>.</summary>
    /// <param name="key">The AES-256 key.</param>
    /// <returns>The instance.</returns>
    public static GcmInstance Create(ReadOnlySpan<byte> key) =>
        LibCryptoGcm.IsAvailable ? new LibCryptoGcm(key) : new ManagedGcm(key);

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> (same length, same memory or apart) and writes the tag.</summary>
    /// <param name="nonce">The 12-byte nonce.</param>
    /// <param name="plaintext">The plain bytes.</param>
    /// <param name="ciphertext">Receives the encrypted bytes.</param>
    /// <param name="tag">Receives the 16-byte tag.</param>
    /// <param name="associatedData">Authenticated but not encrypted data.</param>
    public abstract void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData);

    /// <summary>Decrypts and authenticates; on failure <paramref name="plaintext"/> is zeroed.</summary>
    /// <param name="nonce">The 12-byte nonce.</param>
    /// <param name="ciphertext">The encrypted bytes.</param>
    /// <param name="tag">The 16-byte tag.</param>
    /// <param name="plaintext">Receives the plain bytes (same length, same memory or apart).</param>
    /// <param name="associatedData">The associated data used when encrypting.</param>
    /// <returns>False when the bytes, tag, nonce or associated data do not match.</returns>
    public abstract bool TryDecrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData);

    /// <summary>Frees the key setup (wiping it).</summary>
    public abstract void Dispose();

    /// <summary>Checks the lengths every implementation requires, and that the two buffers are the same memory or apart.</summary>
    /// <param name="nonce">The nonce.</param>
    /// <param name="input">The input bytes.</param>
    /// <param name="output">The output bytes.</param>
    /// <param name="tag">The tag.</param>
    protected static void CheckArguments(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, ReadOnlySpan<byte> tag)
    {
        ArgumentOutOfRangeException.ThrowIfNotEqual(nonce.Length, NonceSize, nameof(nonce));
        ArgumentOutOfRangeException.ThrowIfNotEqual(tag.Length, TagSize, nameof(tag));
        ArgumentOutOfRangeException.ThrowIfNotEqual(output.Length, input.Length, nameof(output));
        if (input.Overlaps(output, out int offset) && offset != 0)
        {
            throw new ArgumentException("The input and output buffers overlap without being the same memory.", nameof(output));
        }
    }
}
