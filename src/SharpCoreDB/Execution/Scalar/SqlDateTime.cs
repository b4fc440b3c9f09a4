using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// A point in time as SQLite's date and time functions compute it: a Julian day number in milliseconds
/// (<see cref="JulianMs"/>), and/or its calendar date and time of day, each valid or not, so that a time value and its
/// modifiers are applied exactly as SQLite's <c>date.c</c> applies them (the same integer arithmetic, the same
/// normalization of days past the end of a month, the same limits). Proleptic Gregorian calendar, years 0000-9999.
/// </summary>
internal struct SqlDateTime
{
    /// <summary>Milliseconds from the Julian day epoch to the Unix epoch.</summary>
    public const long UnixEpochJulianMs = 210_866_760_000_000;

    private const long DayMs = 86_400_000;

    // The last representable moment: 9999-12-31 23:59:59.999.
    private const long MaxJulianMs = 464_269_060_799_999;

    private int _year;
    private int _month;
    private int _day;
    private int _hour;
    private int _minute;
    private double _second;
    private int _tzMinutes;
    private bool _validJd;
    private bool _validYmd;
    private bool _validHms;
    private bool _validTz;
    private bool _rawSeconds;
    private bool _isLocal;
    private bool _isUtc;
    private bool _error;
    private int _floorDays;

    /// <summary>The Julian day number times 86,400,000 (valid after <see cref="ComputeJulian"/>).</summary>
    public long JulianMs { get; private set; }

    /// <summary>The year (valid after <see cref="ComputeDate"/>).</summary>
    public readonly int Year => _year;

    /// <summary>The month, 1-12.</summary>
    public readonly int Month => _month;

    /// <summary>The day of the month, 1-31.</summary>
    public readonly int Day => _day;

    /// <summary>The hour, 0-23 (valid after <see cref="ComputeTime"/>).</summary>
    public readonly int Hour => _hour;

    /// <summary>The minute, 0-59.</summary>
    public readonly int Minute => _minute;

    /// <summary>The seconds with their fraction, 0 to under 60.</summary>
    public readonly double Second => _second;

    /// <summary>Whether the <c>subsec</c> modifier asked for milliseconds in the output.</summary>
    public bool UseSubsecond { get; private set; }

    /// <summary>A time value that is a number: a Julian day number, unless a modifier says it counts Unix seconds.</summary>
    /// <param name="number">The number.</param>
    /// <returns>The state.</returns>
    public static SqlDateTime FromNumber(double number)
    {
        var value = default(SqlDateTime);
        value._second = number;
        value._rawSeconds = true;
        if (number >= 0.0 && number < 5_373_484.5)
        {
            value.JulianMs = (long)((number * DayMs) + 0.5);
            value._validJd = true;
        }

        return value;
    }

    /// <summary>The current moment.</summary>
    /// <param name="utcNow">The clock's reading.</param>
    /// <returns>The state.</returns>
    public static SqlDateTime FromNow(DateTime utcNow) => new()
    {
        JulianMs = ((utcNow.Ticks - DateTime.UnixEpoch.Ticks) / TimeSpan.TicksPerMillisecond) + UnixEpochJulianMs,
        _validJd = true,
        _isUtc = true,
    };

    /// <summary>Parses a time value given as text: a date, a date and time, a time, <c>now</c> or a number.</summary>
    /// <param name="text">The text.</param>
    /// <param name="utcNow">The clock's reading, for <c>now</c>.</param>
    /// <param name="value">The state.</param>
    /// <returns>False when the text is no time value.</returns>
    public static bool TryParse(ReadOnlySpan<char> text, DateTime utcNow, out SqlDateTime value)
    {
        value = default;
        if (value.ParseDate(text) || value.ParseTime(text))
        {
            return true;
        }

        if (text.Equals("now", StringComparison.OrdinalIgnoreCase))
        {
            value = FromNow(utcNow);
            return true;
        }

        if (NumericText.ParseReal(text, out double number) > 0)
        {
            value = FromNumber(number);
            return true;
        }

        if (text.Equals("subsec", StringComparison.OrdinalIgnoreCase) || text.Equals("subsecond", StringComparison.OrdinalIgnoreCase))
        {
            value = FromNow(utcNow);
            value.UseSubsecond = true;
            return true;
        }

        return false;
    }

