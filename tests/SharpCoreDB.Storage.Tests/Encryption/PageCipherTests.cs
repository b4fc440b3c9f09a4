using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Storage.Tests.Encryption;

public sealed class PageCipherTests
{
    [Fact]
    public void Round_trips_and_rejects_wrong_associated_data()
    {
        using var cipher = new PageCipher(Enumerable.Range(0, 32).Select(i => (byte)i).ToArray());
        byte[] nonce = new byte[12];
        byte[] plain = "sixteen byte msg"u8.ToArray();
        byte[] encrypted = new byte[plain.Length];
        byte[] tag = new byte[16];
        cipher.Encrypt(nonce, plain, encrypted, tag, "ad"u8);
        Assert.NotEqual(plain, encrypted);

        byte[] back = new byte[plain.Length];
        Assert.True(cipher.TryDecrypt(nonce, encrypted, tag, back, "ad"u8));
        Assert.Equal(plain, back);
        Assert.False(cipher.TryDecrypt(nonce, encrypted, tag, back, "AD"u8));
        Assert.All(back, b => Assert.Equal(0, b));
    }

    [Fact]
    public void Concurrent_use_from_more_threads_than_processors_stays_correct()
    {
        const int seed = 777;
        using var cipher = new PageCipher(new byte[32]);
        int threads = (Environment.ProcessorCount * 2) + 2;
        var failures = new System.Collections.Concurrent.ConcurrentBag<string>();
        Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
        {
            var rng = new Random(seed + t);
            byte[] plain = new byte[4064];
            byte[] encrypted = new byte[4064];
            byte[] back = new byte[4064];
            byte[] nonce = new byte[12];
            byte[] tag = new byte[16];
            for (int i = 0; i < 200; i++)
            {
                rng.NextBytes(plain);
                rng.NextBytes(nonce);
                cipher.Encrypt(nonce, plain, encrypted, tag, BitConverter.GetBytes(i));
                if (!cipher.TryDecrypt(nonce, encrypted, tag, back, BitConverter.GetBytes(i)) || !plain.AsSpan().SequenceEqual(back))
                {
                    failures.Add($"seed {seed + t}, iteration {i}");
                }
            }
        });

        Assert.Empty(failures);
    }

    [Fact]
    public void Use_after_dispose_throws()
    {
        var cipher = new PageCipher(new byte[32]);
        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.Encrypt(new byte[12], [], [], new byte[16], []));
    }
}
