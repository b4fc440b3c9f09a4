using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary><see cref="KeyBytes.Compare"/> orders keys exactly as <c>SequenceCompareTo</c> does (the tree's documented order).</summary>
public sealed class KeyBytesTests
{
    [Theory]
    [InlineData(401)]
    [InlineData(402)]
    public void Compare_has_the_sign_of_sequence_compare_to(int seed)
    {
        var random = new Random(seed);
        for (int i = 0; i < 50_000; i++)
        {
            byte[] left = RandomKey(random);
            byte[] right = random.Next(3) switch
            {
                // A key sharing a prefix of any length with the left one, then differing or ending.
                0 => [.. left.AsSpan(0, random.Next(left.Length + 1)), .. RandomKey(random)],
                1 => (byte[])left.Clone(),
                _ => RandomKey(random),
            };

            int expected = Math.Sign(left.AsSpan().SequenceCompareTo(right));
            Assert.True(
                expected == Math.Sign(KeyBytes.Compare(left, right)) && -expected == Math.Sign(KeyBytes.Compare(right, left)),
                $"seed {seed}, pair {i}: {Convert.ToHexString(left)} vs {Convert.ToHexString(right)}");
        }
    }

    // Short keys around the 8-byte fast path, with few distinct byte values so equal prefixes are common; 0x00 and
    // 0xFF included, where a signed comparison would go wrong.
    private static byte[] RandomKey(Random random)
    {
        byte[] key = new byte[random.Next(0, 20)];
        for (int i = 0; i < key.Length; i++)
        {
            key[i] = random.Next(4) switch
            {
                0 => 0x00,
                1 => 0xFF,
                2 => 0x80,
                _ => (byte)random.Next(2),
            };
        }

        return key;
    }
}
