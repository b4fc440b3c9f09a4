using System.Security.Cryptography;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>
/// AES-256-GCM with one page key for the life of an open database, safe to use from many threads.
/// </summary>
/// <remarks>
/// A key setup (<see cref="GcmInstance"/>: OpenSSL's EVP interface called directly where it can be, else
/// <see cref="AesGcm"/>) is not thread-safe, yet readers decrypt pages concurrently and a commit encrypts while they
/// do. A single instance behind a lock would serialize every page read of every thread, so the cipher keeps a small
/// pool of instances built from the same key (<see cref="KeyedInstancePool{T}"/>). The key copy lives in a pinned
/// array that is zeroed on dispose.
/// </remarks>
internal sealed class PageCipher : IDisposable
{
    private readonly KeyedInstancePool<GcmInstance> _pool;
    private readonly byte[] _key;
    private volatile bool _disposed;

    /// <summary>Creates a cipher for a 32-byte page key (copied).</summary>
    /// <param name="pageKey">The AES-256 key.</param>
    public PageCipher(ReadOnlySpan<byte> pageKey)
    {
        ArgumentOutOfRangeException.ThrowIfNotEqual(pageKey.Length, KeyDerivation.KeySize);
        _key = GC.AllocateArray<byte>(KeyDerivation.KeySize, pinned: true);
        pageKey.CopyTo(_key);
        _pool = new KeyedInstancePool<GcmInstance>(() => GcmInstance.Create(_key));
    }

    /// <summary>AES-GCM instances (key setups) created so far: one per concurrent user at most, not one per page.</summary>
    public long InstancesCreated => _pool.Created;

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> (same length) and writes the tag.</summary>
    /// <param name="nonce">The 12-byte nonce; never reuse one with this key.</param>
    /// <param name="plaintext">The plain bytes.</param>
    /// <param name="ciphertext">Receives the encrypted bytes; may be the same memory as <paramref name="plaintext"/>.</param>
    /// <param name="tag">Receives the 16-byte tag.</param>
    /// <param name="associatedData">Authenticated but not encrypted data.</param>
    public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData)
    {
        GcmInstance aes = _pool.Rent(this);
        try
        {
            aes.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);
        }
        finally
        {
            _pool.Return(aes);
        }
    }

    /// <summary>Decrypts and authenticates.</summary>
    /// <param name="nonce">The nonce stored with the page.</param>
    /// <param name="ciphertext">The encrypted bytes.</param>
    /// <param name="tag">The stored tag.</param>
    /// <param name="plaintext">Receives the plain bytes; may be the same memory as <paramref name="ciphertext"/>; zeroed when they do not authenticate.</param>
    /// <param name="associatedData">The associated data used when encrypting.</param>
    /// <returns>False when the bytes, tag, nonce or associated data do not match (a page read answers that often enough, for a page of another database or a torn write, that it is no exception).</returns>
    public bool TryDecrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData)
    {
        GcmInstance aes = _pool.Rent(this);
        try
        {
            return aes.TryDecrypt(nonce, ciphertext, tag, plaintext, associatedData);
        }
        finally
        {
            _pool.Return(aes);
        }
    }

    /// <summary>
    /// A second cipher over the same page key, owned by its caller: a database file built beside this one with the same
    /// identity (VACUUM, VACUUM INTO, a backup that keeps the key) seals its pages with it, since the password or key
    /// the page key came from is not kept.
    /// </summary>
    /// <returns>The new cipher.</returns>
    public PageCipher CloneKey()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        return new PageCipher(_key);
    }

    /// <summary>Disposes every pooled instance and wipes the key copy.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _pool.Dispose();
        CryptographicOperations.ZeroMemory(_key);
    }
}
