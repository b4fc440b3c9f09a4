using System.Buffers;
using System.Globalization;
using System.Runtime.CompilerServices;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Types.Decimal;

/// <summary>
/// Seeded random checks of DECIMAL against exact oracles: ordering against rationals (BigInteger), arithmetic against
/// System.Decimal, key bytes against the comparer, and records and keys round-tripping every bit of the scale.
/// </summary>
public sealed class DecimalOracleTests
{
    [Fact]
    public void A_decimal_fits_in_sql_value_without_growing_it()
    {
        Assert.Equal(24, Unsafe.SizeOf<SqlValue>());
    }

    [Theory]
    [InlineData(1901)]
    [InlineData(1902)]
    [InlineData(1903)]
    public void Comparer_orders_longs_doubles_and_decimals_exactly_and_hashes_equal_values_alike(int seed)
    {
        var numbers = new MixedNumbers(seed);
        for (int round = 0; round < 20000; round++)
        {
            SqlValue a = numbers.Next();
            SqlValue b = numbers.Next();
            int expected = MixedNumbers.CompareExactly(a, b);
            int actual = Math.Sign(SqlValueComparer.CompareValues(a, b));
            Assert.True(expected == actual, $"seed {seed}, round {round}: {MixedNumbers.Show(a)} vs {MixedNumbers.Show(b)}: exact {expected}, comparer {actual}");
            Assert.Equal(-actual, Math.Sign(SqlValueComparer.CompareValues(b, a)));
            if (expected == 0)
            {
                Assert.True(
                    SqlValueComparer.Instance.GetHashCode(a) == SqlValueComparer.Instance.GetHashCode(b),
                    $"seed {seed}, round {round}: {MixedNumbers.Show(a)} = {MixedNumbers.Show(b)} hash differently");
            }
        }
    }

    [Fact]
    public void Equal_numbers_of_every_class_compare_and_hash_alike()
    {
        SqlValue[] three = [SqlValue.FromInt64(3), SqlValue.FromDouble(3.0), SqlValue.FromDecimal(3.00m), SqlValue.FromDecimal(3.0m)];
        SqlValue[] half = [SqlValue.FromDouble(0.5), SqlValue.FromDecimal(0.50m), SqlValue.FromDecimal(0.5m)];
        foreach (SqlValue[] group in new[] { three, half })
        {
            foreach (SqlValue x in group)
            {
                foreach (SqlValue y in group)
                {
                    Assert.Equal(0, SqlValueComparer.CompareValues(x, y));
                    Assert.Equal(SqlValueComparer.Instance.GetHashCode(x), SqlValueComparer.Instance.GetHashCode(y));
                }
            }
        }

        // Exact, as Python's Decimal and float: the decimal 0.1 is below the double nearest 0.1 (0.1000000000000000055…).
        Assert.True(SqlValueComparer.CompareValues(SqlValue.FromDecimal(0.1m), SqlValue.FromDouble(0.1)) < 0);
    }

    [Theory]
    [InlineData(1911)]
    [InlineData(1912)]
    public void Arithmetic_on_decimals_and_integers_matches_system_decimal(int seed)
    {
        var numbers = new MixedNumbers(seed);
        for (int round = 0; round < 20000; round++)
        {
            decimal a = numbers.Random.Next(3) == 0 ? numbers.NextLong() : numbers.NextDecimal();
            decimal b = numbers.Random.Next(3) == 0 ? numbers.Random.Next(-5, 5) : numbers.NextDecimal();
            SqlValue left = SqlValue.FromDecimal(a);
            SqlValue right = SqlValue.FromDecimal(b);
            if (left.StorageClass == SqlStorageClass.Integer && right.StorageClass == SqlStorageClass.Integer)
            {
                continue;
            }

            string context = $"seed {seed}, round {round}: {a} and {b}";
            Check(Arithmetic.Add(left, right), () => a + b, context + " +");
            Check(Arithmetic.Subtract(left, right), () => a - b, context + " -");
            Check(Arithmetic.Multiply(left, right), () => a * b, context + " *");
            if (b == 0)
            {
                Assert.True(Arithmetic.Divide(left, right).IsNull, context);
                Assert.True(Arithmetic.Remainder(left, right).IsNull, context);
            }
            else
            {
                Check(Arithmetic.Divide(left, right), () => a / b, context + " /");
                Check(Arithmetic.Remainder(left, right), () => a % b, context + " %");
            }
        }

        static void Check(SqlValue actual, Func<decimal> expected, string context)
        {
            decimal exact;
            try
            {
                exact = expected();
            }
            catch (OverflowException)
            {
                Assert.True(actual.StorageClass == SqlStorageClass.Real, $"{context}: overflow should give REAL, got {actual}");
                return;
            }

            Assert.True(actual.StorageClass is SqlStorageClass.Decimal or SqlStorageClass.Integer, $"{context}: {actual}");
            Assert.True(decimal.GetBits(exact).SequenceEqual(decimal.GetBits(actual.AsDecimal())) || (exact == 0 && actual.AsDecimal() == 0), $"{context}: expected {exact}, got {actual}");
        }
    }

