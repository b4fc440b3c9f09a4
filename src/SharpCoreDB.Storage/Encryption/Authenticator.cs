using System.Security.Cryptography;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>
/// HMAC-SHA256 under a database's authentication key, truncated to <see cref="MacSize"/> bytes: what proves that
/// the parts of an encrypted database that are not AES-GCM pages (page 0, the log's header and frame headers, the
/// checkpoint record) were written by someone who holds the key.
/// </summary>
/// <remarks>
/// <para>
/// The key is derived from the master key and the database id (<see cref="KeyDerivation.DeriveAuthenticationKey"/>),
/// separately from the page key, so a MAC never reveals anything about page encryption and a MAC of one database
/// never verifies in another. 128 bits of tag leave an attacker a 2^-128 chance per forged value. The key copy lives
/// in a pinned array that is zeroed on dispose. Safe to use from many threads.
/// </para>
/// <para>
/// An encrypted log MACs every frame it writes, so MACs are as frequent as page seals. A one-shot HMAC sets the key up
/// again on every call (the native context and the key's inner and outer pads); keyed HMAC instances are pooled
/// instead (<see cref="KeyedInstancePool{T}"/>), so a MAC costs only the hashing of its data.
/// </para>
/// </remarks>
internal sealed class Authenticator : IDisposable
{
    /// <summary>The bytes of a stored MAC.</summary>
    public const int MacSize = 16;

    private readonly byte[] _key;
    private readonly KeyedInstancePool<IncrementalHash> _pool;
    private volatile bool _disposed;

    /// <summary>Creates an authenticator for a 32-byte key (copied).</summary>
    /// <param name="key">The authentication key.</param>
    public Authenticator(ReadOnlySpan<byte> key)
    {
        ArgumentOutOfRangeException.ThrowIfNotEqual(key.Length, KeyDerivation.KeySize);
        _key = GC.AllocateArray<byte>(KeyDerivation.KeySize, pinned: true);
        key.CopyTo(_key);
        _pool = new KeyedInstancePool<IncrementalHash>(() => IncrementalHash.CreateHMAC(HashAlgorithmName.SHA256, _key));
    }

    /// <summary>HMAC instances (key setups) created so far: one per concurrent user at most, not one per MAC.</summary>
    public long InstancesCreated => _pool.Created;

    /// <summary>Computes the truncated MAC of <paramref name="data"/>.</summary>
    /// <param name="data">The authenticated bytes.</param>
    /// <param name="mac">Receives <see cref="MacSize"/> bytes.</param>
    public void Compute(ReadOnlySpan<byte> data, Span<byte> mac)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ArgumentOutOfRangeException.ThrowIfLessThan(mac.Length, MacSize, nameof(mac));
        Span<byte> full = stackalloc byte[HMACSHA256.HashSizeInBytes];
        IncrementalHash hmac = _pool.Rent(this);
        try
        {
            hmac.AppendData(data);
            hmac.GetHashAndReset(full);
        }
        catch
        {
            // Its state is unknown (data appended, not reset): it must not serve another MAC.
            hmac.Dispose();
            throw;
        }

        _pool.Return(hmac);
        full[..MacSize].CopyTo(mac);
    }

    /// <summary>Checks a stored MAC in constant time.</summary>
    /// <param name="data">The authenticated bytes.</param>
    /// <param name="mac">The stored <see cref="MacSize"/> bytes.</param>
    /// <returns>True when the MAC is the one this key gives for the bytes.</returns>
    public bool Verify(ReadOnlySpan<byte> data, ReadOnlySpan<byte> mac)
    {
        Span<byte> computed = stackalloc byte[MacSize];
        Compute(data, computed);
        return mac.Length >= MacSize && CryptographicOperations.FixedTimeEquals(computed, mac[..MacSize]);
    }

    /// <summary>A second authenticator over the same key, owned by its caller (see <see cref="PageCipher.CloneKey"/>).</summary>
    /// <returns>The new authenticator.</returns>
    public Authenticator CloneKey()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        return new Authenticator(_key);
    }

    /// <summary>Wipes the key copy.</summary>
    public void Dispose()
    {
        _disposed = true;
        _pool.Dispose();
        CryptographicOperations.ZeroMemory(_key);
    }
}
