using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

public sealed class KeyEncoderTests
{
    [Theory]
    [InlineData(51)]
    [InlineData(52)]
    [InlineData(53)]
    [InlineData(54)]
    public void Memcmp_of_keys_matches_the_comparer_on_random_tuples(int seed)
    {
        var generator = new ValueGenerator(seed);
        using var left = new PooledBufferWriter();
        using var right = new PooledBufferWriter();
        for (int round = 0; round < 20000; round++)
        {
            int columns = generator.Random.Next(1, 4);
            bool[] descending = new bool[columns];
            SqlValue[] a = new SqlValue[columns];
            SqlValue[] b = new SqlValue[columns];
            for (int i = 0; i < columns; i++)
            {
                descending[i] = generator.Random.Next(2) == 0;

                // Mostly same-class pairs, often numeric, so ties and near-equal values are common.
                a[i] = generator.Next();
                b[i] = generator.Random.Next(4) switch
                {
                    0 => a[i],
                    1 => generator.NextNumber(),
                    _ => generator.Next(),
                };
            }

            left.Reset();
            right.Reset();
            KeyEncoder.Encode(a, descending, left);
            KeyEncoder.Encode(b, descending, right);
            int expected = CompareTuples(a, b, descending);
            int actual = Math.Sign(left.WrittenSpan.SequenceCompareTo(right.WrittenSpan));
            Assert.True(
                expected == actual,
                $"seed {seed}, round {round}: ({Show(a, descending)}) vs ({Show(b, descending)}): comparer {expected}, keys {actual}");
        }
    }

    [Theory]
    [InlineData(61)]
    [InlineData(62)]
    public void Keys_decode_to_equal_values_and_the_type_suffix_restores_storage_classes(int seed)
    {
        var generator = new ValueGenerator(seed);
        using var buffer = new PooledBufferWriter();
        for (int round = 0; round < 5000; round++)
        {
            int columns = generator.Random.Next(1, 7);
            bool[] descending = new bool[columns];
            SqlValue[] values = new SqlValue[columns];
            for (int i = 0; i < columns; i++)
            {
                descending[i] = generator.Random.Next(2) == 0;
                values[i] = generator.Next();
            }

            long rowId = generator.Random.NextInt64(long.MinValue, long.MaxValue);
            buffer.Reset();
            KeyEncoder.Encode(values, descending, buffer);
            KeyEncoder.EncodeRowId(rowId, buffer);
            KeyEncoder.WriteTypeSuffix(values, buffer);
            ReadOnlySpan<byte> key = buffer.WrittenSpan;

            var decoded = new SqlValue[columns];
            int consumed = KeyEncoder.Decode(key, decoded);
            Assert.Equal(consumed, KeyEncoder.GetPrefixLength(key, columns));
            Assert.Equal(rowId, KeyEncoder.ReadRowId(key[consumed..]));
            for (int i = 0; i < columns; i++)
            {
                Assert.True(
                    SqlValueComparer.CompareValues(values[i], decoded[i]) == 0,
                    $"seed {seed}, round {round}, column {i}: {values[i]} decoded as {decoded[i]}");
            }

            KeyEncoder.ApplyTypeSuffix(key[(consumed + KeyEncoder.RowIdSize)..], decoded);
            for (int i = 0; i < columns; i++)
            {
                Assert.True(values[i].StorageClass == decoded[i].StorageClass, $"seed {seed}, round {round}, column {i}: {values[i]} restored as {decoded[i]}");
                if (values[i].StorageClass == SqlStorageClass.Real)
                {
                    Assert.True(
                        BitConverter.DoubleToInt64Bits(values[i].AsDouble()) == BitConverter.DoubleToInt64Bits(decoded[i].AsDouble()),
                        $"seed {seed}, round {round}, column {i}: {values[i]} restored as {decoded[i]}");
                }
            }
        }
    }

    [Fact]
    public void Equal_numbers_of_either_class_encode_identically()
    {
        Assert.Equal(Key(SqlValue.FromInt64(3)), Key(SqlValue.FromDouble(3.0)));
        Assert.Equal(Key(SqlValue.FromInt64(0)), Key(SqlValue.FromDouble(-0.0)));
        Assert.Equal(Key(SqlValue.FromInt64(long.MinValue)), Key(SqlValue.FromDouble(-9223372036854775808.0)));
        Assert.Equal(Key(SqlValue.FromInt64(1L << 60)), Key(SqlValue.FromDouble(1152921504606846976.0)));
    }

    [Fact]
    public void Longs_beyond_two_pow_53_order_exactly_against_doubles()
    {
        SqlValue[] ascending =
        [
            SqlValue.FromInt64(long.MinValue), SqlValue.FromInt64(long.MinValue + 1), SqlValue.FromDouble(-9223372036854774784.0),
            SqlValue.FromInt64(-9007199254740993), SqlValue.FromDouble(-9007199254740992.0), SqlValue.FromInt64(-9007199254740991),
            SqlValue.FromInt64(9007199254740991), SqlValue.FromDouble(9007199254740992.0), SqlValue.FromInt64(9007199254740993),
            SqlValue.FromDouble(9007199254740994.0), SqlValue.FromInt64(long.MaxValue - 1), SqlValue.FromInt64(long.MaxValue),
            SqlValue.FromDouble(9223372036854775808.0), SqlValue.FromDouble(double.PositiveInfinity),
        ];
        for (int i = 1; i < ascending.Length; i++)
        {
            Assert.True(Key(ascending[i - 1]).AsSpan().SequenceCompareTo(Key(ascending[i])) < 0, $"{ascending[i - 1]} < {ascending[i]}");
        }
    }

