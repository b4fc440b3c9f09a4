using System.Globalization;

namespace SharpCoreDB.Records;

/// <summary>
/// The text a <see cref="TimeSpan"/> is stored as: fixed width, so that text order (SQLite's BINARY collation) is
/// the order of the durations over the whole <see cref="TimeSpan"/> range.
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item>Zero or positive: <c>dddddddd.hh:mm:ss.fffffff</c> — 8-digit days (the largest TimeSpan has 10,675,199),
/// then the time and all seven fraction digits; e.g. 1 day 2 hours is <c>00000001.02:00:00.0000000</c>. This is
/// .NET's <c>"c"</c> form with zero padding, so <c>TimeSpan.Parse</c> reads it too.</item>
/// <item>Negative: <c>-</c> then the same fields, with 9-digit days, of the value's distance above
/// <see cref="TimeSpan.MinValue"/> (<c>ticks − MinValue.Ticks</c>): <see cref="TimeSpan.MinValue"/> is
/// <c>-000000000.00:00:00.0000000</c> and -1 tick is <c>-010675199.02:48:05.4775807</c>. <c>-</c> sorts before every
/// digit, so negatives come first, and the distance grows with the value, so they sort among themselves too. The
/// ninth day digit keeps the form apart from a negative <c>"c"</c> form, which never has more than 8.</item>
/// </list>
/// Reading also takes .NET's <c>"c"</c> form (<c>[-][d.]hh:mm:ss[.fffffff]</c>), which Microsoft.Data.Sqlite writes.
/// </remarks>
internal static class TimeSpanText
{
    private const int PositiveDayDigits = 8;
    private const int NegativeDayDigits = 9;

    // days + '.' + hh:mm:ss + '.' + fffffff
    private const int TimeLength = 1 + 8 + 1 + 7;

    /// <summary>The longest text of a duration: a negative one.</summary>
    public const int MaxLength = 1 + NegativeDayDigits + TimeLength;

    /// <summary>The sortable text of a duration.</summary>
    /// <param name="value">The duration.</param>
    /// <returns>The text.</returns>
    public static string Format(TimeSpan value)
    {
        Span<char> buffer = stackalloc char[MaxLength];
        return new string(buffer[..Write(buffer, value)]);
    }

    /// <summary>Writes what <see cref="Format"/> returns.</summary>
    /// <param name="buffer">At least <see cref="MaxLength"/> characters.</param>
    /// <param name="value">The duration.</param>
    /// <returns>The number of characters written.</returns>
    public static int Write(Span<char> buffer, TimeSpan value)
    {
        int at = 0;
        long ticks = value.Ticks;
        int dayDigits = PositiveDayDigits;
        if (ticks < 0)
        {
            buffer[at++] = '-';
            ticks -= TimeSpan.MinValue.Ticks;
            dayDigits = NegativeDayDigits;
        }

        at = Write(buffer, at, ticks / TimeSpan.TicksPerDay, dayDigits);
        buffer[at++] = '.';
        long rest = ticks % TimeSpan.TicksPerDay;
        at = Write(buffer, at, rest / TimeSpan.TicksPerHour, 2);
        buffer[at++] = ':';
        at = Write(buffer, at, rest / TimeSpan.TicksPerMinute % 60, 2);
        buffer[at++] = ':';
        at = Write(buffer, at, rest / TimeSpan.TicksPerSecond % 60, 2);
        buffer[at++] = '.';
        return Write(buffer, at, rest % TimeSpan.TicksPerSecond, 7);
    }

    /// <summary>Reads the sortable form or .NET's <c>"c"</c> form.</summary>
    /// <param name="text">The text.</param>
    /// <param name="value">The duration.</param>
    /// <returns>Whether the text is one of the forms and in range.</returns>
    public static bool TryParse(ReadOnlySpan<char> text, out TimeSpan value)
    {
        if (text.Length == 1 + NegativeDayDigits + TimeLength && text[0] == '-'
            && TryParseFixed(text[1..], NegativeDayDigits, out long distance))
        {
            value = new TimeSpan(distance + TimeSpan.MinValue.Ticks);
            return true;
        }

        if (text.Length == PositiveDayDigits + TimeLength && TryParseFixed(text, PositiveDayDigits, out long ticks))
        {
            value = new TimeSpan(ticks);
            return true;
        }

        return TimeSpan.TryParseExact(text, "c", CultureInfo.InvariantCulture, out value);
    }

    // dayDigits days '.' hh:mm:ss '.' fffffff, every field in range, the total at most TimeSpan.MaxValue.
    private static bool TryParseFixed(ReadOnlySpan<char> text, int dayDigits, out long ticks)
    {
        ticks = 0;
        int at = dayDigits;
        if (!Read(text, 0, dayDigits, out long days) || text[at] != '.'
            || !Read(text, at + 1, 2, out long hours) || text[at + 3] != ':'
            || !Read(text, at + 4, 2, out long minutes) || text[at + 6] != ':'
            || !Read(text, at + 7, 2, out long seconds) || text[at + 9] != '.'
            || !Read(text, at + 10, 7, out long fraction)
            || hours > 23 || minutes > 59 || seconds > 59 || days > TimeSpan.MaxValue.Days)
        {
            return false;
        }

        long time = (hours * TimeSpan.TicksPerHour) + (minutes * TimeSpan.TicksPerMinute) + (seconds * TimeSpan.TicksPerSecond) + fraction;
        if (days == TimeSpan.MaxValue.Days && time > TimeSpan.MaxValue.Ticks % TimeSpan.TicksPerDay)
        {
            return false;
        }

        ticks = (days * TimeSpan.TicksPerDay) + time;
        return true;
    }

    private static bool Read(ReadOnlySpan<char> text, int at, int digits, out long value)
    {
        value = 0;
        for (int i = at; i < at + digits; i++)
        {
            if (!char.IsAsciiDigit(text[i]))
            {
                return false;
            }

            value = (value * 10) + (text[i] - '0');
        }

        return true;
    }

    private static int Write(Span<char> buffer, int at, long value, int digits)
    {
        for (int i = at + digits - 1; i >= at; i--)
        {
            buffer[i] = (char)('0' + (value % 10));
            value /= 10;
        }

        return at + digits;
    }
}