    /// <summary>Applies one modifier (<c>+N days</c>, <c>start of month</c>, <c>unixepoch</c>, ...).</summary>
    /// <param name="modifier">The modifier text.</param>
    /// <param name="position">Its position among the arguments (1 for the first modifier).</param>
    /// <returns>False when the modifier is not valid here.</returns>
    public bool ApplyModifier(ReadOnlySpan<char> modifier, int position)
    {
        if (modifier.IsEmpty)
        {
            return false;
        }

        switch (char.ToLowerInvariant(modifier[0]))
        {
            case 'a':
                if (Is(modifier, "auto") && position <= 1)
                {
                    AutoAdjust();
                    return true;
                }

                return false;
            case 'c':
                if (Is(modifier, "ceiling"))
                {
                    ComputeJulian();
                    ClearDateTime();
                    _floorDays = 0;
                    return true;
                }

                return false;
            case 'f':
                if (Is(modifier, "floor"))
                {
                    ComputeJulian();
                    JulianMs -= _floorDays * DayMs;
                    ClearDateTime();
                    return true;
                }

                return false;
            case 'j':
                if (Is(modifier, "julianday") && position <= 1 && _validJd && _rawSeconds)
                {
                    _rawSeconds = false;
                    return true;
                }

                return false;
            case 'l':
                return Is(modifier, "localtime") && ConvertZone(toLocal: true);
            case 'u':
                if (Is(modifier, "unixepoch"))
                {
                    return position <= 1 && _rawSeconds && FromUnixSeconds();
                }

                return Is(modifier, "utc") && ConvertZone(toLocal: false);
            case 'w':
                return modifier.Length > 8 && modifier[..8].Equals("weekday ", StringComparison.OrdinalIgnoreCase) && Weekday(modifier[8..]);
            case 's':
                if (modifier.Length > 9 && modifier[..9].Equals("start of ", StringComparison.OrdinalIgnoreCase))
                {
                    return StartOf(modifier[9..]);
                }

                if (Is(modifier, "subsec") || Is(modifier, "subsecond"))
                {
                    UseSubsecond = true;
                    return true;
                }

                return false;
            case '+' or '-' or (>= '0' and <= '9'):
                return Shift(modifier);
            default:
                return false;
        }
    }

    /// <summary>Completes the value after its modifiers: false when it is out of range or invalid (the result is NULL).</summary>
    /// <param name="modifierCount">How many modifiers were applied.</param>
    /// <returns>Whether the value is a valid point in time.</returns>
    public bool Finish(int modifierCount)
    {
        ComputeJulian();
        if (_error || JulianMs < 0 || JulianMs > MaxJulianMs)
        {
            return false;
        }

        if (modifierCount == 0 && _validYmd && _day > 28)
        {
            // A plain YYYY-MM-DD past the end of its month is normalized (2023-02-31 is 2023-03-03).
            _validYmd = false;
        }

        return true;
    }

    /// <summary>Makes <see cref="JulianMs"/> valid (from the date and time, or 2000-01-01 for a time alone).</summary>
    public void ComputeJulian()
    {
        if (_validJd)
        {
            return;
        }

        int y;
        int m;
        int d;
        if (_validYmd)
        {
            (y, m, d) = (_year, _month, _day);
        }
        else
        {
            (y, m, d) = (2000, 1, 1);
        }

        if (y < -4713 || y > 9999 || _rawSeconds)
        {
            _error = true;
            return;
        }

        if (m <= 2)
        {
            y--;
            m += 12;
        }

        // C integer division (toward zero), as in SQLite; the offsets keep it rounding down for negative years.
        int a = (y + 4800) / 100;
        int b = 38 - a + (a / 4);
        int x1 = 36525 * (y + 4716) / 100;
        int x2 = 306001 * (m + 1) / 10000;
        JulianMs = (long)((x1 + x2 + d + b - 1524.5) * DayMs);
        _validJd = true;
        if (_validHms)
        {
            JulianMs += (_hour * 3_600_000L) + (_minute * 60_000L) + (long)((_second * 1000) + 0.5);
            if (_validTz)
            {
                JulianMs -= _tzMinutes * 60_000L;
                _validYmd = false;
                _validHms = false;
                _validTz = false;
            }
        }
    }

