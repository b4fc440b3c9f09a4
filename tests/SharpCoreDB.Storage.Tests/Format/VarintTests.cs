using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Tests.Format;

/// <summary>
/// The one varint of the file format (B+tree cells at 32 bits, records at 64): its bytes are pinned here, and the two
/// widths write the same bytes and accept the same encodings within 32 bits. Before the record format's own varint
/// was folded into this one, a test compared the two over the same values and found them byte-identical.
/// </summary>
public sealed class VarintTests
{
    private static readonly uint[] s_edges =
    [
        0, 1, 0x7F, 0x80, 0x81, 0xFF, 0x100, 0x3FFF, 0x4000, 0x4001, 0x1F_FFFF, 0x20_0000, 0x20_0001,
        0xFFF_FFFF, 0x1000_0000, 0x1000_0001, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, uint.MaxValue,
    ];

    [Theory]
    [InlineData(0ul, "00")]
    [InlineData(1ul, "01")]
    [InlineData(127ul, "7F")]
    [InlineData(128ul, "8001")]
    [InlineData(300ul, "AC02")]
    [InlineData(16_383ul, "FF7F")]
    [InlineData(16_384ul, "808001")]
    [InlineData(4_294_967_295ul, "FFFFFFFF0F")]
    [InlineData(4_294_967_296ul, "8080808010")]
    [InlineData(ulong.MaxValue, "FFFFFFFFFFFFFFFFFF01")]
    public void Values_are_written_low_seven_bits_first_with_a_continuation_bit(ulong value, string hex)
    {
        Span<byte> bytes = stackalloc byte[Varint.MaxLength64];
        int length = Varint.Write(bytes, value);
        Assert.Equal(hex, Convert.ToHexString(bytes[..length]));
        Assert.Equal(length, Varint.Size(value));
        Assert.Equal(length, Varint.Read(bytes[..length], out ulong back));
        Assert.Equal(value, back);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void Both_widths_write_the_same_bytes_for_every_32_bit_value(int seed)
    {
        var random = new Random(seed);
        Span<byte> wide = stackalloc byte[Varint.MaxLength64];
        Span<byte> narrow = stackalloc byte[Varint.MaxLength32];
        for (int i = 0; i < 200_000; i++)
        {
            uint value = i < s_edges.Length ? s_edges[i] : RandomValue(random);
            int wideLength = Varint.Write(wide, (ulong)value);
            int narrowLength = Varint.Write(narrow, value);
            Assert.True(
                wide[..wideLength].SequenceEqual(narrow[..narrowLength]),
                $"seed {seed}: {value} is {Convert.ToHexString(wide[..wideLength])} at 64 bits but {Convert.ToHexString(narrow[..narrowLength])} at 32");
            Assert.Equal(wideLength, Varint.Size((ulong)value));
            Assert.Equal(narrowLength, Varint.Size(value));
            Assert.Equal(narrowLength, Varint.Read(narrow[..narrowLength], out uint back));
            Assert.Equal(value, back);
        }
    }

    [Theory]
    [InlineData(3)]
    [InlineData(4)]
    public void Both_widths_accept_and_reject_the_same_bytes_within_32_bits(int seed)
    {
        var random = new Random(seed);
        byte[] bytes = new byte[7];
        for (int i = 0; i < 200_000; i++)
        {
            int length = random.Next(0, bytes.Length + 1);
            for (int b = 0; b < length; b++)
            {
                // Mostly continuation bytes, so long, overlong and truncated encodings all turn up.
                bytes[b] = (byte)(random.Next(4) == 0 ? random.Next(0, 0x80) : random.Next(0x80, 0x100));
            }

            ReadOnlySpan<byte> source = bytes.AsSpan(0, length);
            int wideLength = Varint.Read(source, out ulong wideValue);
            int narrowLength = Varint.Read(source, out uint narrowValue);

            // The 32-bit read is the 64-bit one limited to 32 bits (five bytes at most).
            bool fits = wideLength != 0 && wideLength <= Varint.MaxLength32 && wideValue <= uint.MaxValue;
            string context = $"seed {seed}: bytes {Convert.ToHexString(source)}";
            Assert.True(fits == (narrowLength != 0), context);
            if (fits)
            {
                Assert.Equal(wideLength, narrowLength);
                Assert.Equal(wideValue, narrowValue);
            }
        }
    }

    [Theory]
    [InlineData("")]
    [InlineData("80")]
    [InlineData("FFFFFFFF")]
    [InlineData("FFFFFFFFFFFFFFFFFF02")]
    [InlineData("FFFFFFFFFFFFFFFFFF81")]
    [InlineData("8080808080808080808000")]
    public void A_64_bit_read_refuses_truncated_bytes_and_more_than_64_bits(string hex)
    {
        Assert.Equal(0, Varint.Read(Convert.FromHexString(hex), out ulong value));
        Assert.Equal(0ul, value);
    }

    [Theory]
    [InlineData("FFFFFFFF1F")]
    [InlineData("FFFFFFFF8F01")]
    [InlineData("808080808000")]
    public void A_32_bit_read_refuses_more_than_32_bits_or_five_bytes(string hex)
    {
        Assert.Equal(0, Varint.Read(Convert.FromHexString(hex), out uint value));
        Assert.Equal(0u, value);
    }

    // Values of every encoded length equally often.
    private static uint RandomValue(Random random) => (uint)random.NextInt64(0, 1L << 32) >> random.Next(0, 32);
}
