using System.Buffers;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Collations;

/// <summary>The built-in comparisons themselves: no allocation, and index keys whose byte order is the collation's.</summary>
public sealed class CollationCompareTests
{
    private static readonly char[] s_alphabet = ['a', 'A', 'z', 'Z', ' ', '_', '@', '[', '`', '{', 'ä', 'Ä', '\0', '\uFFFD', '\uE000'];

    private static string RandomText(Random random)
    {
        var text = new StringBuilder();
        int length = random.Next(0, 6);
        for (int i = 0; i < length; i++)
        {
            if (random.Next(8) == 0)
            {
                text.Append("\U0001F600");
            }
            else
            {
                text.Append(s_alphabet[random.Next(s_alphabet.Length)]);
            }
        }

        return text.ToString();
    }

    [Fact]
    public void Nocase_and_rtrim_comparisons_do_not_allocate()
    {
        string left = "Customer-000123-Name   ";
        string right = "CUSTOMER-000123-NAME";
        int sum = Collation.NoCase.Compare(left, right) + Collation.RTrim.Compare(left, right);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10_000; i++)
        {
            sum += Collation.NoCase.Compare(left, right) + Collation.RTrim.Compare(left, right);
            sum += Collation.NoCase.GetHashCode(left) & 1;
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(0, allocated);
        Assert.NotEqual(int.MinValue, sum);
    }

    [Theory]
    [InlineData("NOCASE")]
    [InlineData("RTRIM")]
    [InlineData("BINARY")]
    public void Folded_key_order_is_the_collation_order(string name)
    {
        Collation collation = Collation.FindBuiltIn(name)!;
        Collation? keyCollation = collation.IsBinary ? null : collation;
        int seed = 20;
        var random = new Random(seed);
        var writer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 5_000; i++)
        {
            string a = RandomText(random);
            string b = RandomText(random);
            int expected = Math.Sign(collation.Compare(a, b));
            writer.ResetWrittenCount();
            KeyEncoder.EncodeValue(SqlValue.FromText(a), false, writer, keyCollation);
            byte[] keyA = writer.WrittenSpan.ToArray();
            writer.ResetWrittenCount();
            KeyEncoder.EncodeValue(SqlValue.FromText(b), false, writer, keyCollation);
            int actual = Math.Sign(keyA.AsSpan().SequenceCompareTo(writer.WrittenSpan));
            Assert.True(expected == actual, $"seed {seed}: {name} '{a}' vs '{b}': compare {expected}, keys {actual}");
            if (expected == 0)
            {
                Assert.Equal(collation.GetHashCode(a), collation.GetHashCode(b));
            }
        }
    }
}
