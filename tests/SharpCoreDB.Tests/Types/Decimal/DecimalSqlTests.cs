using System.Globalization;
using SharpCoreDB.Tests.Data;

namespace SharpCoreDB.Tests.Types.Decimal;

/// <summary>DECIMAL columns through SQL and the provider: numeric order, exact values, scale kept, after reopen.</summary>
public sealed class DecimalSqlTests : IDisposable
{
    private readonly TempDatabase _database = new();

    public void Dispose() => _database.Dispose();

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Order_by_min_max_sort_decimals_numerically_with_or_without_an_index_and_after_reopen(bool indexed)
    {
        using (var connection = Open())
        {
            Execute(connection, "CREATE TABLE items(id INTEGER PRIMARY KEY, price DECIMAL(10,2))");
            if (indexed)
            {
                Execute(connection, "CREATE INDEX items_price ON items(price)");
            }

            Execute(connection, "INSERT INTO items(price) VALUES (9.5), ('100'), (10.25)");
            Insert(connection, 2.75m);
            Insert(connection, 1.50m);
            AssertOrder(connection);
        }

        using (var reopened = Open())
        {
            AssertOrder(reopened);
        }

        static void AssertOrder(SharpCoreDBConnection connection)
        {
            Assert.Equal(["1.50", "2.75", "9.5", "10.25", "100"], Column(connection, "SELECT price FROM items ORDER BY price"));
            Assert.Equal(["100", "10.25", "9.5", "2.75", "1.50"], Column(connection, "SELECT price FROM items ORDER BY price DESC"));
            Assert.Equal(100m, Convert.ToDecimal(Scalar(connection, "SELECT max(price) FROM items"), CultureInfo.InvariantCulture));
            Assert.Equal(1.50m, Scalar(connection, "SELECT min(price) FROM items"));
            Assert.Equal(["9.5", "10.25"], Column(connection, "SELECT price FROM items WHERE price BETWEEN 9 AND 11 ORDER BY price"));
            Assert.Equal(["10.25", "100"], Column(connection, "SELECT price FROM items WHERE price > 9.5 ORDER BY price"));
            Assert.Equal(["10.25"], Column(connection, "SELECT price FROM items WHERE price = 10.25"));
            Assert.Equal(["10.25"], Column(connection, "SELECT price FROM items WHERE price = '10.250'"));
        }
    }

    [Fact]
    public void Decimal_values_keep_their_scale_and_extremes_through_parameters_reopen_and_a_covering_index()
    {
        decimal[] values = [1.50m, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, -123.4500m, 1e20m, 7m, 0.10m];
        using (var connection = Open())
        {
            Execute(connection, "CREATE TABLE amounts(id INTEGER PRIMARY KEY, amount DECIMAL)");
            Execute(connection, "CREATE INDEX amounts_amount ON amounts(amount, id)");
            foreach (decimal value in values)
            {
                using var insert = connection.CreateCommand();
                insert.CommandText = "INSERT INTO amounts(amount) VALUES (@v)";
                insert.Parameters.AddWithValue("@v", value);
                insert.ExecuteNonQuery();
            }
        }

        using var reopened = Open();
        foreach (string sql in new[] { "SELECT amount FROM amounts ORDER BY id", "SELECT amount FROM amounts WHERE amount IS NOT NULL ORDER BY amount" })
        {
            using var command = reopened.CreateCommand();
            command.CommandText = sql;
            using var reader = command.ExecuteReader();
            var read = new List<decimal>();
            while (reader.Read())
            {
                read.Add(reader.GetDecimal(0));
                Assert.Equal(reader.GetDecimal(0), reader.GetFieldValue<decimal>(0));
                Assert.Equal(reader.GetDecimal(0), (decimal)reader.GetValue(0));
            }

            decimal[] expected = sql.Contains("ORDER BY id", StringComparison.Ordinal) ? values : [.. values.Order()];
            Assert.Equal(expected.Select(Bits), read.Select(Bits));
        }
    }