    /// <summary>
    /// Moves the calendar date to another year and month, keeping the day and the time (a day past the month's end
    /// rolls over, as SQLite's computeJD does), and recomputes the Julian time.
    /// </summary>
    /// <param name="year">The year.</param>
    /// <param name="month">The month, 1-12.</param>
    public void MoveTo(int year, int month)
    {
        ComputeDate();
        ComputeTime();
        _year = year;
        _month = month;
        _validJd = false;
        ComputeJulian();
    }

    /// <summary>Replaces the value by a Julian time in milliseconds; the calendar fields are computed from it again.</summary>
    /// <param name="julianMs">The Julian time.</param>
    public void SetJulian(long julianMs)
    {
        JulianMs = julianMs;
        _validJd = true;
        ClearDateTime();
    }

    /// <summary>Makes the calendar date valid.</summary>
    public void ComputeDate()
    {
        if (_validYmd)
        {
            return;
        }

        if (!_validJd)
        {
            (_year, _month, _day) = (2000, 1, 1);
        }
        else if (JulianMs < 0 || JulianMs > MaxJulianMs)
        {
            _error = true;
            return;
        }
        else
        {
            int z = (int)((JulianMs + 43_200_000) / DayMs);
            // Written so the truncating divisions also round the right way for negative years (SQLite's form).
            int alpha = (int)((z + 32_044.75) / 36_524.25) - 52;
            int a = z + 1 + alpha - ((alpha + 100) / 4) + 25;
            int b = a + 1524;
            int c = (int)((b - 122.1) / 365.25);
            int d = 36525 * (c & 32767) / 100;
            int e = (int)((b - d) / 30.6001);
            int x1 = (int)(30.6001 * e);
            _day = b - d - x1;
            _month = e < 14 ? e - 1 : e - 13;
            _year = _month > 2 ? c - 4716 : c - 4715;
        }

        _validYmd = true;
    }

    /// <summary>Makes the time of day valid.</summary>
    public void ComputeTime()
    {
        if (_validHms)
        {
            return;
        }

        ComputeJulian();
        int dayMs = (int)((JulianMs + 43_200_000) % DayMs);
        _second = dayMs % 60_000 / 1000.0;
        int dayMinutes = dayMs / 60_000;
        _minute = dayMinutes % 60;
        _hour = dayMinutes / 60;
        _rawSeconds = false;
        _validHms = true;
    }

    /// <summary>Days since the Monday of this week, 0-6.</summary>
    public readonly int DaysAfterMonday => (int)((JulianMs + 43_200_000) / DayMs % 7);

    /// <summary>Days since the Sunday of this week, 0-6.</summary>
    public readonly int DaysAfterSunday => (int)((JulianMs + 129_600_000) / DayMs % 7);

    /// <summary>Days since January 1st of this year (date and Julian day valid).</summary>
    /// <returns>0-365.</returns>
    public readonly int DaysAfterJanuaryFirst()
    {
        SqlDateTime january = this;
        january._validJd = false;
        january._month = 1;
        january._day = 1;
        january.ComputeJulian();
        return (int)((JulianMs - january.JulianMs + 43_200_000) / DayMs);
    }

    /// <summary>The same moment moved to the Thursday of its ISO week (for ISO week numbers and years).</summary>
    /// <returns>The moved copy, date computed.</returns>
    public readonly SqlDateTime ThursdayOfWeek()
    {
        SqlDateTime thursday = this;
        thursday.JulianMs += (3 - DaysAfterMonday) * DayMs;
        thursday._validYmd = false;
        thursday.ComputeDate();
        return thursday;
    }

    private static bool Is(ReadOnlySpan<char> text, string word) => text.Equals(word, StringComparison.OrdinalIgnoreCase);

    private static bool IsDigit(ReadOnlySpan<char> text, int at) => at < text.Length && char.IsAsciiDigit(text[at]);

    private static bool IsSpace(ReadOnlySpan<char> text, int at) => at < text.Length && NumericText.IsSpace(text[at]);

    // Reads `digits` digits at `at` into a value within [min, max].
    private static bool ReadDigits(ReadOnlySpan<char> text, int at, int digits, int min, int max, out int value)
    {
        value = 0;
        for (int i = 0; i < digits; i++)
        {
            if (!IsDigit(text, at + i))
            {
                return false;
            }

            value = (value * 10) + (text[at + i] - '0');
        }

        return value >= min && value <= max;
    }