    [Fact]
    public void Text_with_embedded_zero_bytes_orders_and_decodes()
    {
        string[] ascending = ["", "\0", "\0\0", "\0a", "a", "a\0", "a\0\0", "a\0b", "a\u0001", "ab", "é", "\uFFFF", "\uD83D\uDE00"];
        for (int i = 1; i < ascending.Length; i++)
        {
            byte[] previous = Key(SqlValue.FromText(ascending[i - 1]));
            byte[] current = Key(SqlValue.FromText(ascending[i]));
            Assert.True(previous.AsSpan().SequenceCompareTo(current) < 0, $"'{ascending[i - 1]}' < '{ascending[i]}'");
            Assert.True(
                Key(SqlValue.FromText(ascending[i - 1]), true).AsSpan().SequenceCompareTo(Key(SqlValue.FromText(ascending[i]), true)) > 0,
                $"descending '{ascending[i - 1]}' > '{ascending[i]}'");
            var decoded = new SqlValue[1];
            KeyEncoder.Decode(current, decoded);
            Assert.Equal(ascending[i], decoded[0].AsText());
        }
    }

    [Theory]
    [InlineData(long.MinValue, -1L)]
    [InlineData(-1L, 0L)]
    [InlineData(0L, 1L)]
    [InlineData(255L, 256L)]
    [InlineData(long.MaxValue - 1, long.MaxValue)]
    public void Row_ids_order_as_signed_integers(long smaller, long larger)
    {
        byte[] a = new byte[KeyEncoder.RowIdSize];
        byte[] b = new byte[KeyEncoder.RowIdSize];
        KeyEncoder.WriteRowId(smaller, a);
        KeyEncoder.WriteRowId(larger, b);
        Assert.True(a.AsSpan().SequenceCompareTo(b) < 0);
        Assert.Equal(smaller, KeyEncoder.ReadRowId(a));
        Assert.Equal(larger, KeyEncoder.ReadRowId(b));
    }

    [Theory]
    [InlineData("", "component 0 starts past the end")]
    [InlineData("42", "unknown prefix")]
    [InlineData("10", "needs 10 bytes")]
    [InlineData("1080000000000000007A", "unknown tie")]
    [InlineData("10C34000000000000081013100", "impossible tie")]
    [InlineData("10C3400000000000008110393030303030303030303030303030303000", "impossible tie")]
    [InlineData("10BFF00000000000008101", "without an end")]
    [InlineData("206162", "no terminator")]
    [InlineData("2061620002", "invalid escape")]
    [InlineData("DF9E9DFF", "no terminator")]
    public void Damaged_keys_throw_corrupt(string hex, string detail)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => KeyEncoder.Decode(Convert.FromHexString(hex), new SqlValue[1]));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains(detail, error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(71)]
    public void Mutated_keys_throw_only_corrupt(int seed)
    {
        var generator = new ValueGenerator(seed);
        using var buffer = new PooledBufferWriter();
        for (int round = 0; round < 5000; round++)
        {
            SqlValue[] values = [generator.Next(), generator.Next()];
            buffer.Reset();
            KeyEncoder.Encode(values, [generator.Random.Next(2) == 0, false], buffer);
            byte[] key = buffer.WrittenSpan.ToArray();
            if (generator.Random.Next(2) == 0)
            {
                key = key[..generator.Random.Next(key.Length)];
            }
            else
            {
                key[generator.Random.Next(key.Length)] = (byte)generator.Random.Next(256);
            }

            try
            {
                KeyEncoder.Decode(key, new SqlValue[2]);
            }
            catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.Corrupt)
            {
                // The only acceptable failure.
            }
            catch (Exception e)
            {
                Assert.Fail($"seed {seed}, round {round}: {e.GetType().Name} for {Convert.ToHexString(key)}: {e.Message}");
            }
        }
    }

    [Fact]
    public void Direction_flags_must_match_the_values()
    {
        using var buffer = new PooledBufferWriter();
        Assert.Throws<ArgumentException>(() => KeyEncoder.Encode([SqlValue.Null, SqlValue.Null], [true], buffer));
    }

    private static byte[] Key(SqlValue value, bool descending = false)
    {
        using var buffer = new PooledBufferWriter();
        KeyEncoder.EncodeValue(value, descending, buffer);
        return buffer.WrittenSpan.ToArray();
    }

    private static int CompareTuples(SqlValue[] a, SqlValue[] b, bool[] descending)
    {
        for (int i = 0; i < a.Length; i++)
        {
            int c = Math.Sign(SqlValueComparer.CompareValues(a[i], b[i]));
            if (c != 0)
            {
                return descending[i] ? -c : c;
            }
        }

        return 0;
    }

    private static string Show(SqlValue[] values, bool[] descending)
    {
        var builder = new StringBuilder();
        for (int i = 0; i < values.Length; i++)
        {
            builder.Append(i == 0 ? string.Empty : ", ").Append(values[i]).Append(descending[i] ? " DESC" : string.Empty);
        }

        return builder.ToString();
    }
}
