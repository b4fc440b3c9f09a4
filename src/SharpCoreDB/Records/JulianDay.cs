namespace SharpCoreDB.Records;

/// <summary>
/// Dates and times as numbers: Julian day numbers (days since noon UTC, 24 November 4714 BC, proleptic Gregorian —
/// what SQLite's <c>julianday()</c> returns and what Microsoft.Data.Sqlite reads a number as) and Unix seconds.
/// </summary>
/// <remarks>
/// Julian days carry millisecond precision, as in SQLite (it keeps a Julian day as whole milliseconds) and
/// Microsoft.Data.Sqlite: a number is rounded to the nearest millisecond, a DateTime truncated to its millisecond.
/// </remarks>
internal static class JulianDay
{
    // julianday('0001-01-01 00:00:00') = 1721425.5 days, in milliseconds: DateTime tick 0.
    private const long MillisecondsAtTickZero = 148_731_163_200_000;
    private const double MillisecondsPerDay = 86_400_000.0;

    /// <summary>The Julian day number of a date and time (its kind is ignored), to the millisecond.</summary>
    /// <param name="value">The date and time.</param>
    /// <returns>The Julian day.</returns>
    public static double FromDateTime(DateTime value) =>
        ((value.Ticks / TimeSpan.TicksPerMillisecond) + MillisecondsAtTickZero) / MillisecondsPerDay;

    /// <summary>The date and time of a Julian day number, as SQLite computes it (rounded to the millisecond).</summary>
    /// <param name="julianDay">The Julian day.</param>
    /// <param name="value">The date and time (<see cref="DateTimeKind.Unspecified"/>).</param>
    /// <returns>Whether the number is a date and time <see cref="DateTime"/> can hold.</returns>
    public static bool TryToDateTime(double julianDay, out DateTime value)
    {
        value = default;
        // NaN fails both comparisons; the bounds keep the multiplication far from long overflow.
        if (!(julianDay >= 0 && julianDay < 1e9))
        {
            return false;
        }

        long ms = (long)((julianDay * MillisecondsPerDay) + 0.5) - MillisecondsAtTickZero;
        if (ms < 0 || ms > DateTime.MaxValue.Ticks / TimeSpan.TicksPerMillisecond)
        {
            return false;
        }

        value = new DateTime(ms * TimeSpan.TicksPerMillisecond);
        return true;
    }

    /// <summary>Whole Unix seconds of a date and time (its kind is ignored), rounded toward the past.</summary>
    /// <param name="value">The date and time, taken as UTC.</param>
    /// <returns>Seconds since 1970-01-01 00:00:00.</returns>
    public static long ToUnixSeconds(DateTime value) =>
        (long)Math.Floor((value.Ticks - DateTime.UnixEpoch.Ticks) / (double)TimeSpan.TicksPerSecond);

    /// <summary>The UTC date and time of a Unix time in seconds (a fraction is kept to the tick).</summary>
    /// <param name="seconds">Seconds since 1970-01-01 00:00:00 UTC.</param>
    /// <param name="value">The date and time (<see cref="DateTimeKind.Utc"/>).</param>
    /// <returns>Whether the number is a date and time <see cref="DateTime"/> can hold.</returns>
    public static bool TryFromUnixSeconds(double seconds, out DateTime value)
    {
        value = default;
        const double first = -62_135_596_800.0;
        const double last = 253_402_300_800.0;
        if (!(seconds >= first && seconds < last))
        {
            return false;
        }

        long ticks = DateTime.UnixEpoch.Ticks + (long)Math.Round(seconds * TimeSpan.TicksPerSecond);
        if (ticks < 0 || ticks > DateTime.MaxValue.Ticks)
        {
            return false;
        }

        value = new DateTime(ticks, DateTimeKind.Utc);
        return true;
    }

    /// <summary>The UTC date and time of whole Unix seconds.</summary>
    /// <param name="seconds">Seconds since 1970-01-01 00:00:00 UTC.</param>
    /// <param name="value">The date and time (<see cref="DateTimeKind.Utc"/>).</param>
    /// <returns>Whether the number is a date and time <see cref="DateTime"/> can hold.</returns>
    public static bool TryFromUnixSeconds(long seconds, out DateTime value)
    {
        value = default;
        const long first = -62_135_596_800;
        const long last = 253_402_300_799;
        if (seconds < first || seconds > last)
        {
            return false;
        }

        value = new DateTime(DateTime.UnixEpoch.Ticks + (seconds * TimeSpan.TicksPerSecond), DateTimeKind.Utc);
        return true;
    }
}