    // YYYY-MM-DD, then optionally (after spaces or a T) a time.
    private bool ParseDate(ReadOnlySpan<char> text)
    {
        bool negative = text.Length > 0 && text[0] == '-';
        ReadOnlySpan<char> rest = negative ? text[1..] : text;
        if (!ReadDigits(rest, 0, 4, 0, 9999, out int year) || rest.Length < 5 || rest[4] != '-'
            || !ReadDigits(rest, 5, 2, 1, 12, out int month) || rest.Length < 8 || rest[7] != '-'
            || !ReadDigits(rest, 8, 2, 1, 31, out int day))
        {
            return false;
        }

        int at = 10;
        while (at < rest.Length && (NumericText.IsSpace(rest[at]) || rest[at] == 'T'))
        {
            at++;
        }

        if (!ParseTime(rest[at..]))
        {
            if (at < rest.Length)
            {
                return false;
            }

            _validHms = false;
        }

        _validJd = false;
        _validYmd = true;
        _year = negative ? -year : year;
        _month = month;
        _day = day;
        ComputeFloor();
        if (_validTz)
        {
            ComputeJulian();
        }

        return true;
    }

    // HH:MM[:SS[.fraction]] with an optional time zone.
    private bool ParseTime(ReadOnlySpan<char> text)
    {
        if (!ReadDigits(text, 0, 2, 0, 24, out int hour) || text.Length < 3 || text[2] != ':' || !ReadDigits(text, 3, 2, 0, 59, out int minute))
        {
            return false;
        }

        int at = 5;
        double seconds = 0;
        if (at < text.Length && text[at] == ':')
        {
            if (!ReadDigits(text, at + 1, 2, 0, 59, out int whole))
            {
                return false;
            }

            seconds = whole;
            at += 3;
            if (at < text.Length && text[at] == '.' && IsDigit(text, at + 1))
            {
                double fraction = 0;
                double scale = 1;
                at++;
                while (IsDigit(text, at))
                {
                    fraction = (fraction * 10) + (text[at] - '0');
                    scale *= 10;
                    at++;
                }

                // Truncated to milliseconds' worth, as SQLite does, so rounding never reaches the next second.
                seconds += Math.Min(fraction / scale, 0.999);
            }
        }

        _validJd = false;
        _rawSeconds = false;
        _validHms = true;
        _hour = hour;
        _minute = minute;
        _second = seconds;
        if (!ParseTimeZone(text[at..]))
        {
            return false;
        }

        _validTz = _tzMinutes != 0;
        return true;
    }

    // [spaces] ([+-]HH:MM | Z) [spaces], or nothing.
    private bool ParseTimeZone(ReadOnlySpan<char> text)
    {
        int at = 0;
        while (IsSpace(text, at))
        {
            at++;
        }

        _tzMinutes = 0;
        if (at == text.Length)
        {
            return true;
        }

        char c = text[at];
        if (c is 'Z' or 'z')
        {
            at++;
            _isLocal = false;
            _isUtc = true;
        }
        else if (c is '+' or '-')
        {
            if (!ReadDigits(text, at + 1, 2, 0, 14, out int hours) || text.Length < at + 4 || text[at + 3] != ':' || !ReadDigits(text, at + 4, 2, 0, 59, out int minutes))
            {
                return false;
            }

            _tzMinutes = (c == '-' ? -1 : 1) * ((hours * 60) + minutes);
            at += 6;
        }
        else
        {
            return false;
        }

        while (IsSpace(text, at))
        {
            at++;
        }

        return at == text.Length;
    }

    // How many days a month or year shift ran past the end of the target month (for the floor modifier).
    private void ComputeFloor()
    {
        if (_day <= 28 || ((1 << _month) & 0x15aa) != 0)
        {
            _floorDays = 0;
        }
        else if (_month != 2)
        {
            _floorDays = _day == 31 ? 1 : 0;
        }
        else if (_year % 4 != 0 || (_year % 100 == 0 && _year % 400 != 0))
        {
            _floorDays = _day - 28;
        }
        else
        {
            _floorDays = _day - 29;
        }
    }

    private void ClearDateTime()
    {
        _validYmd = false;
        _validHms = false;
        _validTz = false;
        _tzMinutes = 0;
    }

    private void ComputeDateTime()
    {
        ComputeDate();
        ComputeTime();
    }

    private void AutoAdjust()
    {
        if (!_rawSeconds || _validJd)
        {
            _rawSeconds = false;
        }
        else if (_second >= -210_866_760_000 && _second <= 253_402_300_799)
        {
            SetFromUnixSeconds();
        }
    }

