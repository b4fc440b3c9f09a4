namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Reading a DATETIME column: a Julian day number, or TEXT in the ISO-8601 forms SQLite's date functions read and write
/// (<c>YYYY-MM-DD[(T| )HH:MM[:SS[.fraction]]][Z|±HH:MM]</c>). Nothing else is guessed at: other text reads as the
/// text through GetValue and fails GetDateTime, so no answer depends on today's date or the machine's culture.
/// </summary>
public sealed class DateTimeReadingTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public DateTimeReadingTests()
    {
        _connection.Open();
        ConnectionTests.Execute(_connection, "CREATE TABLE d(id INTEGER PRIMARY KEY, at DATETIME)");
    }

    public void Dispose() => _connection.Dispose();

    [Theory]
    [InlineData("2024-02-29", 2024, 2, 29, 0, 0, 0, 0, DateTimeKind.Unspecified)]
    [InlineData("2024-02-29 13:45", 2024, 2, 29, 13, 45, 0, 0, DateTimeKind.Unspecified)]
    [InlineData("2024-02-29T13:45:10", 2024, 2, 29, 13, 45, 10, 0, DateTimeKind.Unspecified)]
    [InlineData("2024-02-29 13:45:10.250", 2024, 2, 29, 13, 45, 10, 250, DateTimeKind.Unspecified)]
    [InlineData("2024-02-29 13:45:10Z", 2024, 2, 29, 13, 45, 10, 0, DateTimeKind.Utc)]
    [InlineData("2024-02-29T13:45:10.5+02:00", 2024, 2, 29, 11, 45, 10, 500, DateTimeKind.Utc)]
    [InlineData("2024-03-01 01:00-02:30", 2024, 3, 1, 3, 30, 0, 0, DateTimeKind.Utc)]
    public void Iso_text_reads_as_that_moment(string text, int year, int month, int day, int hour, int minute, int second, int ms, DateTimeKind kind)
    {
        Insert(text);
        using var reader = Read();
        var expected = new DateTime(year, month, day, hour, minute, second, ms, kind);
        Assert.Equal(expected, reader.GetDateTime(0));
        Assert.Equal(kind, reader.GetDateTime(0).Kind);
        Assert.Equal(expected, reader.GetValue(0));
    }

    [Theory]
    [InlineData("10:30")]
    [InlineData("May 5")]
    [InlineData("5/6/2024")]
    [InlineData("2024-02-30")]
    [InlineData("2024-2-3")]
    [InlineData("2024-02-29 25:00")]
    [InlineData("2024-02-29 13:45:10 junk")]
    [InlineData("Thursday, 29 February 2024")]
    [InlineData(" 2024-02-29")]
    [InlineData("")]
    public void Other_text_is_returned_as_text_and_is_not_a_date(string text)
    {
        Insert(text);
        using var reader = Read();
        Assert.Equal(text, reader.GetValue(0));
        Assert.Throws<InvalidCastException>(() => reader.GetDateTime(0));
        Assert.Throws<InvalidCastException>(() => reader.GetFieldValue<DateTime>(0));
    }

    [Fact]
    public void Numbers_read_as_julian_days_as_microsoft_data_sqlite_reads_them()
    {
        using (var insert = _connection.CreateCommand())
        {
            insert.CommandText = "INSERT INTO d(at) VALUES (2460370.5)";
            insert.ExecuteNonQuery();
        }

        using var reader = Read();
        Assert.Equal(new DateTime(2024, 3, 1), reader.GetDateTime(0));
        Assert.Equal(new DateTime(2024, 3, 1), reader.GetValue(0));
    }

    private void Insert(string text)
    {
        using var insert = _connection.CreateCommand();
        insert.CommandText = "INSERT INTO d(at) VALUES (CAST(@at AS TEXT))";
        insert.Parameters.AddWithValue("@at", text);
        insert.ExecuteNonQuery();
    }

    private SharpCoreDBDataReader Read()
    {
        using var select = _connection.CreateCommand();
        select.CommandText = "SELECT at FROM d";
        var reader = select.ExecuteReader();
        Assert.True(reader.Read());
        return reader;
    }
}
