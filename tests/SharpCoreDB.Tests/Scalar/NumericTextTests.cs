using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

public sealed class NumericTextTests : IDisposable
{
    private readonly SqliteOracle _sqlite = new();

    public void Dispose() => _sqlite.Dispose();

    [Theory]
    [InlineData("12abc", 12L)]
    [InlineData("abc", 0L)]
    [InlineData("", 0L)]
    [InlineData("  -7  ", -7L)]
    [InlineData("1e", 1L)]
    [InlineData("0x10", 0L)]
    [InlineData("-9223372036854775808", long.MinValue)]
    public void Text_reads_as_integer_by_numeric_prefix(string text, long expected)
    {
        SqlValue number = NumericConversion.ToNumber(SqlValue.FromText(text));
        Assert.Equal(SqlStorageClass.Integer, number.StorageClass);
        Assert.Equal(expected, number.AsInt64());
    }

    [Theory]
    [InlineData(" 3.5", 3.5)]
    [InlineData("1.5abc", 1.5)]
    [InlineData("1e5", 100000.0)]
    [InlineData("5.", 5.0)]
    [InlineData(".5", 0.5)]
    [InlineData("9223372036854775808", 9223372036854775808.0)]
    [InlineData("99999999999999999999x", 1e20)]
    public void Text_reads_as_real_when_the_prefix_is_not_an_integer(string text, double expected)
    {
        SqlValue number = NumericConversion.ToNumber(SqlValue.FromText(text));
        Assert.Equal(SqlStorageClass.Real, number.StorageClass);
        Assert.Equal(expected, number.AsDouble());
    }

    [Fact]
    public void Scanner_codes_follow_sqlite()
    {
        Assert.Equal(RealTextKind.Integer, NumericText.ParseReal(" 12 ".AsSpan(), out _));
        Assert.Equal(RealTextKind.Real, NumericText.ParseReal("1e5".AsSpan(), out _));
        Assert.Equal(RealTextKind.RealPrefix, NumericText.ParseReal("1.5x".AsSpan(), out _));
        Assert.Equal(RealTextKind.NotNumeric, NumericText.ParseReal("12x".AsSpan(), out _));
        Assert.Equal(IntegerTextKind.TwoPow63, NumericText.ParseInteger("9223372036854775808".AsSpan(), out long saturated));
        Assert.Equal(long.MaxValue, saturated);
        Assert.Equal(IntegerTextKind.Overflow, NumericText.ParseInteger("-99999999999999999999".AsSpan(), out long low));
        Assert.Equal(long.MinValue, low);
        Assert.Equal(IntegerTextKind.NoDigits, NumericText.ParseInteger("-".AsSpan(), out _));
        Assert.Equal(IntegerTextKind.TrailingText, NumericText.ParseInteger("3.9"u8, out long fromBytes));
        Assert.Equal(3, fromBytes);
    }

    [Fact]
    public void Text_to_real_matches_sqlite_bit_for_bit_on_random_decimals()
    {
        int seed = StressScale.Seed(7000);
        var random = new Random(seed);
        var failures = new List<string>();
        for (int i = 0; i < StressScale.Cases(4000); i++)
        {
            var builder = new System.Text.StringBuilder();
            int count = random.Next(1, 22);
            for (int d = 0; d < count; d++)
            {
                builder.Append((char)('0' + random.Next(10)));
            }

            string digits = builder.ToString();
            int point = random.Next(0, digits.Length + 1);
            string text = digits[..point] + "." + digits[point..] + "e" + random.Next(-330, 310).ToString(System.Globalization.CultureInfo.InvariantCulture);
            SqlValue expected = _sqlite.Scalar("SELECT CAST(?1 AS REAL)", SqlValue.FromText(text));
            NumericText.ParseReal(text.AsSpan(), out double ours);
            if (BitConverter.DoubleToInt64Bits(expected.AsDouble()) != BitConverter.DoubleToInt64Bits(ours))
            {
                failures.Add($"{text}: SQLite {expected.AsDouble():R}, ours {ours:R}");
            }
        }

        Assert.True(failures.Count == 0, $"seed {seed}: {failures.Count} differ:\n" + string.Join("\n", failures.Take(20)));
    }

    [Theory]
    [InlineData(1.0, "1.0")]
    [InlineData(0.1, "0.1")]
    [InlineData(1e20, "1.0e+20")]
    [InlineData(1.5e-7, "1.5e-07")]
    [InlineData(-0.0, "0.0")]
    [InlineData(123456789012345.0, "123456789012345.0")]
    [InlineData(1e15, "1.0e+15")]
    [InlineData(double.PositiveInfinity, "Inf")]
    public void Reals_render_like_sqlite(double value, string expected)
    {
        Assert.Equal(expected, TextConversion.ToText(SqlValue.FromDouble(value)));
        Assert.Equal(expected, _sqlite.Scalar("SELECT CAST(?1 AS TEXT)", SqlValue.FromDouble(value)).AsText());
    }
}
