using System.Security.Cryptography;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>AES-256-GCM through <see cref="AesGcm"/>: the implementation where OpenSSL's EVP interface cannot be called directly.</summary>
internal sealed class ManagedGcm : GcmInstance
{
    private readonly AesGcm _aes;

    /// <summary>Sets the key up.</summary>
    /// <param name="key">The 32-byte key.</param>
    public ManagedGcm(ReadOnlySpan<byte> key) => _aes = new AesGcm(key, TagSize);

    /// <inheritdoc />
    public override void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData)
    {
        CheckArguments(nonce, plaintext, ciphertext, tag);
        _aes.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);
    }

    /// <inheritdoc />
    public override bool TryDecrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData)
    {
        CheckArguments(nonce, ciphertext, plaintext, tag);
        try
        {
            _aes.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
            return true;
        }
        catch (AuthenticationTagMismatchException)
        {
            // AesGcm has already zeroed the plaintext; a mismatch is an answer here, not an error.
            return false;
        }
    }

    /// <inheritdoc />
    public override void Dispose() => _aes.Dispose();
}
