using System.Security.Cryptography;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Encryption;

/// <summary>
/// What an encrypted page write costs beyond AES-GCM itself: no call into the random generator per page, no key setup
/// per page or per MAC. Counted, never timed.
/// </summary>
public sealed class EncryptionSetupCostTests
{
    private static readonly byte[] s_key = [.. Enumerable.Range(0, 32).Select(i => (byte)(i * 7))];
    private static readonly byte[] s_id = [.. Enumerable.Range(0, 16).Select(i => (byte)(i + 1))];

    [Fact]
    public void Sealing_pages_draws_nonces_from_the_generator_in_batches_not_once_per_page()
    {
        const int pages = 1000;
        using var codec = new PageCodec(4096, s_id, new PageCipher(s_key), new Authenticator(s_key));
        byte[] plain = new byte[4096];
        byte[] stored = new byte[4096];
        var nonces = new HashSet<string>();
        long fillsBefore = NonceSource.FillsOnThisThread;
        for (uint page = 1; page <= pages; page++)
        {
            codec.Seal(page, plain, stored);
            nonces.Add(Convert.ToHexString(stored.AsSpan(codec.UsableSize + PageTrailer.NonceOffset, PageTrailer.NonceSize)));
        }

        long fills = NonceSource.FillsOnThisThread - fillsBefore;
        Assert.True(fills <= (pages / NonceSource.BatchNonces) + 1, $"{fills} generator calls for {pages} seals");
        Assert.Equal(pages, nonces.Count);
    }

    [Fact]
    public void Nonces_are_never_handed_out_twice_across_threads()
    {
        const int threads = 8;
        const int perThread = NonceSource.BatchNonces * 3;
        var seen = new System.Collections.Concurrent.ConcurrentDictionary<string, bool>();
        int duplicates = 0;
        Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, _ =>
        {
            Span<byte> nonce = stackalloc byte[NonceSource.NonceSize];
            for (int i = 0; i < perThread; i++)
            {
                NonceSource.Next(nonce);
                if (!seen.TryAdd(Convert.ToHexString(nonce), true))
                {
                    Interlocked.Increment(ref duplicates);
                }
            }
        });

        Assert.Equal(0, duplicates);
        Assert.Equal(threads * perThread, seen.Count);
    }

    [Fact]
    public void Page_seals_and_opens_reuse_one_cipher_instance_on_one_thread()
    {
        var cipher = new PageCipher(s_key);
        using var codec = new PageCodec(4096, s_id, cipher, new Authenticator(s_key));
        byte[] plain = new byte[4096];
        byte[] stored = new byte[4096];
        for (uint page = 1; page <= 500; page++)
        {
            codec.Seal(page, plain, stored);
            codec.Open(page, stored, plain, "test");
        }

        Assert.Equal(1, cipher.InstancesCreated);
    }

    [Fact]
    public void Macs_reuse_keyed_instances_instead_of_setting_the_key_up_per_call()
    {
        using var authenticator = new Authenticator(s_key);
        byte[] data = new byte[80];
        byte[] mac = new byte[Authenticator.MacSize];
        for (int i = 0; i < 1000; i++)
        {
            data[0] = (byte)i;
            authenticator.Compute(data, mac);
        }

        Assert.Equal(1, authenticator.InstancesCreated);
    }

    [Fact]
    public void Pooled_macs_equal_truncated_HMAC_SHA256_from_many_threads()
    {
        const int seed = 2207;
        using var authenticator = new Authenticator(s_key);
        int threads = (Environment.ProcessorCount * 2) + 2;
        var failures = new System.Collections.Concurrent.ConcurrentBag<string>();
        Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
        {
            var rng = new Random(seed + t);
            byte[] mac = new byte[Authenticator.MacSize];
            for (int i = 0; i < 200; i++)
            {
                byte[] data = new byte[rng.Next(0, 5000)];
                rng.NextBytes(data);
                authenticator.Compute(data, mac);
                byte[] expected = HMACSHA256.HashData(s_key, data).AsSpan(0, Authenticator.MacSize).ToArray();
                if (!expected.AsSpan().SequenceEqual(mac) || !authenticator.Verify(data, expected))
                {
                    failures.Add($"seed {seed + t}, iteration {i}, {data.Length} bytes");
                }
            }
        });

        Assert.Empty(failures);
    }

    [Fact]
    public void Mac_after_dispose_throws()
    {
        var authenticator = new Authenticator(s_key);
        authenticator.Dispose();
        Assert.Throws<ObjectDisposedException>(() => authenticator.Compute([1, 2, 3], new byte[Authenticator.MacSize]));
    }
}
