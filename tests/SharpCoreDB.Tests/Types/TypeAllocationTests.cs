using System.Data.Common;

namespace SharpCoreDB.Tests.Types;

/// <summary>
/// Reading and binding the fixed-size types allocates nothing per value: each case is measured against the same work
/// on an INTEGER read with GetInt64 or a long parameter, so what the statement itself costs cancels out, and a string
/// or array per value (48 bytes and more) would show thousands of times over the bound.
/// </summary>
public sealed class TypeAllocationTests : IDisposable
{
    private const int Rows = 500;
    private const int Scans = 20;
    private const int Executions = 2000;
    private const int Rounds = 3;

    // How long a measurement that still allocates keeps measuring: the runtime compiles hot methods again, optimized, on
    // a background thread a while after they get hot, and code not yet optimized boxes values (a char parameter) that
    // the optimized code does not. Run alone, a test can measure before that compilation lands; the steady state is
    // what the bound is about, and an allocation that is really there is still there after this long.
    private const int SettleMilliseconds = 3000;

    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public TypeAllocationTests() => _connection.Open();

    public void Dispose() => _connection.Dispose();

    /// <summary>Each case: the column's declared type, the value stored, and how the value is read back.</summary>
    public static TheoryData<string> ReadCases()
    {
        var data = new TheoryData<string>();
        foreach (string name in s_cases.Keys)
        {
            data.Add(name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(ReadCases))]
    public void Reading_a_value_allocates_nothing_per_row(string name)
    {
        Case sample = s_cases[name];
        double baseline = BytesPerRow(new Case("INTEGER", 12345L, static reader => reader.GetInt64(0)));
        double measured = BytesPerRow(sample);

        // A string per row is 48 bytes or more; what a scan costs per execution is spread over 500 rows.
        Assert.True(measured - baseline < 1.0, $"{name}: {measured:F2} bytes per row, {baseline:F2} for an INTEGER read with GetInt64");
    }

    [Theory]
    [MemberData(nameof(ReadCases))]
    public void Binding_a_parameter_allocates_no_more_than_a_long(string name)
    {
        Case sample = s_cases[name];
        if (sample.Value is null)
        {
            return;
        }

        double baseline = BytesPerExecution(new Case("INTEGER", 12345L, static r => r.GetInt64(0)));
        double measured = BytesPerExecution(sample);
        Assert.True(measured - baseline < 8.0, $"{name}: {measured:F1} bytes per UPDATE, {baseline:F1} with a long parameter");
    }

    /// <summary>BLOB readers: each may allocate the array it returns, and nothing more.</summary>
    public static TheoryData<string> BlobCases() => new() { "byte[] GetFieldValue", "ReadOnlyMemory<byte> GetFieldValue", "Memory<byte>? GetFieldValue", "byte[] GetValue in BLOB" };

    [Theory]
    [MemberData(nameof(BlobCases))]
    public void Reading_a_guid_sized_blob_allocates_only_the_array_returned(string name)
    {
        Case sample = s_blobCases[name];
        double baseline = BytesPerRow(new Case("INTEGER", 12345L, static reader => reader.GetInt64(0)));
        double measured = BytesPerRow(sample);

        // A 16-byte array is 40 bytes on a 64-bit runtime.
        Assert.True(measured - baseline < 41.0, $"{name}: {measured:F2} bytes per row, {baseline:F2} for an INTEGER read with GetInt64");
    }

    /// <summary>Memory bound as a parameter: referenced or held inline like a byte[], never copied per execution.</summary>
    public static TheoryData<string> BlobBindCases() => new() { "byte[] of 16", "ReadOnlyMemory<byte> over an array", "ReadOnlyMemory<byte> of 16", "Memory<byte> over an array" };

    [Theory]
    [MemberData(nameof(BlobBindCases))]
    public void Binding_bytes_allocates_no_more_than_an_array_of_them(string name)
    {
        // Against a byte[] of the same length (referenced, not copied), so what the UPDATE costs for the stored
        // BLOB itself cancels out; a GUID-sized BLOB against a long, as it is held inline.
        object value = s_blobBinds[name];
        int length = value switch
        {
            byte[] bytes => bytes.Length,
            ReadOnlyMemory<byte> memory => memory.Length,
            _ => ((Memory<byte>)value).Length,
        };
        double baseline = length == 16
            ? BytesPerExecution(new Case("INTEGER", 12345L, static r => r.GetInt64(0)))
            : BytesPerExecution(new Case("BLOB", new byte[length], static r => 0));
        double measured = BytesPerExecution(new Case("BLOB", value, static r => 0));
        Assert.True(measured - baseline < 8.0, $"{name}: {measured:F1} bytes per UPDATE, {baseline:F1} with the baseline");
    }

    /// <summary>Values bound one after another, each different, into an indexed column (record and key written).</summary>
    public static TheoryData<string> DistinctCases() => new() { "Guid", "Guid as TEXT", "Guid in BLOB" };

    [Theory]
    [MemberData(nameof(DistinctCases))]
    public void Binding_distinct_values_into_an_indexed_column_allocates_no_more_than_longs(string name)
    {
        Case sample = s_distinctCases[name];
        double baseline = BytesPerDistinctUpdate(new Case("INTEGER", 0L, static r => r.GetInt64(0)), static i => 1_000_000L + i);
        double measured = BytesPerDistinctUpdate(sample, sample.Vary!);
        Assert.True(measured - baseline < 8.0, $"{name}: {measured:F1} bytes per UPDATE, {baseline:F1} with long parameters");
    }

    [Theory]
    [MemberData(nameof(DistinctCases))]
    public void Seeking_a_value_through_an_index_allocates_no_more_than_a_long(string name)
    {
        // Against the same stored values bound from the CLR type that needs no conversion (the BLOB's byte[], the
        // text's string) and read without converting, so the seek's key is as long in both.
        Case sample = s_distinctCases[name];
        Case stored = s_seekBaselines[name];
        double baseline = BytesPerSeek(stored, stored.Vary!);
        double measured = BytesPerSeek(sample, sample.Vary!);
        Assert.True(measured - baseline < 8.0, $"{name}: {measured:F1} bytes per indexed SELECT, {baseline:F1} with the stored form bound and read as is");
    }

    [Fact]
    public void An_enum_reads_from_any_integer_as_Enum_ToObject_converts_it()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT 300, -1, 1099511627776, NULL";
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal((ByteColor)Enum.ToObject(typeof(ByteColor), 300L), reader.GetFieldValue<ByteColor>(0));
        Assert.Equal((WideFlags)Enum.ToObject(typeof(WideFlags), -1L), reader.GetFieldValue<WideFlags>(1));
        Assert.Equal((DayOfWeek)Enum.ToObject(typeof(DayOfWeek), -1L), reader.GetFieldValue<DayOfWeek?>(1));
        Assert.Equal(WideFlags.High, reader.GetFieldValue<WideFlags?>(2));
        Assert.Null(reader.GetFieldValue<ByteColor?>(3));
    }

