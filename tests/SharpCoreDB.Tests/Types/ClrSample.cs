using System.Data.Common;

namespace SharpCoreDB.Tests.Types;

/// <summary>One CLR value to bind, and how to read it back as its own type.</summary>
/// <param name="Kind">The CLR type's name, for messages.</param>
/// <param name="Value">The value.</param>
/// <param name="Read">Reads a column as the value's type (GetFieldValue&lt;T&gt;), boxed.</param>
public sealed record ClrSample(string Kind, object Value, Func<DbDataReader, int, object?> Read)
{
    /// <summary>Samples of every CLR type whose bound form Microsoft.Data.Sqlite shares, so SQL sees the same thing in
    /// both (Guid, TimeSpan, decimal and memory have their own forms here and their own tests).</summary>
    public static IReadOnlyList<ClrSample> SharedWithSqlite { get; } =
    [
        Of(true), Of(false),
        Of((byte)0), Of((byte)255), Of((sbyte)-128), Of((sbyte)127), Of((short)-32768), Of((ushort)65535),
        Of(int.MinValue), Of(42), Of(uint.MaxValue), Of(long.MinValue), Of(long.MaxValue), Of(-1L), Of((ulong)long.MaxValue),
        Of(1.5f), Of(-0.25f), Of(0.1), Of(-1e300), Of(3.0),
        Of('x'), Of('é'),
        Of(""), Of("hello"), Of("123"), Of("2024-01-01"), Of("日本"),
        Of(Array.Empty<byte>()), Of(new byte[] { 1, 2, 3 }),
        Of(new DateTime(2024, 2, 29, 13, 45, 10).AddTicks(1234567)),
        Of(new DateTime(2024, 2, 29, 13, 45, 10, DateTimeKind.Utc)),
        Of(new DateTime(1999, 12, 31, 23, 59, 59, 999, DateTimeKind.Local)),
        Of(new DateTime(2024, 1, 1)),
        Of(DateTime.MinValue), Of(DateTime.MaxValue),
        Of(new DateTimeOffset(2024, 2, 29, 13, 45, 10, TimeSpan.FromHours(2)).AddTicks(5)),
        Of(new DateTimeOffset(2024, 2, 29, 13, 45, 10, TimeSpan.FromMinutes(-330))),
        Of(new DateTimeOffset(2023, 12, 31, 23, 0, 0, TimeSpan.Zero)),
        Of(new DateOnly(2024, 2, 29)), Of(DateOnly.MinValue), Of(DateOnly.MaxValue),
        Of(new TimeOnly(13, 45, 10)), Of(TimeOnly.MinValue), Of(TimeOnly.MaxValue), Of(new TimeOnly(0, 0, 1, 500)),
        Of(DayOfWeek.Friday), Of(ByteEnum.High),
    ];

    public static ClrSample Of<T>(T value)
        where T : notnull => new(typeof(T).Name, value, (reader, ordinal) => reader.GetFieldValue<T>(ordinal));

    public override string ToString() => $"{Kind} {Value}";

    /// <summary>Equality as the value's own type: arrays by content, DateTime with its Kind, offsets with the offset.</summary>
    public static bool Same(object? a, object? b) => (a, b) switch
    {
        (byte[] x, byte[] y) => x.AsSpan().SequenceEqual(y),
        (DateTime x, DateTime y) => x.Ticks == y.Ticks && x.Kind == y.Kind,
        (DateTimeOffset x, DateTimeOffset y) => x.EqualsExact(y),
        _ => Equals(a, b),
    };

    /// <summary>The declared column types of the round-trip matrix ("" is untyped).</summary>
    public static TheoryData<string> ColumnTypes { get; } =
        new("INTEGER", "REAL", "TEXT", "BLOB", "NUMERIC", "DECIMAL", "DATETIME", "DATE", "BOOLEAN", "GUID", "");
}

/// <summary>An enum over byte, bound as its underlying integer.</summary>
public enum ByteEnum : byte
{
    Low = 1,
    High = 200,
}
