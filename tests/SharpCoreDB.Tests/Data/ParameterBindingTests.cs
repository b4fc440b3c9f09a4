namespace SharpCoreDB.Tests.Data;

/// <summary>
/// How parameter values and names bind: names as Microsoft.Data.Sqlite binds them (<c>@a</c>, <c>:a</c> and
/// <c>$a</c> match a parameter named with or without the prefix; <c>@2</c> is a name like any other), plus <c>?</c>
/// and <c>?NNN</c> by position; CLR values that have no SQL form are refused with a <see cref="SharpCoreDBException"/>.
/// </summary>
public sealed class ParameterBindingTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public ParameterBindingTests() => _connection.Open();

    private enum Huge : ulong
    {
        Small = 1,
        Big = ulong.MaxValue,
    }

    public void Dispose() => _connection.Dispose();

    [Fact]
    public void A_named_parameter_that_looks_like_a_number_binds_by_name_only()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT @2";
        command.Parameters.AddWithValue("@a", "first");
        command.Parameters.AddWithValue("@b", "second");
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.MissingParameter, error.ErrorCode);
        Assert.Contains("@2", error.Message, StringComparison.Ordinal);

        command.Parameters.AddWithValue("@2", "named");
        Assert.Equal("named", command.ExecuteScalar());
    }

    [Fact]
    public void Question_mark_parameters_bind_by_name_then_by_position()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT ?2 || ?1";
        command.Parameters.AddWithValue("@a", "first");
        command.Parameters.AddWithValue("@b", "second");
        Assert.Equal("secondfirst", command.ExecuteScalar());

        command.CommandText = "SELECT ?2, @2";
        command.Parameters.AddWithValue("@2", "named");
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal("second", reader.GetString(0));
        Assert.Equal("named", reader.GetString(1));
    }

    [Fact]
    public void A_ulong_above_long_max_is_refused_with_TypeMismatch_also_as_an_enum()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT @v";
        command.Parameters.AddWithValue("@v", Huge.Small);
        Assert.Equal(1L, command.ExecuteScalar());

        foreach (object value in new object[] { ulong.MaxValue, (ulong)long.MaxValue + 1, Huge.Big })
        {
            command.Parameters[0].Value = value;
            var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
            Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
            Assert.Contains("UInt64", error.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("CREATE TABLE p(x CHECK (x > @a))")]
    [InlineData("CREATE TABLE p(x DEFAULT (@a))")]
    [InlineData("CREATE TABLE p(x, CHECK (x <> ?))")]
    [InlineData("CREATE TABLE p(x); CREATE INDEX pi ON p(x) WHERE x > :a")]
    [InlineData("CREATE TABLE p(x); CREATE INDEX pi ON p(x + $a)")]
    [InlineData("CREATE VIEW pv AS SELECT @a AS v")]
    [InlineData("CREATE TABLE p(x); CREATE TRIGGER pt AFTER INSERT ON p BEGIN SELECT @a; END")]
    public void Parameters_in_schema_definitions_are_refused(string sql)
    {
        using var command = _connection.CreateCommand();
        command.CommandText = sql;
        command.Parameters.AddWithValue("@a", 1);
        Assert.Throws<SharpCoreDBException>(() => command.ExecuteNonQuery());

        // Nothing was created that would fail every later statement.
        using var check = _connection.CreateCommand();
        check.CommandText = "SELECT count(*) FROM sqlite_schema WHERE name IN ('pv', 'pi', 'pt') OR sql LIKE '%@a%' OR sql LIKE '%?%'";
        Assert.Equal(0L, check.ExecuteScalar());
    }

    [Fact]
    public void Any_clr_value_binds_or_is_refused_with_a_sharpcoredb_exception()
    {
        ConnectionTests.Execute(_connection, "CREATE TABLE typed(i INTEGER, r REAL, t TEXT, b BLOB, f BOOLEAN, d DATETIME, g GUID, m DECIMAL, n NUMERIC)");
        object?[] values =
        [
            null, DBNull.Value, 0, -1L, long.MinValue, ulong.MaxValue, (ulong)long.MaxValue, Huge.Big, Huge.Small, (byte)255, (sbyte)-1,
            (short)-5, (ushort)65535, uint.MaxValue, float.NaN, double.NaN, double.PositiveInfinity, float.NegativeInfinity, -0.0,
            decimal.MaxValue, decimal.MinValue, 0.1m, "", "\uD800", "a\uDC00b", '\uD800', 'x', Array.Empty<byte>(), new byte[] { 0xff, 0xfe },
            new ReadOnlyMemory<byte>([1, 2]), true, DateTime.MinValue, DateTime.MaxValue, Guid.Empty, TimeSpan.MaxValue,
            DateTimeOffset.MaxValue, new object(), new[] { 1, 2 }, DayOfWeek.Friday, new Uri("http://x/"), 3.5f,
        ];
        using var command = _connection.CreateCommand();
        command.CommandText = "INSERT INTO typed VALUES (@v, @v, @v, @v, @v, @v, @v, @v, @v) RETURNING *";
        var parameter = command.Parameters.AddWithValue("@v", null);
        foreach (object? value in values)
        {
            parameter.Value = value;
            try
            {
                using var reader = command.ExecuteReader();
                while (reader.Read())
                {
                    for (int i = 0; i < reader.FieldCount; i++)
                    {
                        _ = reader.GetValue(i);
                    }
                }
            }
            catch (SharpCoreDBException)
            {
                // Refused with a code: allowed.
            }
            catch (Exception e)
            {
                Assert.Fail($"{value?.GetType().Name ?? "null"} {value}: {e.GetType().FullName}: {e.Message}");
            }
        }
    }
}