    [Fact]
    public void Equal_decimals_of_different_scales_group_and_deduplicate_together()
    {
        using var connection = Open();
        Execute(connection, "CREATE TABLE t(v DECIMAL)");
        foreach (decimal value in new[] { 1.5m, 1.50m, 1.500m, 3m, 3.0m, 3.00m, 0.1m })
        {
            Insert(connection, value, "t", "v");
        }

        Execute(connection, "INSERT INTO t VALUES (3), ('3.000'), (0.1)");
        Assert.Equal(3L, Scalar(connection, "SELECT count(DISTINCT v) FROM t"));
        Assert.Equal(["2", "3", "5"], Column(connection, "SELECT count(*) FROM t GROUP BY v ORDER BY 1"));
        Assert.Equal(1L, Scalar(connection, "SELECT count(*) FROM (SELECT DISTINCT v FROM t WHERE v < 1)"));

        // 1.5 = 1.50 = 1.5e0, and the literal 0.1 takes the column's affinity, so it finds the stored 0.1 exactly.
        Assert.Equal(3L, Scalar(connection, "SELECT count(*) FROM t WHERE v = 1.5e0"));
        Assert.Equal(2L, Scalar(connection, "SELECT count(*) FROM t WHERE v = 0.1"));
        Assert.Equal(1L, Scalar(connection, "SELECT 1.50 = 1.5"));
    }

    [Fact]
    public void Sql_sees_decimals_as_exact_reals()
    {
        using var connection = Open();
        Execute(connection, "CREATE TABLE t(v DECIMAL, n MONEY)");
        Execute(connection, "INSERT INTO t VALUES (0.1, '0.2')");
        Insert(connection, 5m, "t", "v");
        Assert.Equal(["real", "integer"], Column(connection, "SELECT typeof(v) FROM t ORDER BY rowid"));
        Assert.Equal("real", Scalar(connection, "SELECT typeof(n) FROM t WHERE rowid = 1"));

        // 0.1 + 0.2 is exactly 0.3 in DECIMAL columns, where REAL arithmetic would give 0.30000000000000004.
        Assert.Equal(0.3m, Scalar(connection, "SELECT v + n FROM t WHERE rowid = 1"));
        Assert.Equal(1L, Scalar(connection, "SELECT v + n = CAST('0.3' AS DECIMAL) FROM t WHERE rowid = 1"));

        // Without a DECIMAL affinity on either side the comparison is exact: the double 0.3 is not the decimal 0.3.
        Assert.Equal(0L, Scalar(connection, "SELECT v + n = 0.3 FROM t WHERE rowid = 1"));
        Assert.Equal("0.3", Scalar(connection, "SELECT CAST(v + n AS TEXT) FROM t WHERE rowid = 1"));
        Assert.Equal(0.30000000000000004, Scalar(connection, "SELECT v + 0.2e0 FROM t WHERE rowid = 1"));
        Assert.Equal(-0.1m, Scalar(connection, "SELECT -v FROM t WHERE rowid = 1"));
        Assert.Equal(0.1m, Scalar(connection, "SELECT abs(-v) FROM t WHERE rowid = 1"));
        Assert.Equal(0.05m, Scalar(connection, "SELECT v / 2 FROM t WHERE rowid = 1"));
        Assert.Equal(0.1m, Scalar(connection, "SELECT v % 1 FROM t WHERE rowid = 1"));
        Assert.Equal(DBNull.Value, Scalar(connection, "SELECT v / 0 FROM t WHERE rowid = 1"));
        Assert.Equal(-1L, Scalar(connection, "SELECT sign(-v) FROM t WHERE rowid = 1"));
        Assert.Equal("0.1", Scalar(connection, "SELECT quote(v) FROM t WHERE rowid = 1"));
        Assert.Equal("[0.1]", Scalar(connection, "SELECT json_array(v) FROM t WHERE rowid = 1"));
        Assert.Equal("0.100000", Scalar(connection, "SELECT printf('%f', v) FROM t WHERE rowid = 1"));
        Assert.Equal(0.1m, Scalar(connection, "SELECT max(v, 0.05) FROM t WHERE rowid = 1"));
        Assert.Equal(0.1m, Scalar(connection, "SELECT coalesce(NULL, v) FROM t WHERE rowid = 1"));
        Assert.Equal(2.35m, Scalar(connection, "SELECT round(CAST('2.345' AS DECIMAL), 2)"));
        Assert.Equal(0.1m, Scalar(connection, "SELECT CAST(0.1 AS DECIMAL)"));
        Assert.Equal(0.1, Scalar(connection, "SELECT CAST(v AS REAL) FROM t WHERE rowid = 1"));
        Assert.Equal(0L, Scalar(connection, "SELECT CAST(v AS INTEGER) FROM t WHERE rowid = 1"));
    }