    private bool FromUnixSeconds()
    {
        double ms = (_second * 1000.0) + UnixEpochJulianMs;
        if (ms < 0.0 || ms >= 464_269_060_800_000.0)
        {
            return false;
        }

        SetFromUnixSeconds();
        return true;
    }

    private void SetFromUnixSeconds()
    {
        ClearDateTime();
        JulianMs = (long)((_second * 1000.0) + UnixEpochJulianMs + 0.5);
        _validJd = true;
        _rawSeconds = false;
    }

    private bool Weekday(ReadOnlySpan<char> argument)
    {
        if (NumericText.ParseReal(argument, out double n) <= 0 || n < 0 || n >= 7 || n != Math.Floor(n))
        {
            return false;
        }

        ComputeDateTime();
        _tzMinutes = 0;
        _validJd = false;
        ComputeJulian();
        long z = (JulianMs + 129_600_000) / DayMs % 7;
        if (z > n)
        {
            z -= 7;
        }

        JulianMs += ((long)n - z) * DayMs;
        ClearDateTime();
        return true;
    }

    private bool StartOf(ReadOnlySpan<char> unit)
    {
        if (!_validJd && !_validYmd && !_validHms)
        {
            return false;
        }

        ComputeDate();
        _validHms = true;
        _hour = 0;
        _minute = 0;
        _second = 0;
        _rawSeconds = false;
        _tzMinutes = 0;
        _validTz = false;
        _validJd = false;
        if (Is(unit, "month"))
        {
            _day = 1;
            return true;
        }

        if (Is(unit, "year"))
        {
            _month = 1;
            _day = 1;
            return true;
        }

        return Is(unit, "day");
    }

    // "+NNN units", "(+|-)HH:MM[:SS[.SSS]]" and "(+|-)YYYY-MM-DD[ HH:MM[:SS[.SSS]]]".
    private bool Shift(ReadOnlySpan<char> modifier)
    {
        char sign = modifier[0];
        int n = 1;
        while (n < modifier.Length && modifier[n] != ':' && !NumericText.IsSpace(modifier[n]))
        {
            if (modifier[n] == '-' && ((n == 5 && ReadDigits(modifier, 1, 4, 0, 9999, out _)) || (n == 6 && ReadDigits(modifier, 1, 5, 0, 14712, out _))))
            {
                break;
            }

            n++;
        }

        if (NumericText.ParseReal(modifier[..n], out double amount) <= 0)
        {
            return false;
        }

        ReadOnlySpan<char> time = modifier;
        if (n < modifier.Length && modifier[n] == '-')
        {
            if (!ShiftDate(modifier, sign, n, out ReadOnlySpan<char> rest))
            {
                return false;
            }

            if (rest.IsEmpty)
            {
                return true;
            }

            time = rest;
            n = 2;
        }

        if (n < time.Length && time[n] == ':')
        {
            return ShiftTime(char.IsAsciiDigit(time[0]) ? time : time[1..], sign);
        }

        return ShiftUnits(modifier[n..], amount);
    }

    // (+|-)YYYY-MM-DD: years, months (0-11) and days (0-30) added or taken away; `rest` is what follows (a time or nothing).
    private bool ShiftDate(ReadOnlySpan<char> modifier, char sign, int yearEnd, out ReadOnlySpan<char> rest)
    {
        rest = default;
        if (sign is not ('+' or '-'))
        {
            return false;
        }

        int yearDigits = yearEnd - 1;
        if (!ReadDigits(modifier, 1, yearDigits, 0, 14712, out int years)
            || modifier.Length < yearEnd + 6 || modifier[yearEnd + 3] != '-'
            || !ReadDigits(modifier, yearEnd + 1, 2, 0, 99, out int months)
            || !ReadDigits(modifier, yearEnd + 4, 2, 0, 99, out int days)
            || months >= 12 || days >= 31)
        {
            return false;
        }

        int end = yearEnd + 6;
        if (end < modifier.Length && !(NumericText.IsSpace(modifier[end]) && ReadDigits(modifier, end + 1, 2, 0, 24, out _) && end + 3 < modifier.Length && modifier[end + 3] == ':' && ReadDigits(modifier, end + 4, 2, 0, 59, out _)))
        {
            return false;
        }

        ComputeDateTime();
        _validJd = false;
        if (sign == '-')
        {
            _year -= years;
            _month -= months;
            days = -days;
        }
        else
        {
            _year += years;
            _month += months;
        }

        NormalizeMonth();
        ComputeFloor();
        ComputeJulian();
        _validHms = false;
        _validYmd = false;
        JulianMs += days * DayMs;
        rest = end < modifier.Length ? modifier[(end + 1)..] : default;
        return true;
    }

