using System.Security.Cryptography;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>
/// Fresh random AES-GCM nonces, drawn from the system's cryptographic random generator in batches per thread.
/// </summary>
/// <remarks>
/// <para>
/// Every page seal needs a new 96-bit random nonce. Asking the generator for 12 bytes per page cost a call into the
/// native generator (its locking and state checks) per page, as much as a good part of the page's encryption. One
/// call now fills <see cref="BatchNonces"/> nonces for the calling thread, and each seal takes the next unused one.
/// </para>
/// <para>
/// Security is unchanged: each nonce is still 96 bits of fresh generator output, handed out once and never again (the
/// position only moves forward; the batch is refilled, never rewound), so the collision bound of random nonces (below
/// 2^-32 for 2^32 seals under one key) still holds. Nonces are public (stored beside each page), so keeping unused
/// ones in memory reveals nothing; a batch is per thread, so no lock is needed and no two threads can take one nonce.
/// </para>
/// </remarks>
internal static class NonceSource
{
    /// <summary>The nonce length (AES-GCM's 96-bit nonce).</summary>
    public const int NonceSize = 12;

    /// <summary>Nonces drawn per call to the random generator.</summary>
    public const int BatchNonces = 256;

    [ThreadStatic]
    private static byte[]? t_batch;

    [ThreadStatic]
    private static int t_next;

    [ThreadStatic]
    private static long t_fills;

    /// <summary>Calls this thread made to the random generator for nonces (tests count them).</summary>
    public static long FillsOnThisThread => t_fills;

    /// <summary>Writes a fresh nonce.</summary>
    /// <param name="nonce">Receives <see cref="NonceSize"/> bytes.</param>
    public static void Next(Span<byte> nonce)
    {
        ArgumentOutOfRangeException.ThrowIfNotEqual(nonce.Length, NonceSize, nameof(nonce));
        byte[]? batch = t_batch;
        int next = t_next;
        if (batch is null || next == BatchNonces)
        {
            batch ??= t_batch = new byte[BatchNonces * NonceSize];
            RandomNumberGenerator.Fill(batch);
            t_fills++;
            next = 0;
        }

        batch.AsSpan(next * NonceSize, NonceSize).CopyTo(nonce);
        t_next = next + 1;
    }
}