    [Fact]
    public void Aggregates_are_exact_over_decimals_and_total_stays_real()
    {
        using var connection = Open();
        Execute(connection, "CREATE TABLE t(v DECIMAL)");
        for (int i = 0; i < 10; i++)
        {
            Execute(connection, "INSERT INTO t VALUES (0.1)");
        }

        Execute(connection, "INSERT INTO t VALUES (2)");
        Assert.Equal(3.0m, Scalar(connection, "SELECT sum(v) FROM t"));
        Assert.Equal(3.0m / 11, Scalar(connection, "SELECT avg(v) FROM t"));
        Assert.IsType<double>(Scalar(connection, "SELECT total(v) FROM t"));
        Assert.Equal(0.1m, Scalar(connection, "SELECT min(v) FROM t"));
        Assert.Equal(2m, Scalar(connection, "SELECT max(v) FROM t"));

        // Past decimal's range the sum goes on in doubles, as an INTEGER sum overflowing into REAL would.
        Insert(connection, decimal.MaxValue, "t", "v");
        Insert(connection, decimal.MaxValue, "t", "v");
        Assert.IsType<double>(Scalar(connection, "SELECT sum(v) FROM t"));
        Assert.IsType<double>(Scalar(connection, "SELECT max(v) * 2 FROM t"));
    }

    [Fact]
    public void Row_id_ranges_bounded_by_decimal_parameters_seek_like_a_scan()
    {
        using var connection = Open();
        Execute(connection, "CREATE TABLE r(id INTEGER PRIMARY KEY, v)");
        Execute(connection, "INSERT INTO r(id) VALUES (-2), (-1), (1), (2), (3), (4), (5)");
        foreach (decimal bound in new[] { 2.5m, 3m, 3.00m, -1.5m, 5.0001m, -0.5m, 79228162514264337593543950335m })
        {
            foreach (string op in new[] { ">=", ">", "<=", "<", "=" })
            {
                long seek = (long)Scalar(connection, $"SELECT count(*) FROM r WHERE id {op} @p", bound);
                long scan = (long)Scalar(connection, $"SELECT count(*) FROM r WHERE +id {op} @p", bound);
                Assert.True(seek == scan, $"id {op} {bound}: seek {seek}, scan {scan}");
            }
        }
    }

    internal static object Scalar(SharpCoreDBConnection connection, string sql, decimal parameter)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.Parameters.AddWithValue("@p", parameter);
        return command.ExecuteScalar() ?? DBNull.Value;
    }

    internal static object Scalar(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar() ?? DBNull.Value;
    }

    private static int[] Bits(decimal value) => decimal.GetBits(value);

    private static List<string> Column(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        var result = new List<string>();
        while (reader.Read())
        {
            result.Add(Convert.ToString(reader.GetValue(0), CultureInfo.InvariantCulture)!);
        }

        return result;
    }

    private static void Execute(SharpCoreDBConnection connection, string sql) => ConnectionTests.Execute(connection, sql);

    private static void Insert(SharpCoreDBConnection connection, decimal value, string table = "items", string column = "price")
    {
        using var insert = connection.CreateCommand();
        insert.CommandText = $"INSERT INTO {table}({column}) VALUES (@v)";
        insert.Parameters.AddWithValue("@v", value);
        insert.ExecuteNonQuery();
    }

    private SharpCoreDBConnection Open()
    {
        var connection = new SharpCoreDBConnection(_database.ConnectionString());
        connection.Open();
        return connection;
    }
}