    [Theory]
    [InlineData(1921)]
    [InlineData(1922)]
    [InlineData(1923)]
    public void Key_bytes_order_mixed_numbers_as_the_comparer_and_decode_back_exactly(int seed)
    {
        var numbers = new MixedNumbers(seed);
        using var left = new PooledBufferWriter();
        using var right = new PooledBufferWriter();
        Span<SqlValue> decoded = new SqlValue[1];
        for (int round = 0; round < 20000; round++)
        {
            SqlValue a = numbers.Next();
            SqlValue b = numbers.Next();
            bool descending = numbers.Random.Next(2) == 0;
            left.Reset();
            right.Reset();
            KeyEncoder.EncodeValue(a, descending, left);
            KeyEncoder.EncodeValue(b, descending, right);
            int expected = Math.Sign(SqlValueComparer.CompareValues(a, b)) * (descending ? -1 : 1);
            int actual = Math.Sign(left.WrittenSpan.SequenceCompareTo(right.WrittenSpan));
            Assert.True(expected == actual, $"seed {seed}, round {round}, descending {descending}: {MixedNumbers.Show(a)} vs {MixedNumbers.Show(b)}: comparer {expected}, keys {actual}");

            // Decoding gives the same number; the type suffix gives back the class and a decimal's scale.
            KeyEncoder.EncodeRowId(round, left);
            KeyEncoder.WriteTypeSuffix([a], left);
            int length = KeyEncoder.Decode(left.WrittenSpan, decoded);
            Assert.Equal(0, SqlValueComparer.CompareValues(a, decoded[0]));
            Assert.Equal(round, KeyEncoder.ReadRowId(left.WrittenSpan[length..]));
            KeyEncoder.ApplyTypeSuffix(left.WrittenSpan[^KeyEncoder.GetTypeSuffixSize(1)..], decoded);
            Assert.True(SameValue(a, decoded[0]), $"seed {seed}, round {round}: {MixedNumbers.Show(a)} decoded as {MixedNumbers.Show(decoded[0])}");
        }
    }

    [Fact]
    public void Three_three_point_oh_and_three_point_oh_oh_encode_identically_and_big_ties_order()
    {
        Assert.Equal(Key(SqlValue.FromInt64(3)), Key(SqlValue.FromDouble(3.0)));
        Assert.Equal(Key(SqlValue.FromInt64(3)), Key(SqlValue.FromDecimal(3.00m)));

        // long.MaxValue, long.MaxValue + 0.5 and 2^63 share no double, but these all sit between the same two.
        SqlValue[] ascending =
        [
            SqlValue.FromInt64(long.MaxValue - 1),
            SqlValue.FromDecimal(long.MaxValue - 0.5m),
            SqlValue.FromInt64(long.MaxValue),
            SqlValue.FromDecimal(long.MaxValue + 0.25m),
            SqlValue.FromDouble(9223372036854775808.0),
            SqlValue.FromDecimal(9223372036854775808.000000001m),
        ];
        for (int i = 1; i < ascending.Length; i++)
        {
            Assert.True(Key(ascending[i - 1]).AsSpan().SequenceCompareTo(Key(ascending[i])) < 0, $"{ascending[i - 1]} < {ascending[i]}");
        }
    }

    [Theory]
    [InlineData(1931)]
    [InlineData(1932)]
    public void Records_round_trip_every_decimal_bit(int seed)
    {
        var numbers = new MixedNumbers(seed);
        decimal[] fixedValues = [decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, -0.0000000000000000000000000001m, 1.50m, 0.00m];
        for (int round = 0; round < 5000; round++)
        {
            decimal value = round < fixedValues.Length ? fixedValues[round] : numbers.NextDecimal();
            SqlValue[] row = [SqlValue.FromInt64(round), SqlValue.FromDecimal(value), SqlValue.FromText("x")];
            var writer = new ArrayBufferWriter<byte>();
            RecordWriter.Write(row, writer);
            var reader = new RecordReader(writer.WrittenSpan);
            SqlValue back = reader.GetValue(1);
            Assert.True(SameValue(row[1], back), $"seed {seed}, round {round}: {value} read back as {back}");
            Assert.Equal("x", reader.GetValue(2).AsText());
            Assert.Equal(value, back.AsDecimal());
        }
    }

    [Theory]
    [InlineData(1941)]
    public void Exact_text_parsing_matches_system_decimal_and_refuses_what_would_round(int seed)
    {
        var numbers = new MixedNumbers(seed);
        for (int round = 0; round < 5000; round++)
        {
            decimal value = Math.Abs(numbers.NextDecimal());
            string text = value.ToString(CultureInfo.InvariantCulture);
            Assert.True(NumericConversion.TryParseExactDecimal(text, out decimal parsed), text);
            Assert.Equal(decimal.GetBits(value), decimal.GetBits(parsed));
        }

        Assert.True(NumericConversion.TryParseExactDecimal(" 1.5e2 ", out decimal scaled));
        Assert.Equal(150m, scaled);
        Assert.False(NumericConversion.TryParseExactDecimal("0.00000000000000000000000000001", out _));
        Assert.False(NumericConversion.TryParseExactDecimal("123456789012345678901234567890", out _));
    }

    private static byte[] Key(SqlValue value)
    {
        using var writer = new PooledBufferWriter();
        KeyEncoder.EncodeValue(value, descending: false, writer);
        return writer.WrittenSpan.ToArray();
    }

    private static bool SameValue(SqlValue expected, SqlValue actual)
    {
        if (expected.StorageClass != actual.StorageClass)
        {
            return false;
        }

        return expected.StorageClass switch
        {
            SqlStorageClass.Decimal => decimal.GetBits(expected.AsDecimal()).SequenceEqual(decimal.GetBits(actual.AsDecimal())),
            SqlStorageClass.Real => BitConverter.DoubleToInt64Bits(expected.AsDouble()) == BitConverter.DoubleToInt64Bits(actual.AsDouble())
                || (expected.AsDouble() == 0 && actual.AsDouble() == 0),
            _ => SqlValueComparer.CompareValues(expected, actual) == 0,
        };
    }
}
