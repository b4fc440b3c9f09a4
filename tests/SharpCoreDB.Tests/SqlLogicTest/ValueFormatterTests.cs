using System.Text;
using SharpCoreDB.SqlLogicTest;

namespace SharpCoreDB.Tests.SqlLogicTest;

public sealed class ValueFormatterTests
{
    [Theory]
    [InlineData(42L, "42")]
    [InlineData(-7L, "-7")]
    [InlineData(4294967297L, "1")]
    [InlineData(2147483648L, "-2147483648")]
    [InlineData(3.99, "3")]
    [InlineData(-3.99, "-3")]
    [InlineData(1e300, "-1")]
    [InlineData(-1e300, "0")]
    [InlineData("12abc", "12")]
    [InlineData("  -8.9", "-8")]
    [InlineData("abc", "0")]
    [InlineData("99999999999999999999", "-1")]
    public void Integer_columns_print_the_value_as_a_32_bit_int(object value, string expected)
    {
        Assert.Equal(expected, ValueFormatter.Format(value, 'I'));
    }

    [Theory]
    [InlineData(1.0, "1.000")]
    [InlineData(-0.0005, "-0.001")]
    [InlineData(7L, "7.000")]
    [InlineData(-9223372036854775808L, "-9223372036854776000.000")]
    [InlineData("1.5e2x", "150.000")]
    [InlineData("x", "0.000")]
    public void Real_columns_print_three_decimals_like_sqlite(object value, string expected)
    {
        Assert.Equal(expected, ValueFormatter.Format(value, 'R'));
    }

    [Theory]
    [InlineData("", "(empty)")]
    [InlineData("abc", "abc")]
    [InlineData("tab\there", "tab@here")]
    [InlineData("é", "@@")]
    [InlineData("a\0b", "a")]
    [InlineData("\0b", "(empty)")]
    [InlineData("~\u007F", "~@")]
    [InlineData(12L, "12")]
    [InlineData(0.5, "0.5")]
    [InlineData(3.0, "3.0")]
    [InlineData(1e20, "1.0e+20")]
    public void Text_columns_print_printable_ascii_only(object value, string expected)
    {
        Assert.Equal(expected, ValueFormatter.Format(value, 'T'));
    }

    [Fact]
    public void Null_and_blobs_render_in_any_column()
    {
        foreach (char type in "IRT")
        {
            Assert.Equal("NULL", ValueFormatter.Format(DBNull.Value, type));
        }

        Assert.Equal("A@", ValueFormatter.Format(new byte[] { 0x41, 0xFF }, 'T'));
        Assert.Equal("(empty)", ValueFormatter.Format(Array.Empty<byte>(), 'T'));
        Assert.Equal("12", ValueFormatter.Format(Encoding.ASCII.GetBytes("12"), 'I'));
        Assert.Throws<ArgumentException>(() => ValueFormatter.Format(1L, 'X'));
    }
}