    // Bytes per row of scanning a one-column table, reading each value with the case's reader.
    private double BytesPerRow(Case sample)
    {
        string table = "r" + Guid.NewGuid().ToString("N");
        Execute($"CREATE TABLE {table} (v {sample.DeclaredType})");
        using (DbTransaction transaction = _connection.BeginTransaction())
        using (var insert = _connection.CreateCommand())
        {
            insert.CommandText = $"INSERT INTO {table} (v) VALUES (@v)";
            insert.Parameters.AddWithValue("@v", sample.Value).StorageType = sample.Storage;
            for (int i = 0; i < Rows; i++)
            {
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        using var select = _connection.CreateCommand();
        select.CommandText = $"SELECT v FROM {table}";
        select.Prepare();
        long checksum = 0;

        // Warmed up past tiered compilation first: a rejit's one-time work may allocate on this thread.
        for (int i = 0; i < 3 * Scans; i++)
        {
            checksum += Scan(select, sample.Read);
        }

        // The least of a few rounds: a one-time allocation by the runtime or the engine shows in one round only, a
        // per-row one in all of them.
        long least = long.MaxValue;
        for (int round = 0; round < Rounds; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < Scans; i++)
            {
                checksum += Scan(select, sample.Read);
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.NotEqual(0, checksum);
        return least / (double)(Scans * Rows);
    }

    private static long Scan(SharpCoreDBCommand select, Func<DbDataReader, long> read)
    {
        long sum = 0;
        using SharpCoreDBDataReader reader = select.ExecuteReader();
        while (reader.Read())
        {
            sum += read(reader);
        }

        return sum;
    }

    // Bytes per UPDATE of one row's column to the parameter (the same row and value each time).
    private double BytesPerExecution(Case sample)
    {
        string table = "b" + Guid.NewGuid().ToString("N");
        Execute($"CREATE TABLE {table} (id INTEGER PRIMARY KEY, v {sample.DeclaredType})");
        Execute($"INSERT INTO {table} (id, v) VALUES (1, NULL)");
        using DbTransaction transaction = _connection.BeginTransaction();
        using var update = _connection.CreateCommand();
        update.CommandText = $"UPDATE {table} SET v = @v WHERE id = 1";
        update.Parameters.AddWithValue("@v", sample.Value).StorageType = sample.Storage;
        update.Prepare();
        for (int i = 0; i < 4 * Executions; i++)
        {
            update.ExecuteNonQuery();
        }

        long least = long.MaxValue;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        for (int round = 0; round < Rounds || (least > 0 && clock.ElapsedMilliseconds < SettleMilliseconds); round++)
        {
            if (round >= Rounds)
            {
                // Gives the background compilation the CPU (see SettleMilliseconds).
                Thread.Sleep(20);
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < Executions; i++)
            {
                update.ExecuteNonQuery();
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        transaction.Rollback();
        return least / (double)Executions;
    }

    // Bytes per UPDATE of one row's indexed column, each execution binding the next of a ring of distinct values
    // (boxed up front, so the application's boxing is not counted).
    private double BytesPerDistinctUpdate(Case sample, Func<int, object> vary)
    {
        string table = "d" + Guid.NewGuid().ToString("N");
        Execute($"CREATE TABLE {table} (id INTEGER PRIMARY KEY, v {sample.DeclaredType})");
        Execute($"CREATE INDEX {table}_v ON {table}(v)");
        Execute($"INSERT INTO {table} (id, v) VALUES (1, NULL)");
        object[] values = Ring(vary);
        using DbTransaction transaction = _connection.BeginTransaction();
        using var update = _connection.CreateCommand();
        update.CommandText = $"UPDATE {table} SET v = @v WHERE id = 1";
        SharpCoreDBParameter parameter = update.Parameters.AddWithValue("@v", values[0]);
        parameter.StorageType = sample.Storage;
        update.Prepare();
        double perExecution = Least(Executions, i =>
        {
            parameter.Value = values[i % values.Length];
            update.ExecuteNonQuery();
            return 1;
        });
        transaction.Rollback();
        return perExecution;
    }

    // Bytes per indexed SELECT of the value itself (a covering seek), read back with the case's reader.
    private double BytesPerSeek(Case sample, Func<int, object> vary)
    {
        string table = "s" + Guid.NewGuid().ToString("N");
        Execute($"CREATE TABLE {table} (id INTEGER PRIMARY KEY, v {sample.DeclaredType})");
        Execute($"CREATE INDEX {table}_v ON {table}(v)");
        object[] values = Ring(vary);
        using (DbTransaction transaction = _connection.BeginTransaction())
        using (var insert = _connection.CreateCommand())
        {
            insert.CommandText = $"INSERT INTO {table} (v) VALUES (@v)";
            SharpCoreDBParameter value = insert.Parameters.AddWithValue("@v", null);
            value.StorageType = sample.Storage;
            foreach (object v in values)
            {
                value.Value = v;
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        using var select = _connection.CreateCommand();
        select.CommandText = $"SELECT v FROM {table} WHERE v = @v";
        SharpCoreDBParameter parameter = select.Parameters.AddWithValue("@v", values[0]);
        parameter.StorageType = sample.Storage;
        select.Prepare();
        return Least(Executions, i =>
        {
            parameter.Value = values[i % values.Length];
            using SharpCoreDBDataReader reader = select.ExecuteReader();
            Assert.True(reader.Read());
            return sample.Read(reader);
        });
    }

    private static object[] Ring(Func<int, object> vary)
    {
        var values = new object[64];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = vary(i);
        }

        return values;
    }

    // Bytes per call of work, the least of a few rounds after a warm-up (see BytesPerRow).
    private static double Least(int calls, Func<int, long> work)
    {
        long checksum = 0;
        for (int i = 0; i < 4 * calls; i++)
        {
            checksum += work(i);
        }

        long least = long.MaxValue;
        for (int round = 0; round < Rounds; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < calls; i++)
            {
                checksum += work(i);
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        GC.KeepAlive(checksum);
        return least / (double)calls;
    }

    private void Execute(string sql)
    {
        using var command = _connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private static readonly Guid s_guid = new("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");

    private static readonly DateTime s_dateTime = new(2024, 3, 9, 8, 30, 15, 123);
    private static readonly DateTimeOffset s_dateTimeOffset = new(2024, 3, 9, 8, 30, 15, 123, TimeSpan.FromHours(-5.5));

    private static readonly Dictionary<string, Case> s_cases = new(StringComparer.Ordinal)
    {
        ["DateTime GetDateTime"] = new("DATETIME", s_dateTime, static r => r.GetDateTime(0).Ticks),
        ["DateTime GetFieldValue"] = new("DATETIME", s_dateTime, static r => r.GetFieldValue<DateTime>(0).Ticks),
        ["DateTime? GetFieldValue"] = new("DATETIME", s_dateTime, static r => r.GetFieldValue<DateTime?>(0)!.Value.Ticks),
        ["DateTime in TEXT"] = new("TEXT", s_dateTime, static r => r.GetDateTime(0).Ticks),
        ["DateTime whole seconds"] = new("DATETIME", new DateTime(2024, 3, 9, 8, 30, 15), static r => r.GetDateTime(0).Ticks),
        ["DateTimeOffset GetFieldValue"] = new("DATETIMEOFFSET", s_dateTimeOffset, static r => r.GetFieldValue<DateTimeOffset>(0).Ticks),
        ["DateTimeOffset? GetFieldValue"] = new("DATETIMEOFFSET", s_dateTimeOffset, static r => r.GetFieldValue<DateTimeOffset?>(0)!.Value.Ticks),
        ["DateTimeOffset GetDateTime"] = new("DATETIMEOFFSET", s_dateTimeOffset, static r => r.GetDateTime(0).Ticks),
        ["DateOnly GetFieldValue"] = new("DATE", new DateOnly(2024, 3, 9), static r => r.GetFieldValue<DateOnly>(0).DayNumber),
        ["DateOnly? GetFieldValue"] = new("DATE", new DateOnly(2024, 3, 9), static r => r.GetFieldValue<DateOnly?>(0)!.Value.DayNumber),
        ["DateOnly GetDateTime"] = new("DATE", new DateOnly(2024, 3, 9), static r => r.GetDateTime(0).Ticks),
        ["TimeOnly GetFieldValue"] = new("TEXT", new TimeOnly(8, 30, 15, 250), static r => r.GetFieldValue<TimeOnly>(0).Ticks),
        ["TimeOnly? GetFieldValue"] = new("TIME", new TimeOnly(8, 30, 15), static r => r.GetFieldValue<TimeOnly?>(0)!.Value.Ticks),
        ["TimeSpan GetFieldValue"] = new("TIMESPAN", TimeSpan.FromHours(26.5), static r => r.GetFieldValue<TimeSpan>(0).Ticks),
        ["TimeSpan? negative GetFieldValue"] = new("TIMESPAN", TimeSpan.FromHours(-26.5), static r => r.GetFieldValue<TimeSpan?>(0)!.Value.Ticks),
        ["decimal GetDecimal"] = new("DECIMAL", 1234.5678m, static r => (long)r.GetDecimal(0)),
        ["decimal? GetFieldValue"] = new("DECIMAL", 1234.5678m, static r => (long)r.GetFieldValue<decimal?>(0)!.Value),
        ["int GetFieldValue"] = new("INTEGER", 42, static r => r.GetFieldValue<int>(0)),
        ["short? GetFieldValue"] = new("INTEGER", (short)42, static r => r.GetFieldValue<short?>(0)!.Value),
        ["ulong GetFieldValue"] = new("INTEGER", 42UL, static r => (long)r.GetFieldValue<ulong>(0)),
        ["double GetDouble"] = new("REAL", 2.5, static r => (long)(r.GetDouble(0) * 2)),
        ["float? GetFieldValue"] = new("REAL", 2.5f, static r => (long)(r.GetFieldValue<float?>(0)!.Value * 2)),
        ["bool GetFieldValue"] = new("BOOLEAN", true, static r => r.GetFieldValue<bool>(0) ? 1 : 0),
        ["enum over int GetFieldValue"] = new("INTEGER", DayOfWeek.Friday, static r => (long)r.GetFieldValue<DayOfWeek>(0)),
        ["enum over byte? GetFieldValue"] = new("INTEGER", ByteColor.Blue, static r => (long)r.GetFieldValue<ByteColor?>(0)!.Value),
        ["enum over ulong GetFieldValue"] = new("INTEGER", WideFlags.High, static r => (long)r.GetFieldValue<WideFlags>(0)),
        ["Guid GetGuid"] = new("GUID", s_guid, static r => r.GetGuid(0).GetHashCode()),
        ["Guid GetFieldValue"] = new("GUID", s_guid, static r => r.GetFieldValue<Guid>(0).GetHashCode()),
        ["Guid? GetFieldValue"] = new("GUID", s_guid, static r => r.GetFieldValue<Guid?>(0)!.Value.GetHashCode()),
        ["Guid in BLOB GetGuid"] = new("BLOB", s_guid, static r => r.GetGuid(0).GetHashCode()),
        ["Guid untyped GetFieldValue"] = new("", s_guid, static r => r.GetFieldValue<Guid>(0).GetHashCode()),
        ["Guid as TEXT GetGuid"] = new("TEXT", s_guid, static r => r.GetGuid(0).GetHashCode(), SharpCoreDBType.Text),
        ["Guid as TEXT in GUID GetFieldValue"] = new("GUID", s_guid, static r => r.GetFieldValue<Guid>(0).GetHashCode(), SharpCoreDBType.Text),
        ["Guid? as TEXT GetFieldValue"] = new("TEXT", s_guid, static r => r.GetFieldValue<Guid?>(0)!.Value.GetHashCode(), SharpCoreDBType.Text),
        ["NULL Guid? GetFieldValue"] = new("GUID", null, static r => r.GetFieldValue<Guid?>(0) is null ? 1 : 0),
        ["bool? GetFieldValue"] = new("BOOLEAN", false, static r => r.GetFieldValue<bool?>(0)!.Value ? 2 : 1),
        ["bool GetBoolean in INTEGER"] = new("INTEGER", true, static r => r.GetBoolean(0) ? 1 : 0),
        ["byte GetByte"] = new("INTEGER", (byte)200, static r => r.GetByte(0)),
        ["byte? GetFieldValue"] = new("INTEGER", (byte)200, static r => r.GetFieldValue<byte?>(0)!.Value),
        ["sbyte GetFieldValue"] = new("INTEGER", (sbyte)-100, static r => r.GetFieldValue<sbyte>(0)),
        ["short GetInt16"] = new("INTEGER", (short)-30000, static r => r.GetInt16(0)),
        ["ushort? GetFieldValue"] = new("INTEGER", (ushort)60000, static r => r.GetFieldValue<ushort?>(0)!.Value),
        ["int GetInt32"] = new("INTEGER", -2_000_000_000, static r => r.GetInt32(0)),
        ["uint GetFieldValue"] = new("INTEGER", 4_000_000_000U, static r => r.GetFieldValue<uint>(0)),
        ["long? GetFieldValue"] = new("INTEGER", -1_234_567_890_123L, static r => r.GetFieldValue<long?>(0)!.Value),
        ["ulong? GetFieldValue"] = new("INTEGER", (ulong)long.MaxValue, static r => (long)r.GetFieldValue<ulong?>(0)!.Value),
        ["float GetFloat"] = new("REAL", 2.5f, static r => (long)(r.GetFloat(0) * 2)),
        ["double? GetFieldValue"] = new("REAL", -1e300, static r => r.GetFieldValue<double?>(0)!.Value < 0 ? 1 : 0),
        ["char GetChar"] = new("TEXT", 'x', static r => r.GetChar(0)),
        ["char GetFieldValue"] = new("TEXT", 'x', static r => r.GetFieldValue<char>(0)),
        ["char? GetFieldValue untyped"] = new("", '~', static r => r.GetFieldValue<char?>(0)!.Value),
        ["char as INTEGER GetChar"] = new("INTEGER", 'x', static r => r.GetChar(0), SharpCoreDBType.Integer),
        ["TimeSpan? GetFieldValue in TEXT"] = new("TEXT", TimeSpan.FromMilliseconds(1234.5), static r => r.GetFieldValue<TimeSpan?>(0)!.Value.Ticks),
        ["NULL int? GetFieldValue"] = new("INTEGER", null, static r => r.GetFieldValue<int?>(0) is null ? 1 : 0),
        ["NULL char? GetFieldValue"] = new("TEXT", null, static r => r.GetFieldValue<char?>(0) is null ? 1 : 0),
        ["NULL DateTime? GetFieldValue"] = new("DATETIME", null, static r => r.GetFieldValue<DateTime?>(0) is null ? 1 : 0),
    };

    private enum ByteColor : byte
    {
        Red = 1,
        Blue = 200,
    }

    [Flags]
    private enum WideFlags : ulong
    {
        None = 0,
        High = 1UL << 40,
    }

    private static readonly Dictionary<string, Case> s_distinctCases = new(StringComparer.Ordinal)
    {
        ["Guid"] = new("GUID", null, static r => r.GetGuid(0).GetHashCode(), Vary: static i => GuidOf(i)),
        ["Guid as TEXT"] = new("TEXT", null, static r => r.GetGuid(0).GetHashCode(), SharpCoreDBType.Text, static i => GuidOf(i)),
        ["Guid in BLOB"] = new("BLOB", null, static r => r.GetFieldValue<Guid?>(0)!.Value.GetHashCode(), Vary: static i => GuidOf(i)),
    };

    private static readonly byte[] s_blobBuffer = new byte[16];

    private static readonly byte[] s_sixteen = s_guid.ToByteArray(bigEndian: true);

    private static readonly Dictionary<string, Case> s_blobCases = new(StringComparer.Ordinal)
    {
        ["byte[] GetFieldValue"] = new("BLOB", s_sixteen, static r => r.GetFieldValue<byte[]>(0)[3]),
        ["ReadOnlyMemory<byte> GetFieldValue"] = new("", s_sixteen, static r => r.GetFieldValue<ReadOnlyMemory<byte>>(0).Span[3]),
        ["Memory<byte>? GetFieldValue"] = new("BLOB", s_sixteen, static r => r.GetFieldValue<Memory<byte>?>(0)!.Value.Span[3]),
        ["byte[] GetValue in BLOB"] = new("BLOB", s_sixteen, static r => ((byte[])r.GetValue(0))[3]),
    };

    private static readonly Dictionary<string, object> s_blobBinds = new(StringComparer.Ordinal)
    {
        ["byte[] of 16"] = s_sixteen,
        ["ReadOnlyMemory<byte> over an array"] = new ReadOnlyMemory<byte>(new byte[100]),
        ["ReadOnlyMemory<byte> of 16"] = new ReadOnlyMemory<byte>(new byte[100], 10, 16),
        ["Memory<byte> over an array"] = new Memory<byte>(new byte[100]),
    };

    private static readonly Dictionary<string, Case> s_seekBaselines = new(StringComparer.Ordinal)
    {
        ["Guid"] = new("GUID", null, static r => r.GetBytes(0, 0, s_blobBuffer, 0, 16), Vary: static i => ((Guid)GuidOf(i)).ToByteArray(bigEndian: true)),
        ["Guid as TEXT"] = new("TEXT", null, static r => r.IsDBNull(0) ? 0 : 1, Vary: static i => ((Guid)GuidOf(i)).ToString("D").ToUpperInvariant()),
        ["Guid in BLOB"] = new("BLOB", null, static r => r.GetBytes(0, 0, s_blobBuffer, 0, 16), Vary: static i => ((Guid)GuidOf(i)).ToByteArray(bigEndian: true)),
    };

    // Distinct GUIDs with every byte in play (upper and lower hex letters in the text form).
    private static object GuidOf(int i)
    {
        Span<byte> bytes = stackalloc byte[16];
        new Random(i + 1).NextBytes(bytes);
        return new Guid(bytes);
    }

    private sealed record Case(string DeclaredType, object? Value, Func<DbDataReader, long> Read, SharpCoreDBType? Storage = null, Func<int, object>? Vary = null);
}
