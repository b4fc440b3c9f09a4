using System.Data;
using System.Globalization;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Types;

/// <summary>
/// Dates, times and durations as parameters: the exact text Microsoft.Data.Sqlite binds, what SQLite's functions make
/// of it, DateTime.Kind, the sortable TimeSpan form, Unix seconds in a UNIXTIME column, and the storage overrides.
/// </summary>
public sealed class TemporalBindingTests : IDisposable
{
    private readonly SharpCoreDBConnection _ours = new("Data Source=:memory:");
    private readonly SqliteConnection _sqlite = new("Data Source=:memory:");

    public TemporalBindingTests()
    {
        _ours.Open();
        _sqlite.Open();
    }

    public void Dispose()
    {
        _ours.Dispose();
        _sqlite.Dispose();
    }

    public static TheoryData<object> TemporalValues() => new()
    {
        new DateTime(2024, 2, 29, 13, 45, 10).AddTicks(1234567),
        new DateTime(2024, 2, 29, 13, 45, 10, DateTimeKind.Utc).AddTicks(1000),
        new DateTime(2024, 2, 29, 13, 45, 10, DateTimeKind.Local),
        new DateTime(2024, 2, 29),
        DateTime.MinValue,
        DateTime.MaxValue,
        new DateTimeOffset(2024, 2, 29, 13, 45, 10, TimeSpan.FromHours(2)).AddTicks(5),
        new DateTimeOffset(2024, 2, 29, 23, 30, 0, TimeSpan.FromMinutes(-570)),
        new DateTimeOffset(2024, 2, 29, 13, 45, 10, TimeSpan.Zero),
        DateTimeOffset.MinValue,
        new DateOnly(2024, 2, 29),
        DateOnly.MaxValue,
        new TimeOnly(13, 45, 10),
        new TimeOnly(13, 45, 10).Add(TimeSpan.FromTicks(5)),
        TimeOnly.MaxValue,
    };

    [Theory]
    [MemberData(nameof(TemporalValues))]
    public void Dates_and_times_bind_as_the_text_microsoft_data_sqlite_binds_and_sql_functions_read_it_alike(object value)
    {
        const string sql = "SELECT typeof(@v), quote(@v), date(@v), time(@v), datetime(@v), julianday(@v), unixepoch(@v), "
            + "strftime('%Y-%m-%d %H:%M:%f|%s|%J', @v), @v > '2024-02-29', @v < '2024-02-29 13:45:10.1234568', unixepoch(@v, 'subsec')";
        Assert.Equal(Row(_sqlite, sql, value), Row(_ours, sql, value));
    }

