using System.Data.Common;

namespace SharpCoreDB.Tests.Types;

/// <summary>
/// Dates held packed (their TEXT written on demand) stay packed where the engine compares, hashes or returns them:
/// under NOCASE and RTRIM as under BINARY, and as the result of an application's function. Each case is measured
/// against the same work that needs no string, so what the statement costs cancels out and a string or a box per
/// row (24 bytes and more) shows many times over the bound.
/// </summary>
public sealed class PackedTextAllocationTests : IDisposable
{
    private const int Rows = 500;
    private const int Scans = 20;
    private const int Rounds = 3;

    private static readonly DateTime s_dateTime = new(2024, 3, 9, 8, 30, 15, 123);

    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public PackedTextAllocationTests()
    {
        _connection.Open();
        Execute("CREATE TABLE t(b TEXT, n TEXT COLLATE NOCASE, r TEXT COLLATE RTRIM, i INTEGER)");
        using DbTransaction transaction = _connection.BeginTransaction();
        using var insert = _connection.CreateCommand();
        insert.CommandText = "INSERT INTO t VALUES (@d, @d, @d, 7)";
        insert.Parameters.AddWithValue("@d", s_dateTime);
        for (int i = 0; i < Rows; i++)
        {
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
        _connection.CreateFunction("f_long", static (long x) => x + 1);
        _connection.CreateFunction("f_datetime", static (long x) => s_dateTime.AddTicks(x));
        _connection.CreateFunction("f_datetimeoffset", static (long x) => new DateTimeOffset(s_dateTime.AddTicks(x), TimeSpan.FromHours(2)));
        _connection.CreateFunction("f_dateonly", static (long x) => DateOnly.FromDayNumber(738000 + (int)x));
        _connection.CreateFunction("f_timeonly", static (long x) => new TimeOnly(x));
        _connection.CreateFunction("f_timespan", static (long x) => TimeSpan.FromTicks(x));
    }

    public void Dispose() => _connection.Dispose();

    [Theory]
    [InlineData("n")]
    [InlineData("r")]
    public void Comparing_a_collated_packed_date_allocates_nothing_per_row(string column)
    {
        double baseline = BytesPerRow("SELECT count(*) FROM t WHERE b > '2024-03-09 08:30:15.122'");
        double measured = BytesPerRow($"SELECT count(*) FROM t WHERE {column} > '2024-03-09 08:30:15.122'");
        Assert.True(measured - baseline < 1.0, $"{column}: {measured:F2} bytes per row, {baseline:F2} under BINARY");
    }

    [Theory]
    [InlineData("b")]
    [InlineData("n")]
    [InlineData("r")]
    public void Comparing_a_packed_date_with_a_number_allocates_nothing_per_row(string column)
    {
        // TEXT affinity on the column: the number is compared as its text.
        double baseline = BytesPerRow("SELECT count(*) FROM t WHERE i < 2023");
        double measured = BytesPerRow($"SELECT count(*) FROM t WHERE {column} > 2023");
        Assert.True(measured - baseline < 1.0, $"{column}: {measured:F2} bytes per row, {baseline:F2} comparing integers");
    }

    [Theory]
    [InlineData("n")]
    [InlineData("r")]
    public void Grouping_a_collated_packed_date_allocates_nothing_per_row(string column)
    {
        double baseline = BytesPerRow("SELECT count(*) FROM t GROUP BY b");
        double measured = BytesPerRow($"SELECT count(*) FROM t GROUP BY {column}");
        Assert.True(measured - baseline < 1.0, $"{column}: {measured:F2} bytes per row, {baseline:F2} under BINARY");
    }

    [Theory]
    [InlineData("f_datetime")]
    [InlineData("f_datetimeoffset")]
    [InlineData("f_dateonly")]
    [InlineData("f_timeonly")]
    [InlineData("f_timespan")]
    public void A_temporal_function_result_allocates_nothing_per_call(string function)
    {
        double baseline = BytesPerRow("SELECT count(*) FROM t WHERE f_long(i) IS NOT NULL");
        double measured = BytesPerRow($"SELECT count(*) FROM t WHERE {function}(i) IS NOT NULL");
        Assert.True(measured - baseline < 1.0, $"{function}: {measured:F2} bytes per row, {baseline:F2} for a long result");
    }

    [Fact]
    public void A_temporal_function_result_is_the_text_a_parameter_binds()
    {
        (string Function, object Expected)[] cases =
        [
            ("f_datetime", s_dateTime.AddTicks(7)),
            ("f_datetimeoffset", new DateTimeOffset(s_dateTime.AddTicks(7), TimeSpan.FromHours(2))),
            ("f_dateonly", DateOnly.FromDayNumber(738007)),
            ("f_timeonly", new TimeOnly(7)),
            ("f_timespan", TimeSpan.FromTicks(7)),
        ];
        foreach ((string function, object expected) in cases)
        {
            using var command = _connection.CreateCommand();
            command.CommandText = $"SELECT {function}(7) = @p AND typeof({function}(7)) = 'text'";
            command.Parameters.AddWithValue("@p", expected);
            Assert.True(Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture) == 1, function);
        }
    }

    // Bytes per row of running a query over t's rows.
    private double BytesPerRow(string sql)
    {
        using var select = _connection.CreateCommand();
        select.CommandText = sql;
        select.Prepare();
        long checksum = 0;

        // Warmed up past tiered compilation first: a rejit's one-time work may allocate on this thread.
        for (int i = 0; i < 3 * Scans; i++)
        {
            checksum += Run(select);
        }

        // The least of a few rounds: a one-time allocation shows in one round only, a per-row one in all of them.
        long least = long.MaxValue;
        for (int round = 0; round < Rounds; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < Scans; i++)
            {
                checksum += Run(select);
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.NotEqual(0, checksum);
        return least / (double)(Scans * Rows);
    }

    private static long Run(SharpCoreDBCommand select)
    {
        long sum = 0;
        using SharpCoreDBDataReader reader = select.ExecuteReader();
        while (reader.Read())
        {
            sum += reader.GetInt64(0);
        }

        return sum;
    }

    private void Execute(string sql)
    {
        using var command = _connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
