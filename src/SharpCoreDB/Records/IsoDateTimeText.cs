namespace SharpCoreDB.Records;

/// <summary>
/// Reads the ISO-8601 text forms SQLite's date and time functions read and write, and nothing else:
/// <c>YYYY-MM-DD</c>, optionally followed by <c>T</c> or a space and <c>HH:MM</c>, <c>HH:MM:SS</c> or
/// <c>HH:MM:SS.fraction</c>, optionally followed by <c>Z</c> or <c>±HH:MM</c>.
/// </summary>
/// <remarks>
/// Strict on purpose: a DATETIME column read through the provider must never guess (no culture, no "today" for a
/// missing date, no month names), so the same stored text always gives the same moment on every machine. A time with
/// a zone is converted to UTC (<see cref="DateTimeKind.Utc"/>), as SQLite converts it and as Microsoft.Data.Sqlite 10
/// returns it; one without stays <see cref="DateTimeKind.Unspecified"/>. Fraction digits past the seventh (100 ns
/// ticks) are ignored.
/// </remarks>
internal static class IsoDateTimeText
{
    /// <summary>Parses the text as a <see cref="DateTime"/>.</summary>
    /// <param name="text">The text.</param>
    /// <param name="value">The moment, when the text is in one of the forms: with a zone, converted to UTC
    /// (<see cref="DateTimeKind.Utc"/>); without, <see cref="DateTimeKind.Unspecified"/>.</param>
    /// <returns>Whether the whole text is one of the forms and a valid date and time.</returns>
    public static bool TryParse(ReadOnlySpan<char> text, out DateTime value)
    {
        value = default;
        if (!TryParseParts(text, out long ticks, out bool zoned, out long offset))
        {
            return false;
        }

        // Local time minus its offset is UTC.
        ticks -= offset;
        if (ticks < DateTime.MinValue.Ticks || ticks > DateTime.MaxValue.Ticks)
        {
            return false;
        }

        value = new DateTime(ticks, zoned ? DateTimeKind.Utc : DateTimeKind.Unspecified);
        return true;
    }

    /// <summary>Parses the text as a <see cref="DateTimeOffset"/>, keeping its offset; text without a zone is taken
    /// as UTC (offset zero), never as the machine's local time.</summary>
    /// <param name="text">The text.</param>
    /// <param name="value">The value.</param>
    /// <returns>Whether the whole text is one of the forms and a valid date, time and offset.</returns>
    public static bool TryParse(ReadOnlySpan<char> text, out DateTimeOffset value)
    {
        value = default;
        if (!TryParseParts(text, out long ticks, out _, out long offset))
        {
            return false;
        }

        long utc = ticks - offset;
        if (utc < DateTime.MinValue.Ticks || utc > DateTime.MaxValue.Ticks)
        {
            return false;
        }

        value = new DateTimeOffset(ticks, new TimeSpan(offset));
        return true;
    }

    /// <summary>Parses a time of day alone: <c>HH:MM</c>, <c>HH:MM:SS</c> or <c>HH:MM:SS.fraction</c>.</summary>
    /// <param name="text">The text.</param>
    /// <param name="value">The time.</param>
    /// <returns>Whether the whole text is one of the forms.</returns>
    public static bool TryParseTime(ReadOnlySpan<char> text, out TimeOnly value)
    {
        value = default;
        if (!TryParseTime(text, 0, out long ticks, out int end) || end != text.Length)
        {
            return false;
        }

        value = new TimeOnly(ticks);
        return true;
    }

    // The local date and time in ticks, whether a zone was given, and its offset in ticks (zero without one).
    private static bool TryParseParts(ReadOnlySpan<char> text, out long ticks, out bool zoned, out long offset)
    {
        ticks = 0;
        zoned = false;
        offset = 0;
        if (!Number(text, 0, 4, out int year) || !Is(text, 4, '-') || !Number(text, 5, 2, out int month)
            || !Is(text, 7, '-') || !Number(text, 8, 2, out int day)
            || year < 1 || month < 1 || month > 12 || day < 1 || day > DateTime.DaysInMonth(year, month))
        {
            return false;
        }

        ticks = new DateTime(year, month, day).Ticks;
        int at = 10;
        if (at < text.Length)
        {
            if (!(Is(text, at, 'T') || Is(text, at, ' ')) || !TryParseTime(text, at + 1, out long timeTicks, out at))
            {
                return false;
            }

            ticks += timeTicks;
            if (Is(text, at, 'Z'))
            {
                zoned = true;
                at++;
            }
            else if (Is(text, at, '+') || Is(text, at, '-'))
            {
                if (!Number(text, at + 1, 2, out int zoneHours) || !Is(text, at + 3, ':') || !Number(text, at + 4, 2, out int zoneMinutes)
                    || zoneHours > 14 || zoneMinutes > 59 || (zoneHours == 14 && zoneMinutes > 0))
                {
                    return false;
                }

                offset = (zoneHours * TimeSpan.TicksPerHour) + (zoneMinutes * TimeSpan.TicksPerMinute);
                offset = text[at] == '+' ? offset : -offset;
                zoned = true;
                at += 6;
            }
        }

        return at == text.Length;
    }

    // HH:MM[:SS[.fraction]] from at; end is where it stopped.
    private static bool TryParseTime(ReadOnlySpan<char> text, int at, out long ticks, out int end)
    {
        ticks = 0;
        end = at;
        if (!Number(text, at, 2, out int hour) || !Is(text, at + 2, ':') || !Number(text, at + 3, 2, out int minute) || hour > 23 || minute > 59)
        {
            return false;
        }

        ticks = (hour * TimeSpan.TicksPerHour) + (minute * TimeSpan.TicksPerMinute);
        at += 5;
        if (Is(text, at, ':'))
        {
            if (!Number(text, at + 1, 2, out int second) || second > 59)
            {
                return false;
            }

            ticks += second * TimeSpan.TicksPerSecond;
            at += 3;
            if (Is(text, at, '.'))
            {
                int first = ++at;
                long scale = TimeSpan.TicksPerSecond;
                for (; at < text.Length && char.IsAsciiDigit(text[at]); at++)
                {
                    if (scale > 1)
                    {
                        scale /= 10;
                        ticks += (text[at] - '0') * scale;
                    }
                }

                if (at == first)
                {
                    return false;
                }
            }
        }

        end = at;
        return true;
    }

    private static bool Is(ReadOnlySpan<char> text, int at, char c) => at < text.Length && text[at] == c;

    private static bool Number(ReadOnlySpan<char> text, int at, int digits, out int value)
    {
        value = 0;
        if (at + digits > text.Length)
        {
            return false;
        }

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
}