    [Fact]
    public void DateTime_kind_is_not_converted_and_reads_back_unspecified_or_utc_from_a_zone()
    {
        Execute("CREATE TABLE k(id INTEGER PRIMARY KEY, at DATETIME)");
        var local = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Local);
        var utc = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        Insert("INSERT INTO k VALUES (1, @v)", local);
        Insert("INSERT INTO k VALUES (2, @v)", utc);
        Insert("INSERT INTO k VALUES (3, @v)", new DateTimeOffset(2024, 5, 6, 9, 8, 9, TimeSpan.FromHours(2)));

        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT at FROM k ORDER BY id";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal("2024-05-06 07:08:09", reader.GetString(0));
        Assert.Equal(new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Unspecified), reader.GetDateTime(0));
        Assert.Equal(DateTimeKind.Unspecified, reader.GetDateTime(0).Kind);
        Assert.True(reader.Read());
        Assert.Equal(DateTimeKind.Unspecified, reader.GetFieldValue<DateTime>(0).Kind);
        Assert.True(reader.Read());
        // A zone: the same moment in UTC, as Microsoft.Data.Sqlite 10 reads it; the offset survives as DateTimeOffset.
        Assert.Equal(utc, reader.GetDateTime(0));
        Assert.Equal(DateTimeKind.Utc, ((DateTime)reader.GetValue(0)).Kind);
        Assert.Equal(TimeSpan.FromHours(2), reader.GetFieldValue<DateTimeOffset>(0).Offset);
    }

    [Fact]
    public void TimeSpan_text_sorts_in_duration_order_over_the_whole_range_and_reads_back()
    {
        int seed = Scalar.StressScale.Seed(1919);
        var random = new Random(seed);
        var values = new List<TimeSpan>
        {
            TimeSpan.MinValue, TimeSpan.MaxValue, TimeSpan.Zero, TimeSpan.FromTicks(1), TimeSpan.FromTicks(-1),
            TimeSpan.FromDays(-1), TimeSpan.FromDays(-2), TimeSpan.FromHours(-25.5), TimeSpan.FromDays(10_000_000),
            new(TimeSpan.MinValue.Ticks + 1), new(TimeSpan.MaxValue.Ticks - 1),
        };
        for (int i = 0; i < 300; i++)
        {
            long ticks = random.NextInt64(long.MinValue, long.MaxValue);
            values.Add(new TimeSpan(ticks >> random.Next(64)));
        }

        Execute("CREATE TABLE s(id INTEGER PRIMARY KEY, d TEXT)");
        Execute("CREATE INDEX s_d ON s(d)");
        for (int i = 0; i < values.Count; i++)
        {
            Insert($"INSERT INTO s VALUES ({i}, @v)", values[i]);
        }

        var sorted = values.Select((v, i) => (v, i)).OrderBy(p => p.v).ThenBy(p => p.i).Select(p => p.v).ToList();
        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT d FROM s ORDER BY d, id";
        using var reader = command.ExecuteReader();
        var read = new List<TimeSpan>();
        while (reader.Read())
        {
            read.Add(reader.GetFieldValue<TimeSpan>(0));
        }

        Assert.True(sorted.SequenceEqual(read), $"seed {seed}");
        Assert.Equal("00000001.02:03:04.5000000", Text(new TimeSpan(1, 2, 3, 4, 500)));
        Assert.Equal("-000000000.00:00:00.0000000", Text(TimeSpan.MinValue));
        Assert.Equal("-010675199.02:48:05.4775807", Text(TimeSpan.FromTicks(-1)));
    }

    [Theory]
    [InlineData("1.02:03:04", 1, 2, 3, 4, 0)]
    [InlineData("-1.02:03:04.5", -1, -2, -3, -4, -500)]
    [InlineData("00:00:01", 0, 0, 0, 1, 0)]
    [InlineData("00000001.02:03:04.0000000", 1, 2, 3, 4, 0)]
    public void TimeSpan_reads_dotnet_c_form_as_microsoft_data_sqlite_writes_it(string text, int days, int hours, int minutes, int seconds, int ms)
    {
        Assert.Equal(new TimeSpan(days, hours, minutes, seconds, ms), ReadText<TimeSpan>(text));
    }

    [Fact]
    public void TimeSpan_reads_real_days_and_storage_override_real_binds_days()
    {
        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT typeof(@v), @v";
        command.Parameters.Add(new SharpCoreDBParameter("@v", TimeSpan.FromHours(1.5)) { StorageType = SharpCoreDBType.Real });
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal("real", reader.GetString(0));
        Assert.Equal(0.0625, reader.GetDouble(1));
        Assert.Equal(TimeSpan.FromHours(1.5), reader.GetFieldValue<TimeSpan>(1));
    }

    [Fact]
    public void Unixtime_column_reads_integer_and_real_unix_seconds_as_utc()
    {
        Execute("CREATE TABLE u(id INTEGER PRIMARY KEY, at UNIXTIME, at2 UNIXEPOCH)");
        Execute("INSERT INTO u VALUES (1, 1709214310, 1709214310.25)");
        Execute("INSERT INTO u VALUES (2, unixepoch('2000-01-01'), '2000-01-01 00:00:00')");
        var when = new DateTime(2024, 2, 29, 13, 45, 10, DateTimeKind.Utc);
        using (var insert = _ours.CreateCommand())
        {
            insert.CommandText = "INSERT INTO u VALUES (3, @v, @v)";
            insert.Parameters.Add(new SharpCoreDBParameter("@v", when) { StorageType = SharpCoreDBType.Integer });
            insert.ExecuteNonQuery();
        }

        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT at, at2, typeof(at), datetime(at, 'unixepoch') FROM u ORDER BY id";
        using var reader = command.ExecuteReader();
        Assert.Equal(typeof(DateTime), reader.GetFieldType(0));
        Assert.True(reader.Read());
        Assert.Equal(when, reader.GetValue(0));
        Assert.Equal(DateTimeKind.Utc, reader.GetDateTime(0).Kind);
        Assert.Equal(when.AddMilliseconds(250), reader.GetDateTime(1));
        Assert.True(reader.Read());
        Assert.Equal(new DateTime(2000, 1, 1), reader.GetDateTime(0));
        Assert.Equal(new DateTime(2000, 1, 1), reader.GetDateTime(1));
        Assert.True(reader.Read());
        Assert.Equal("integer", reader.GetString(2));
        Assert.Equal(when, reader.GetDateTime(0));
        Assert.Equal("2024-02-29 13:45:10", reader.GetString(3));
    }

    public static TheoryData<object, SharpCoreDBType?, DbType?, string> Overrides() => new()
    {
        { new DateTime(2024, 2, 29, 12, 0, 0), SharpCoreDBType.Real, null, "real 2460370.0" },
        { new DateTime(2024, 2, 29, 12, 0, 0), null, DbType.Double, "real 2460370.0" },
        { new DateTime(2024, 2, 29, 12, 0, 0), SharpCoreDBType.Integer, null, "integer 1709208000" },
        { new DateTime(2024, 2, 29, 12, 0, 0), SharpCoreDBType.Text, null, "text '2024-02-29 12:00:00'" },
        { new DateTime(2024, 2, 29, 12, 0, 0), null, DbType.DateTime, "text '2024-02-29 12:00:00'" },
        { new DateTimeOffset(2024, 2, 29, 14, 0, 0, TimeSpan.FromHours(2)), SharpCoreDBType.Real, null, "real 2460370.0" },
        { new DateTimeOffset(2024, 2, 29, 14, 0, 0, TimeSpan.FromHours(2)), SharpCoreDBType.Integer, null, "integer 1709208000" },
        { new DateOnly(2024, 2, 29), SharpCoreDBType.Real, null, "real 2460369.5" },
        { new TimeOnly(12, 0), SharpCoreDBType.Real, null, "real 0.5" },
        { 'x', SharpCoreDBType.Integer, null, "integer 120" },
        { 'x', null, DbType.Int32, "integer 120" },
        { Guid.Parse("01020304-0506-0708-090a-0b0c0d0e0f10"), SharpCoreDBType.Text, null, "text '01020304-0506-0708-090A-0B0C0D0E0F10'" },
        { Guid.Parse("01020304-0506-0708-090a-0b0c0d0e0f10"), null, DbType.String, "text '01020304-0506-0708-090A-0B0C0D0E0F10'" },
        { Guid.Parse("01020304-0506-0708-090a-0b0c0d0e0f10"), null, DbType.Guid, "blob X'0102030405060708090A0B0C0D0E0F10'" },
        { Guid.Parse("01020304-0506-0708-090a-0b0c0d0e0f10"), null, null, "blob X'0102030405060708090A0B0C0D0E0F10'" },
        { 1.25m, SharpCoreDBType.Real, null, "real 1.25" },
        { 1.25m, SharpCoreDBType.Text, null, "text '1.25'" },
        { 42, SharpCoreDBType.Text, null, "integer 42" },
        { new byte[] { 1, 2 }, null, DbType.Binary, "blob X'0102'" },
    };

    [Theory]
    [MemberData(nameof(Overrides))]
    public void Storage_overrides_choose_the_documented_form(object value, SharpCoreDBType? storage, DbType? dbType, string expected)
    {
        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT typeof(@v) || ' ' || quote(@v)";
        var parameter = new SharpCoreDBParameter("@v", value) { StorageType = storage };
        if (dbType is { } set)
        {
            parameter.DbType = set;
        }

        command.Parameters.Add(parameter);
        Assert.Equal(expected, command.ExecuteScalar());
    }

    [Fact]
    public void Real_override_gives_the_julian_day_microsoft_data_sqlite_gives()
    {
        var when = new DateTime(2024, 2, 29, 13, 45, 10, 123);
        using var ours = _ours.CreateCommand();
        ours.CommandText = "SELECT @v";
        ours.Parameters.Add(new SharpCoreDBParameter("@v", when) { StorageType = SharpCoreDBType.Real });
        using var theirs = _sqlite.CreateCommand();
        theirs.CommandText = "SELECT @v";
        theirs.Parameters.Add(new SqliteParameter("@v", when) { SqliteType = SqliteType.Real });
        Assert.Equal(theirs.ExecuteScalar(), ours.ExecuteScalar());
    }

    [Fact]
    public void Size_cuts_strings_and_byte_arrays_as_microsoft_data_sqlite_does()
    {
        foreach (object value in new object[] { "hello", new byte[] { 1, 2, 3 }, "hi", 12345 })
        {
            using var ours = _ours.CreateCommand();
            ours.CommandText = "SELECT quote(@v)";
            ours.Parameters.Add(new SharpCoreDBParameter("@v", value) { Size = 2 });
            using var theirs = _sqlite.CreateCommand();
            theirs.CommandText = "SELECT quote(@v)";
            theirs.Parameters.Add(new SqliteParameter("@v", value) { Size = 2 });
            Assert.Equal(theirs.ExecuteScalar(), ours.ExecuteScalar());
        }
    }

    [Fact]
    public void Ulong_above_long_max_is_refused_with_type_mismatch_not_overflow()
    {
        foreach (object value in new object[] { ulong.MaxValue, (ulong)long.MaxValue + 1, HugeEnum.Top, (ulong?)ulong.MaxValue })
        {
            using var command = _ours.CreateCommand();
            command.CommandText = "SELECT @v";
            command.Parameters.AddWithValue("@v", value);
            var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
            Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
            Assert.Contains("does not fit a 64-bit signed INTEGER", error.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Memory_and_read_only_memory_bind_as_blobs()
    {
        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT quote(@a) || quote(@b)";
        command.Parameters.AddWithValue("@a", new ReadOnlyMemory<byte>([1, 2, 3], 1, 2));
        command.Parameters.AddWithValue("@b", new Memory<byte>([9]));
        Assert.Equal("X'0203'X'09'", command.ExecuteScalar());
    }

    private T ReadText<T>(string text)
    {
        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT @v";
        command.Parameters.AddWithValue("@v", text);
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        return reader.GetFieldValue<T>(0);
    }

    private string Text(object value)
    {
        using var command = _ours.CreateCommand();
        command.CommandText = "SELECT @v";
        command.Parameters.AddWithValue("@v", value);
        return (string)command.ExecuteScalar()!;
    }

    private void Execute(string sql)
    {
        using var command = _ours.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private void Insert(string sql, object value)
    {
        using var command = _ours.CreateCommand();
        command.CommandText = sql;
        command.Parameters.AddWithValue("@v", value);
        command.ExecuteNonQuery();
    }

    private static string Row(System.Data.Common.DbConnection connection, string sql, object value)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        var parameter = command.CreateParameter();
        parameter.ParameterName = "@v";
        parameter.Value = value;
        command.Parameters.Add(parameter);
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        var fields = new string[reader.FieldCount];
        for (int i = 0; i < fields.Length; i++)
        {
            object field = reader.GetValue(i);
            fields[i] = field is double d ? d.ToString("R", CultureInfo.InvariantCulture) : Convert.ToString(field, CultureInfo.InvariantCulture)!;
        }

        return string.Join("|", fields);
    }

    private enum HugeEnum : ulong
    {
        Top = ulong.MaxValue,
    }
}
