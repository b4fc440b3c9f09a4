using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

public sealed class RealFormatterTests
{
    private static readonly double[] s_edges =
    [
        0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, 0.125, 0.0005, 0.0004999, 0.0006, -0.0001, 1e-5, 1.5e-7, 123456789012345.0,
        1234567890123456.0, 1e15, 1e16, 1e20, 1e100, 1e300, -1e-300, double.Epsilon, double.MaxValue,
        -9223372036854775808.0, 9007199254740993.0, 0.1 + 0.2, 100.0, 99.9995, 99.99949, 1.0 / 3.0, 2.0 / 3.0,
        4503599627370495.5, 999999999999999.9, 9.999999999999999e22, double.PositiveInfinity, double.NegativeInfinity,
    ];

    [Fact]
    public void Edge_values_format_like_sqlite_printf()
    {
        using SqliteConnection connection = Open();
        foreach (double value in s_edges)
        {
            AssertLikeSqlite(connection, value, $"edge {value.ToString("R", CultureInfo.InvariantCulture)}");
        }
    }

    [Theory]
    [InlineData(81)]
    [InlineData(82)]
    [InlineData(83)]
    public void Random_values_format_like_sqlite_printf(int seed)
    {
        var random = new Random(seed);
        using SqliteConnection connection = Open();
        for (int i = 0; i < 20000; i++)
        {
            double value = random.Next(4) switch
            {
                0 => BitConverter.Int64BitsToDouble(random.NextInt64()),
                1 => Math.Round((random.NextDouble() - 0.5) * Math.Pow(10, random.Next(0, 8)), random.Next(0, 5)),
                2 => random.Next(-100000, 100000) / 8.0,
                _ => (random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-30, 30)),
            };
            if (double.IsNaN(value))
            {
                continue;
            }

            AssertLikeSqlite(connection, value, $"seed {seed}, value {value.ToString("R", CultureInfo.InvariantCulture)}");
        }
    }

    [Fact]
    public void Fixed_notation_shows_at_most_sixteen_significant_digits()
    {
        Assert.Equal("-9223372036854776000.000", RealFormatter.FormatFixed(-9223372036854775808.0, 3));
        Assert.Equal("0.100", RealFormatter.FormatFixed(0.1, 3));
        Assert.Equal("1.0", RealFormatter.FormatText(1.0));
        Assert.Equal("1.0e+15", RealFormatter.FormatText(1e15));
    }

    private static void AssertLikeSqlite(SqliteConnection connection, double value, string context)
    {
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = "SELECT printf('%.3f', $v), CAST($v AS TEXT), printf('%.0f', $v), printf('%.6f', $v)";
        command.Parameters.AddWithValue("$v", value);
        using SqliteDataReader reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.True(reader.GetString(0) == RealFormatter.FormatFixed(value, 3), $"{context}: %.3f sqlite '{reader.GetString(0)}' ours '{RealFormatter.FormatFixed(value, 3)}'");
        Assert.True(reader.GetString(1) == RealFormatter.FormatText(value), $"{context}: text sqlite '{reader.GetString(1)}' ours '{RealFormatter.FormatText(value)}'");
        Assert.True(reader.GetString(2) == RealFormatter.FormatFixed(value, 0), $"{context}: %.0f sqlite '{reader.GetString(2)}' ours '{RealFormatter.FormatFixed(value, 0)}'");
        Assert.True(reader.GetString(3) == RealFormatter.FormatFixed(value, 6), $"{context}: %.6f sqlite '{reader.GetString(3)}' ours '{RealFormatter.FormatFixed(value, 6)}'");
    }

    private static SqliteConnection Open()
    {
        var connection = new SqliteConnection("Data Source=:memory:");
        connection.Open();
        return connection;
    }
}
