using System.Text;

namespace SharpCoreDB.Tests.Types;

/// <summary>GetFieldValue&lt;T&gt; and the stream, reader and char getters for every CLR type in docs/TYPES.md.</summary>
public sealed class GetFieldValueTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public GetFieldValueTests() => _connection.Open();

    public void Dispose() => _connection.Dispose();

    public static TheoryData<ClrSample> Samples()
    {
        var data = new TheoryData<ClrSample>();
        foreach (ClrSample sample in ClrSample.SharedWithSqlite)
        {
            data.Add(sample);
        }

        data.Add(ClrSample.Of(Guid.Parse("01020304-0506-0708-090a-0b0c0d0e0f10")));
        data.Add(ClrSample.Of(TimeSpan.FromDays(-3.25)));
        data.Add(ClrSample.Of(TimeSpan.MaxValue));
        data.Add(ClrSample.Of(1.50m));
        data.Add(ClrSample.Of(decimal.MinValue));
        data.Add(ClrSample.Of(0.0000000000000000000000000001m));
        return data;
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Every_clr_type_binds_and_reads_back_as_itself_nullable_or_not(ClrSample sample)
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT @v, NULL";
        command.Parameters.AddWithValue("@v", sample.Value);
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        object? back = sample.Read(reader, 0);
        object? expected = sample.Value is DateTime { Kind: not DateTimeKind.Unspecified } d
            ? DateTime.SpecifyKind(d, DateTimeKind.Unspecified)
            : sample.Value;
        Assert.True(ClrSample.Same(expected, back), $"{sample}: read back {back}");
        if (sample.Value is decimal dec)
        {
            Assert.Equal(decimal.GetBits(dec), decimal.GetBits((decimal)back!));
        }

        // Nullable<T> reads the value, and NULL as null; a non-nullable T refuses NULL with InvalidCastException.
        var nullable = typeof(GetFieldValueTests).GetMethod(nameof(ReadNullable), System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)!;
        if (sample.Value.GetType().IsValueType)
        {
            var read = nullable.MakeGenericMethod(sample.Value.GetType());
            Assert.True(ClrSample.Same(expected, read.Invoke(null, [reader, 0])));
            Assert.Null(read.Invoke(null, [reader, 1]));
            Assert.Throws<InvalidCastException>(() => sample.Read(reader, 1));
        }
        else
        {
            Assert.Null(sample.Read(reader, 1));
        }
    }

    [Fact]
    public void Streams_text_readers_and_memory_read_blobs_and_text()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT X'010203', 'héllo', 42, NULL";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        using (Stream stream = reader.GetStream(0))
        {
            Assert.False(stream.CanWrite);
            var bytes = new byte[10];
            Assert.Equal(3, stream.Read(bytes));
        }

        using (Stream stream = reader.GetFieldValue<Stream>(1))
        using (var text = new StreamReader(stream, Encoding.UTF8))
        {
            Assert.Equal("héllo", text.ReadToEnd());
        }

        Assert.Equal("héllo", reader.GetTextReader(1).ReadToEnd());
        Assert.Equal("42", reader.GetFieldValue<TextReader>(2).ReadToEnd());
        Assert.Equal(new byte[] { 1, 2, 3 }, reader.GetFieldValue<ReadOnlyMemory<byte>>(0).ToArray());
        Assert.Equal(new byte[] { 1, 2, 3 }, reader.GetFieldValue<ReadOnlyMemory<byte>?>(0)!.Value.ToArray());
        Assert.Null(reader.GetFieldValue<Stream>(3));
        Assert.Null(reader.GetFieldValue<TextReader>(3));
        Assert.Null(reader.GetFieldValue<ReadOnlyMemory<byte>?>(3));
        Assert.Throws<InvalidCastException>(() => reader.GetStream(3));
    }

    [Fact]
    public void Char_reads_one_character_text_or_a_code_point_and_refuses_others_with_a_message()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT 'x', 120, 'xy', -1";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal('x', reader.GetChar(0));
        Assert.Equal('x', reader.GetFieldValue<char>(1));
        Assert.Contains("not one character", Assert.Throws<InvalidCastException>(() => reader.GetChar(2)).Message, StringComparison.Ordinal);
        Assert.Throws<InvalidCastException>(() => reader.GetFieldValue<char?>(3));
    }

    [Fact]
    public void Wrong_types_are_invalid_cast_with_the_column_and_value_named()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT 'not a date' AS d, X'00' AS b";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        foreach (Action read in new Action[]
        {
            () => reader.GetDateTime(0), () => reader.GetFieldValue<DateTimeOffset>(0), () => reader.GetFieldValue<DateOnly>(0),
            () => reader.GetFieldValue<TimeOnly>(0), () => reader.GetFieldValue<TimeSpan>(0), () => reader.GetFieldValue<Guid>(0),
            () => reader.GetFieldValue<TimeSpan?>(1), () => reader.GetFieldValue<Uri>(0),
        })
        {
            var error = Assert.Throws<InvalidCastException>(read);
            Assert.Contains("Column", error.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Dates_read_from_julian_days_text_forms_and_offsets()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT 2460370.5, '2024-02-29T13:45:10.5Z', '2024-02-29 13:45:10.1234567-05:30', '13:45', '2024-02-29', 0.75";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal(new DateTime(2024, 3, 1), reader.GetFieldValue<DateTime>(0));
        Assert.Equal(new DateOnly(2024, 3, 1), reader.GetFieldValue<DateOnly>(0));
        Assert.Equal(new DateTimeOffset(2024, 3, 1, 0, 0, 0, TimeSpan.Zero), reader.GetFieldValue<DateTimeOffset>(0));
        Assert.Equal(new DateTime(2024, 2, 29, 13, 45, 10, 500, DateTimeKind.Utc), reader.GetFieldValue<DateTime>(1));
        Assert.Equal(new TimeOnly(13, 45, 10, 500), reader.GetFieldValue<TimeOnly>(1));
        var offset = reader.GetFieldValue<DateTimeOffset>(2);
        Assert.Equal(TimeSpan.FromMinutes(-330), offset.Offset);
        Assert.Equal(new DateTime(2024, 2, 29, 13, 45, 10).AddTicks(1234567), offset.DateTime);
        Assert.Equal(new TimeOnly(13, 45), reader.GetFieldValue<TimeOnly>(3));
        Assert.Equal(new DateOnly(2024, 2, 29), reader.GetFieldValue<DateOnly>(4));
        Assert.Equal(new TimeOnly(18, 0), reader.GetFieldValue<TimeOnly>(5));
    }

    private static T? ReadNullable<T>(SharpCoreDBDataReader reader, int ordinal)
        where T : struct => reader.GetFieldValue<T?>(ordinal);
}
