namespace SharpCoreDB.Records;

/// <summary>
/// Writes dates and times as the text Microsoft.Data.Sqlite binds, which is also what SQLite's date and time
/// functions read: <c>yyyy-MM-dd HH:mm:ss.FFFFFFF</c> for a <see cref="DateTime"/> (fraction without trailing zeros,
/// no dot when it is zero, no zone suffix for any <see cref="DateTimeKind"/>), the same followed by <c>±hh:mm</c> for a
/// <see cref="DateTimeOffset"/>, <c>yyyy-MM-dd</c> for a <see cref="DateOnly"/> and <c>HH:mm:ss</c> or
/// <c>HH:mm:ss.fffffff</c> for a <see cref="TimeOnly"/>.
/// </summary>
/// <remarks>
/// Formatted by hand into a caller's buffer, where <c>DateTime.ToString(format)</c> would parse the format on every
/// call: a bound parameter keeps its value and writes this text straight into the record (<see cref="PackedText"/>),
/// so only code that asks for the string allocates one.
/// </remarks>
internal static class TemporalText
{
    /// <summary>The longest text any of the forms has: <c>yyyy-MM-dd HH:mm:ss.fffffff+hh:mm</c>.</summary>
    public const int MaxLength = 33;

    /// <summary>A date and time as <c>yyyy-MM-dd HH:mm:ss.FFFFFFF</c>; the kind is not written.</summary>
    /// <param name="value">The date and time.</param>
    /// <returns>The text.</returns>
    public static string Format(DateTime value)
    {
        Span<char> buffer = stackalloc char[MaxLength];
        return new string(buffer[..WriteDateTime(buffer, value)]);
    }

    /// <summary>A date, time and offset as <c>yyyy-MM-dd HH:mm:ss.FFFFFFF±hh:mm</c> (the clock time at that offset).</summary>
    /// <param name="value">The value.</param>
    /// <returns>The text.</returns>
    public static string Format(DateTimeOffset value)
    {
        Span<char> buffer = stackalloc char[MaxLength];
        return new string(buffer[..WriteDateTimeOffset(buffer, value.DateTime, (int)(value.Offset.Ticks / TimeSpan.TicksPerMinute))]);
    }

    /// <summary>A date as <c>yyyy-MM-dd</c>.</summary>
    /// <param name="value">The date.</param>
    /// <returns>The text.</returns>
    public static string Format(DateOnly value)
    {
        Span<char> buffer = stackalloc char[MaxLength];
        return new string(buffer[..WriteDate(buffer, value)]);
    }

    /// <summary>A time of day as <c>HH:mm:ss</c>, or <c>HH:mm:ss.fffffff</c> when it has a fraction of a second
    /// (Microsoft.Data.Sqlite's two forms).</summary>
    /// <param name="value">The time.</param>
    /// <returns>The text.</returns>
    public static string Format(TimeOnly value)
    {
        Span<char> buffer = stackalloc char[MaxLength];
        return new string(buffer[..WriteTime(buffer, value)]);
    }

    /// <summary>Writes what <see cref="Format(DateTime)"/> returns.</summary>
    /// <param name="buffer">At least <see cref="MaxLength"/> characters.</param>
    /// <param name="value">The date and time.</param>
    /// <returns>The number of characters written.</returns>
    public static int WriteDateTime(Span<char> buffer, DateTime value)
    {
        WriteDate(buffer, value.Year, value.Month, value.Day);
        buffer[10] = ' ';
        int length = WriteTime(buffer, 11, value.TimeOfDay.Ticks);
        int fraction = (int)(value.Ticks % TimeSpan.TicksPerSecond);
        if (fraction == 0)
        {
            return length;
        }

        // FFFFFFF: seven digits without the trailing zeros.
        buffer[length++] = '.';
        int digits = 7;
        while (fraction % 10 == 0)
        {
            fraction /= 10;
            digits--;
        }

        return WriteDigits(buffer, length, fraction, digits);
    }

    /// <summary>Writes what <see cref="Format(DateTimeOffset)"/> returns, from the clock time and the offset.</summary>
    /// <param name="buffer">At least <see cref="MaxLength"/> characters.</param>
    /// <param name="clock">The clock time at the offset.</param>
    /// <param name="offsetMinutes">The offset in minutes.</param>
    /// <returns>The number of characters written.</returns>
    public static int WriteDateTimeOffset(Span<char> buffer, DateTime clock, int offsetMinutes)
    {
        int length = WriteDateTime(buffer, clock);
        buffer[length++] = offsetMinutes < 0 ? '-' : '+';
        int minutes = Math.Abs(offsetMinutes);
        length = WriteDigits(buffer, length, minutes / 60, 2);
        buffer[length++] = ':';
        return WriteDigits(buffer, length, minutes % 60, 2);
    }

    /// <summary>Writes what <see cref="Format(DateOnly)"/> returns.</summary>
    /// <param name="buffer">At least 10 characters.</param>
    /// <param name="value">The date.</param>
    /// <returns>The number of characters written (10).</returns>
    public static int WriteDate(Span<char> buffer, DateOnly value)
    {
        WriteDate(buffer, value.Year, value.Month, value.Day);
        return 10;
    }

    /// <summary>Writes what <see cref="Format(TimeOnly)"/> returns.</summary>
    /// <param name="buffer">At least 16 characters.</param>
    /// <param name="value">The time.</param>
    /// <returns>The number of characters written.</returns>
    public static int WriteTime(Span<char> buffer, TimeOnly value)
    {
        int length = WriteTime(buffer, 0, value.Ticks);
        long fraction = value.Ticks % TimeSpan.TicksPerSecond;
        if (fraction != 0)
        {
            buffer[length++] = '.';
            length = WriteDigits(buffer, length, (int)fraction, 7);
        }

        return length;
    }

    private static void WriteDate(Span<char> buffer, int year, int month, int day)
    {
        WriteDigits(buffer, 0, year, 4);
        buffer[4] = '-';
        WriteDigits(buffer, 5, month, 2);
        buffer[7] = '-';
        WriteDigits(buffer, 8, day, 2);
    }

    // HH:mm:ss of a time of day in ticks.
    private static int WriteTime(Span<char> buffer, int at, long ticks)
    {
        int seconds = (int)(ticks / TimeSpan.TicksPerSecond);
        at = WriteDigits(buffer, at, seconds / 3600, 2);
        buffer[at++] = ':';
        at = WriteDigits(buffer, at, seconds / 60 % 60, 2);
        buffer[at++] = ':';
        return WriteDigits(buffer, at, seconds % 60, 2);
    }

    private static int WriteDigits(Span<char> buffer, int at, int value, int digits)
    {
        for (int i = at + digits - 1; i >= at; i--)
        {
            buffer[i] = (char)('0' + (value % 10));
            value /= 10;
        }

        return at + digits;
    }
}
