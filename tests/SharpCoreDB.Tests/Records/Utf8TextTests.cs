using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

/// <summary>TEXT keeps bytes that are not valid UTF-8, as SQLite does, and orders and hashes by those bytes.</summary>
public sealed class Utf8TextTests
{
    [Theory]
    [InlineData(301)]
    [InlineData(302)]
    public void Decode_then_encode_gives_back_any_bytes(int seed)
    {
        var random = new Random(seed);
        for (int round = 0; round < 20000; round++)
        {
            byte[] bytes = NextBytes(random);
            string text = Utf8Text.Decode(bytes);
            Assert.True(Utf8Text.GetByteCount(text) == bytes.Length, $"seed {seed}: {Convert.ToHexString(bytes)} counts {Utf8Text.GetByteCount(text)}");
            Assert.True(Utf8Text.Encode(text).AsSpan().SequenceEqual(bytes), $"seed {seed}: {Convert.ToHexString(bytes)} came back as {Convert.ToHexString(Utf8Text.Encode(text))}");
            Assert.Equal(text, Utf8Text.Canonical(text));
        }
    }

    [Fact]
    public void Valid_utf8_decodes_as_the_framework_does()
    {
        foreach (string text in new[] { "", "abc", "é", "日本語", "\uD83D\uDE00", "\uFFFD", "a\0b", "\uFFFF" })
        {
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            Assert.Equal(text, Utf8Text.Decode(bytes));
            Assert.Equal(bytes, Utf8Text.Encode(text));
        }
    }

    [Fact]
    public void Invalid_bytes_decode_to_escapes_and_other_unpaired_surrogates_encode_as_replacement()
    {
        Assert.Equal("\uDCFF", Utf8Text.Decode([0xFF]));
        Assert.Equal("a\uDCC3b", Utf8Text.Decode([(byte)'a', 0xC3, (byte)'b']));
        Assert.Equal(new byte[] { 0xEF, 0xBF, 0xBD }, Utf8Text.Encode("\uD800"));
        Assert.Equal(new byte[] { 0xEF, 0xBF, 0xBD }, Utf8Text.Encode("\uDC00"));
        Assert.Equal("\uFFFD", Utf8Text.ToWellFormed("\uDCFF"));
        Assert.Equal("a\uFFFDb", Utf8Text.ToWellFormed("a\uDC80b"));
    }

    [Theory]
    [InlineData(311)]
    [InlineData(312)]
    public void Text_order_and_hash_follow_the_bytes(int seed)
    {
        var random = new Random(seed);
        using var left = new PooledBufferWriter();
        using var right = new PooledBufferWriter();
        for (int round = 0; round < 20000; round++)
        {
            byte[] a = NextBytes(random);
            byte[] b = random.Next(5) == 0 ? (byte[])a.Clone() : NextBytes(random);
            string x = Utf8Text.Decode(a);
            string y = Utf8Text.Decode(b);
            int expected = Math.Sign(a.AsSpan().SequenceCompareTo(b));
            Assert.True(Math.Sign(TextOrder.Compare(x, y)) == expected, $"seed {seed}: {Convert.ToHexString(a)} vs {Convert.ToHexString(b)}");
            if (expected == 0)
            {
                Assert.Equal(TextOrder.GetHashCode(x), TextOrder.GetHashCode(y));
            }

            // The index key orders the same way.
            left.Reset();
            right.Reset();
            KeyEncoder.EncodeValue(SqlValue.FromText(x), descending: false, left);
            KeyEncoder.EncodeValue(SqlValue.FromText(y), descending: false, right);
            Assert.True(Math.Sign(left.WrittenSpan.SequenceCompareTo(right.WrittenSpan)) == expected, $"seed {seed}: keys of {Convert.ToHexString(a)} vs {Convert.ToHexString(b)}");
        }
    }

    [Fact]
    public void Escapes_that_spell_a_character_equal_it()
    {
        // Two escaped bytes C3 A9 are the bytes of é: equal, and hashed alike, as the stored bytes are.
        Assert.Equal(0, TextOrder.Compare("\uDCC3\uDCA9", "é"));
        Assert.Equal(TextOrder.GetHashCode("\uDCC3\uDCA9"), TextOrder.GetHashCode("é"));
        Assert.True(TextOrder.Compare("\uDCFF", "\uDCFE") > 0);
        Assert.True(TextOrder.Compare("\uDCFF", "\uFFFF") > 0, "byte FF sorts above EF BF BF");
        Assert.True(TextOrder.Compare("\uDC80", "\u00FF") < 0, "byte 80 sorts below C3 BF");
    }

    // Mostly short mixes of ASCII, valid multi-byte sequences and stray bytes, so near-equal pairs are common.
    private static byte[] NextBytes(Random random)
    {
        var bytes = new List<byte>();
        int parts = random.Next(0, 5);
        for (int i = 0; i < parts; i++)
        {
            switch (random.Next(5))
            {
                case 0:
                    bytes.Add((byte)random.Next('a', 'd'));
                    break;
                case 1:
                    bytes.AddRange(Encoding.UTF8.GetBytes(random.Next(3) switch { 0 => "é", 1 => "日", _ => "\uD83D\uDE00" }));
                    break;
                case 2:
                    bytes.Add((byte)random.Next(0x80, 0x100));
                    break;
                case 3:
                    // A truncated multi-byte sequence.
                    byte[] whole = Encoding.UTF8.GetBytes(random.Next(2) == 0 ? "日" : "\uD83D\uDE00");
                    bytes.AddRange(whole.AsSpan(0, random.Next(1, whole.Length)).ToArray());
                    break;
                default:
                    bytes.Add(0xED);
                    bytes.Add((byte)random.Next(0xA0, 0xC0));
                    bytes.Add((byte)random.Next(0x80, 0xC0));
                    break;
            }
        }

        return [.. bytes];
    }
}