    // (+|-)HH:MM[:SS[.SSS]]: a time of day's worth added or taken away.
    private bool ShiftTime(ReadOnlySpan<char> time, char sign)
    {
        var offset = default(SqlDateTime);
        if (!offset.ParseTime(time))
        {
            return false;
        }

        offset.ComputeJulian();
        long ms = offset.JulianMs - 43_200_000;
        ms -= ms / DayMs * DayMs;
        if (sign == '-')
        {
            ms = -ms;
        }

        ComputeJulian();
        ClearDateTime();
        JulianMs += ms;
        return true;
    }

    // "NNN days" and the like; months and years move the calendar, their fraction counts 30 and 365 days.
    private bool ShiftUnits(ReadOnlySpan<char> text, double amount)
    {
        int at = 0;
        while (IsSpace(text, at))
        {
            at++;
        }

        ReadOnlySpan<char> unit = text[at..];
        if (unit.Length < 3 || unit.Length > 10)
        {
            return false;
        }

        if (char.ToLowerInvariant(unit[^1]) == 's')
        {
            unit = unit[..^1];
        }

        ComputeJulian();
        double rounder = amount < 0 ? -0.5 : 0.5;
        _floorDays = 0;
        (double limit, double seconds) = unit.Length switch
        {
            6 when Is(unit, "second") => (4.6427e+14, 1.0),
            6 when Is(unit, "minute") => (7.7379e+12, 60.0),
            4 when Is(unit, "hour") => (1.2897e+11, 3600.0),
            3 when Is(unit, "day") => (5_373_485.0, 86400.0),
            5 when Is(unit, "month") => (176_546.0, 2_592_000.0),
            4 when Is(unit, "year") => (14_713.0, 31_536_000.0),
            _ => (0.0, 0.0),
        };
        bool valid = amount > -limit && amount < limit;
        if (valid)
        {
            if (Is(unit, "month"))
            {
                ComputeDateTime();
                _month += (int)amount;
                NormalizeMonth();
                ComputeFloor();
                _validJd = false;
                amount -= (int)amount;
            }
            else if (Is(unit, "year"))
            {
                ComputeDateTime();
                _year += (int)amount;
                ComputeFloor();
                _validJd = false;
                amount -= (int)amount;
            }

            ComputeJulian();
            JulianMs += (long)((amount * 1000.0 * seconds) + rounder);
        }

        ClearDateTime();
        return valid;
    }

    private void NormalizeMonth()
    {
        int years = _month > 0 ? (_month - 1) / 12 : (_month - 12) / 12;
        _year += years;
        _month -= years * 12;
    }

    // localtime (toLocal) or utc: a no-op when the value is already in that zone.
    private bool ConvertZone(bool toLocal)
    {
        if (toLocal ? _isLocal : _isUtc)
        {
            return true;
        }

        if (!ShiftByLocalOffset(toLocal))
        {
            return false;
        }

        _isLocal = toLocal;
        _isUtc = !toLocal;
        return true;
    }

    // Moves the moment by the machine's time-zone offset (the offset in force at that moment).
    private bool ShiftByLocalOffset(bool toLocal)
    {
        ComputeJulian();
        if (_error)
        {
            return false;
        }

        long unixMs = JulianMs - UnixEpochJulianMs;
        long ticks = DateTime.UnixEpoch.Ticks + (unixMs * TimeSpan.TicksPerMillisecond);
        if (ticks < DateTime.MinValue.Ticks || ticks > DateTime.MaxValue.Ticks)
        {
            return false;
        }

        // A UTC moment's offset is the one in force then; a local wall time's (Unspecified) is the one in force at
        // that wall time (the standard offset inside a daylight-saving gap).
        var moment = new DateTime(ticks, toLocal ? DateTimeKind.Utc : DateTimeKind.Unspecified);
        TimeSpan offset = TimeZoneInfo.Local.GetUtcOffset(moment);
        JulianMs += (toLocal ? 1 : -1) * (long)offset.TotalMilliseconds;
        ClearDateTime();
        return true;
    }
}
