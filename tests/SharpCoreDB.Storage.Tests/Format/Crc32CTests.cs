using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Tests.Format;

public sealed class Crc32CTests
{
    [Fact]
    public void Check_value_matches_the_standard()
    {
        // The catalogued check value of CRC-32C (iSCSI) over "123456789".
        Assert.Equal(0xE3069283u, Crc32C.Compute("123456789"u8));
        Assert.Equal(0u, Crc32C.Compute([]));
    }

    [Fact]
    public void Chunked_computation_equals_bytewise_reference_for_every_length_and_split()
    {
        const int seed = 4242;
        var rng = new Random(seed);
        for (int length = 0; length < 70; length++)
        {
            AssertWholeAndSplitMatchReference(rng, seed, length);
        }
    }

    [Fact]
    public void Long_spans_taking_the_three_chain_path_equal_the_bytewise_reference()
    {
        // Around the three-block boundary (768 bytes), page sizes, a frame, and random lengths and splits, so that
        // joining the chains, the serial tail and a split landing inside a block are all compared with the reference.
        const int seed = 977;
        var rng = new Random(seed);
        int[] lengths = [767, 768, 769, 775, 776, 1535, 1536, 1537, 2304, 4088, 4096, 4120, 8192, 65536];
        foreach (int length in lengths.Concat(Enumerable.Range(0, 40).Select(_ => rng.Next(700, 20_000))))
        {
            AssertWholeAndSplitMatchReference(rng, seed, length);
        }
    }

    [Fact]
    public void A_single_flipped_bit_anywhere_in_a_page_changes_the_checksum()
    {
        const int seed = 31;
        var rng = new Random(seed);
        byte[] page = new byte[4096];
        rng.NextBytes(page);
        uint original = Crc32C.Compute(page);
        for (int i = 0; i < 200; i++)
        {
            int bit = rng.Next(page.Length * 8);
            page[bit / 8] ^= (byte)(1 << (bit % 8));
            Assert.True(original != Crc32C.Compute(page), $"seed {seed}, bit {bit}");
            page[bit / 8] ^= (byte)(1 << (bit % 8));
        }
    }

    [Fact]
    public void Appending_a_uint_equals_appending_its_little_endian_bytes()
    {
        byte[] bytes = [0x78, 0x56, 0x34, 0x12];
        Assert.Equal(Crc32C.Compute(bytes), Crc32C.Finish(Crc32C.Append(Crc32C.Seed, 0x12345678u)));
    }

    // Random bytes of the given length: checksummed whole, and in two appends split at a random point.
    private static void AssertWholeAndSplitMatchReference(Random rng, int seed, int length)
    {
        byte[] data = new byte[length];
        rng.NextBytes(data);
        uint expected = Reference(data);
        Assert.True(expected == Crc32C.Compute(data), $"seed {seed}, length {length}");
        int split = rng.Next(length + 1);
        uint state = Crc32C.Append(Crc32C.Append(Crc32C.Seed, data.AsSpan(0, split)), data.AsSpan(split));
        Assert.True(expected == Crc32C.Finish(state), $"seed {seed}, length {length}, split {split}");
    }

    // Bit-at-a-time definition of the reflected Castagnoli polynomial, independent of the hardware path.
    private static uint Reference(ReadOnlySpan<byte> data)
    {
        uint crc = 0xFFFFFFFF;
        foreach (byte b in data)
        {
            crc ^= b;
            for (int k = 0; k < 8; k++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
            }
        }

        return ~crc;
    }
}
