using System.Security.Cryptography;
using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Storage.Tests.Encryption;

/// <summary>
/// The two AES-256-GCM implementations a page key may get (<see cref="LibCryptoGcm"/>, <see cref="ManagedGcm"/>) give
/// the same bytes, read each other's pages, and refuse every altered input, so a database written with either opens
/// with the other.
/// </summary>
public sealed class GcmInstanceTests
{
    private const int Seed = 4093;

    public static TheoryData<string, string> Pairs => new()
    {
        { "native", "managed" },
        { "managed", "native" },
        { "native", "native" },
        { "managed", "managed" },
    };

    [Fact]
    public void Linux_with_OpenSSL_3_calls_the_EVP_interface_directly()
    {
        // The machines this project measures and tests on are Linux with OpenSSL 3: there the direct path must be taken,
        // or every page pays AesGcm's per-call overhead again without any test noticing.
        if (OperatingSystem.IsLinux() && File.Exists("/usr/lib/x86_64-linux-gnu/libcrypto.so.3"))
        {
            Assert.True(LibCryptoGcm.IsAvailable);
            using GcmInstance instance = GcmInstance.Create(new byte[32]);
            Assert.IsType<LibCryptoGcm>(instance);
        }
        else
        {
            using GcmInstance instance = GcmInstance.Create(new byte[32]);
            Assert.IsType<ManagedGcm>(instance);
        }
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public void Pages_sealed_by_one_implementation_open_with_the_other(string sealer, string opener)
    {
        var rng = new Random(Seed);
        byte[] key = Bytes(rng, 32);
        using GcmInstance seal = Create(sealer, key);
        using GcmInstance open = Create(opener, key);
        using var reference = new AesGcm(key, GcmInstance.TagSize);
        foreach (int length in new[] { 0, 1, 15, 16, 17, 4064, 65504 })
        {
            byte[] nonce = Bytes(rng, GcmInstance.NonceSize);
            byte[] associatedData = Bytes(rng, 20);
            byte[] plain = Bytes(rng, length);
            byte[] sealedBytes = new byte[length];
            byte[] tag = new byte[GcmInstance.TagSize];
            seal.Encrypt(nonce, plain, sealedBytes, tag, associatedData);

            byte[] expected = new byte[length];
            byte[] expectedTag = new byte[GcmInstance.TagSize];
            reference.Encrypt(nonce, plain, expected, expectedTag, associatedData);
            Assert.Equal(expected, sealedBytes);
            Assert.Equal(expectedTag, tag);

            byte[] back = new byte[length];
            Assert.True(open.TryDecrypt(nonce, sealedBytes, tag, back, associatedData), $"seed {Seed}, length {length}");
            Assert.Equal(plain, back);

            // In place, as the page codec opens a page in the buffer it was read into.
            byte[] inPlace = (byte[])sealedBytes.Clone();
            Assert.True(open.TryDecrypt(nonce, inPlace, tag, inPlace, associatedData));
            Assert.Equal(plain, inPlace);
        }
    }

    [Theory]
    [InlineData("native")]
    [InlineData("managed")]
    public void Every_altered_input_fails_and_leaves_no_plaintext(string implementation)
    {
        var rng = new Random(Seed);
        byte[] key = Bytes(rng, 32);
        using GcmInstance gcm = Create(implementation, key);
        byte[] nonce = Bytes(rng, GcmInstance.NonceSize);
        byte[] associatedData = Bytes(rng, 20);
        byte[] plain = Bytes(rng, 4064);
        byte[] sealedBytes = new byte[plain.Length];
        byte[] tag = new byte[GcmInstance.TagSize];
        gcm.Encrypt(nonce, plain, sealedBytes, tag, associatedData);

        AssertRefused(gcm, Flip(nonce, 5), sealedBytes, tag, associatedData, "nonce");
        AssertRefused(gcm, nonce, Flip(sealedBytes, 4000), tag, associatedData, "ciphertext");
        AssertRefused(gcm, nonce, sealedBytes, Flip(tag, 15), associatedData, "tag");
        AssertRefused(gcm, nonce, sealedBytes, tag, Flip(associatedData, 19), "associated data");
        using GcmInstance otherKey = Create(implementation, Flip(key, 0));
        AssertRefused(otherKey, nonce, sealedBytes, tag, associatedData, "key");

        // A refusal leaves the instance usable for the next page.
        byte[] back = new byte[plain.Length];
        Assert.True(gcm.TryDecrypt(nonce, sealedBytes, tag, back, associatedData));
        Assert.Equal(plain, back);
    }

    [Theory]
    [InlineData("native")]
    [InlineData("managed")]
    public void Buffers_that_partly_overlap_are_refused(string implementation)
    {
        using GcmInstance gcm = Create(implementation, new byte[32]);
        byte[] buffer = new byte[64];
        Assert.Throws<ArgumentException>(() => gcm.Encrypt(new byte[12], buffer.AsSpan(0, 32), buffer.AsSpan(8, 32), new byte[16], []));
    }

    private static void AssertRefused(GcmInstance gcm, byte[] nonce, byte[] sealedBytes, byte[] tag, byte[] associatedData, string altered)
    {
        byte[] back = new byte[sealedBytes.Length];
        Array.Fill(back, (byte)0xA5);
        Assert.False(gcm.TryDecrypt(nonce, sealedBytes, tag, back, associatedData), altered);
        Assert.True(back.AsSpan().IndexOfAnyExcept((byte)0) < 0, $"{altered}: unauthenticated bytes were left behind");
    }

    private static GcmInstance Create(string implementation, byte[] key)
    {
        // Without OpenSSL 3 (the first test says where that is expected) "native" is what such a machine uses.
        return implementation == "native" ? GcmInstance.Create(key) : new ManagedGcm(key);
    }

    private static byte[] Flip(byte[] bytes, int at)
    {
        byte[] copy = (byte[])bytes.Clone();
        copy[at] ^= 0x40;
        return copy;
    }

    private static byte[] Bytes(Random rng, int length)
    {
        byte[] bytes = new byte[length];
        rng.NextBytes(bytes);
        return bytes;
    }
}
