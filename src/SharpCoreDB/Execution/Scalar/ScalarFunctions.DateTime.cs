using System.Globalization;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>
/// Date and time functions as in SQLite: date, time, datetime, julianday, unixepoch, strftime. A time value is
/// ISO-8601 text (<c>YYYY-MM-DD</c>, <c>YYYY-MM-DD HH:MM[:SS[.SSS]]</c> with a <c>T</c> or a space, optionally a
/// time zone <c>[+-]HH:MM</c> or <c>Z</c>; <c>HH:MM[:SS[.SSS]]</c> alone; <c>now</c>) or a number (a Julian day
/// number, or Unix seconds with the <c>unixepoch</c> modifier), followed by any number of modifiers. An invalid value
/// or modifier gives NULL. Not deterministic: <c>now</c> and <c>localtime</c> depend on the clock and the machine.
/// </content>
internal static partial class ScalarFunctions
{
    private static readonly SqlValue s_julianFormat = SqlValue.FromText("%.16g");

    // Builders over 256 characters (a long strftime format) are not kept.
    private const int KeptTextCapacity = 256;

    // One builder per thread for the result text, so a call allocates only the string it returns.
    [ThreadStatic]
    private static StringBuilder? t_dateText;

    private static void AddDateTime(List<ScalarFunction> all)
    {
        all.Add(new("date", 0, Any, (a, _) => Format(a, DateTimeOutput.Date), deterministic: false) { ReadsClockOnly = true });
        all.Add(new("time", 0, Any, (a, _) => Format(a, DateTimeOutput.Time), deterministic: false) { ReadsClockOnly = true });
        all.Add(new("datetime", 0, Any, (a, _) => Format(a, DateTimeOutput.DateTime), deterministic: false) { ReadsClockOnly = true });
        all.Add(new("julianday", 0, Any, (a, _) => Format(a, DateTimeOutput.JulianDay), deterministic: false) { ReadsClockOnly = true });
        all.Add(new("unixepoch", 0, Any, (a, _) => Format(a, DateTimeOutput.UnixEpoch), deterministic: false) { ReadsClockOnly = true });
        all.Add(new("strftime", 1, Any, (a, _) => StrFTime(a), deterministic: false) { ReadsClockOnly = true });
        all.Add(new("timediff", 2, 2, (a, _) => TimeDiff(a), deterministic: false) { ReadsClockOnly = true });
    }

    // timediff(A, B): what to add to B to reach A, as (+|-)YYYY-MM-DD HH:MM:SS.SSS, so datetime(B, timediff(A, B)) is
    // datetime(A). Whole years and months are counted on the calendar first (the later date's year and month moved
    // onto the earlier one, a month back while that overshoots); the rest is a time span, printed as a date after
    // 0000-01-01 00:00 with the day counted from zero. Numbers are Julian day numbers here, as in SQLite.
    private static SqlValue TimeDiff(ReadOnlySpan<SqlValue> arguments)
    {
        if (!TryReadDateTime(arguments[..1], out SqlDateTime a) || !TryReadDateTime(arguments[1..], out SqlDateTime b))
        {
            return SqlValue.Null;
        }

        const long YearZeroMs = 148_699_540_800_000;
        a.ComputeDate();
        a.ComputeTime();
        b.ComputeDate();
        b.ComputeTime();
        bool forward = a.JulianMs >= b.JulianMs;
        int years = forward ? a.Year - b.Year : b.Year - a.Year;
        if (years != 0)
        {
            b.MoveTo(a.Year, b.Month);
        }

        int months = forward ? a.Month - b.Month : b.Month - a.Month;
        if (months < 0)
        {
            years--;
            months += 12;
        }

        if (months != 0)
        {
            b.MoveTo(b.Year, a.Month);
        }

        // A month back can still overshoot (a 30th that rolled over into the next month), so step until it does not.
        while (forward ? a.JulianMs < b.JulianMs : a.JulianMs > b.JulianMs)
        {
            months--;
            if (months < 0)
            {
                months = 11;
                years--;
            }

            int month = forward ? b.Month - 1 : b.Month + 1;
            int year = b.Year;
            if (month < 1)
            {
                (month, year) = (12, year - 1);
            }
            else if (month > 12)
            {
                (month, year) = (1, year + 1);
            }

            b.MoveTo(year, month);
        }

        var span = default(SqlDateTime);
        span.SetJulian((forward ? a.JulianMs - b.JulianMs : b.JulianMs - a.JulianMs) + YearZeroMs);
        span.ComputeDate();
        span.ComputeTime();
        StringBuilder text = DateText().Append(forward ? '+' : '-');
        PrintF(text, years, 4).Append('-');
        PrintF(text, months, 2).Append('-');
        PrintF(text, span.Day - 1, 2).Append(' ');
        PrintF(text, span.Hour, 2).Append(':');
        PrintF(text, span.Minute, 2).Append(':');
        AppendSeconds(text, span.Second);
        return Result(text);
    }

    // The time value and modifiers in `arguments`, applied; false for NULL.
    private static bool TryReadDateTime(ReadOnlySpan<SqlValue> arguments, out SqlDateTime value)
    {
        DateTime now = DateTime.UtcNow;
        if (arguments.IsEmpty)
        {
            value = SqlDateTime.FromNow(now);
            return value.Finish(0);
        }

        SqlValue first = arguments[0];
        switch (first.StorageClass)
        {
            case SqlStorageClass.Null:
                value = default;
                return false;
            case SqlStorageClass.Integer or SqlStorageClass.Real or SqlStorageClass.Decimal:
                value = SqlDateTime.FromNumber(first.AsDouble());
                break;
            default:
                if (!SqlDateTime.TryParse(TextConversion.ToText(first), now, out value))
                {
                    return false;
                }

                break;
        }

        for (int i = 1; i < arguments.Length; i++)
        {
            if (arguments[i].IsNull || !value.ApplyModifier(TextConversion.ToText(arguments[i]), i))
            {
                return false;
            }
        }

        return value.Finish(arguments.Length - 1);
    }

    private static SqlValue Format(ReadOnlySpan<SqlValue> arguments, DateTimeOutput output)
    {
        if (!TryReadDateTime(arguments, out SqlDateTime value))
        {
            return SqlValue.Null;
        }

        switch (output)
        {
            case DateTimeOutput.JulianDay:
                return SqlValue.FromDouble(value.JulianMs / 86_400_000.0);
            case DateTimeOutput.UnixEpoch:
                return value.UseSubsecond
                    ? SqlValue.FromDouble((value.JulianMs - SqlDateTime.UnixEpochJulianMs) / 1000.0)
                    : SqlValue.FromInt64((value.JulianMs / 1000) - (SqlDateTime.UnixEpochJulianMs / 1000));
        }

        value.ComputeDate();
        value.ComputeTime();
        StringBuilder text = DateText();
        if (output != DateTimeOutput.Time)
        {
            AppendDate(text, value);
        }

        if (output == DateTimeOutput.DateTime)
        {
            text.Append(' ');
        }

        if (output != DateTimeOutput.Date)
        {
            PrintF(text, value.Hour, 2).Append(':');
            PrintF(text, value.Minute, 2).Append(':');
            if (value.UseSubsecond)
            {
                int ms = (int)((1000.0 * value.Second) + 0.5);
                PrintF(text, ms / 1000, 2).Append('.');
                PrintF(text, ms % 1000, 3);
            }
            else
            {
                PrintF(text, (int)value.Second, 2);
            }
        }

        return Result(text);
    }

    // YYYY-MM-DD, with a minus sign before a negative year.
    private static void AppendDate(StringBuilder text, SqlDateTime value)
    {
        if (value.Year < 0)
        {
            text.Append('-');
        }

        PrintF(text, Math.Abs(value.Year), 4).Append('-');
        PrintF(text, value.Month, 2).Append('-');
        PrintF(text, value.Day, 2);
    }

    private static StringBuilder DateText() => (t_dateText ??= new StringBuilder(32)).Clear();

    private static SqlValue Result(StringBuilder text)
    {
        var result = SqlValue.FromText(text.ToString());
        if (text.Capacity > KeptTextCapacity)
        {
            t_dateText = null;
        }

        return result;
    }

    // printf's %0Nd (zeros after the sign) and %Nd (spaces before it): the sign counts toward the width.
    private static StringBuilder PrintF(StringBuilder text, int number, int width, char padding = '0')
    {
        Span<char> digits = stackalloc char[11];
        Math.Abs((long)number).TryFormat(digits, out int count, default, CultureInfo.InvariantCulture);
        int fill = Math.Max(0, width - count - (number < 0 ? 1 : 0));
        if (padding == ' ')
        {
            text.Append(' ', fill);
        }

        if (number < 0)
        {
            text.Append('-');
        }

        if (padding == '0')
        {
            text.Append('0', fill);
        }

        return text.Append(digits[..count]);
    }

    // A double in a .NET numeric format, without an intermediate string.
    // printf's %06.3f for seconds (0 to 60): "F3" rounds the exact binary value as C does (21.2775 is 21.27749…, so
    // 21.277), where a custom pattern would round a 15-digit approximation up.
    private static void AppendSeconds(StringBuilder text, double seconds)
    {
        Span<char> digits = stackalloc char[32];
        seconds.TryFormat(digits, out int count, "F3", CultureInfo.InvariantCulture);
        text.Append('0', Math.Max(0, 6 - count)).Append(digits[..count]);
    }

    private static StringBuilder AppendNumber(StringBuilder text, double value, string format)
    {
        Span<char> digits = stackalloc char[32];
        value.TryFormat(digits, out int count, format, CultureInfo.InvariantCulture);
        return text.Append(digits[..count]);
    }

    private static SqlValue StrFTime(ReadOnlySpan<SqlValue> arguments)
    {
        if (arguments[0].IsNull || !TryReadDateTime(arguments[1..], out SqlDateTime x))
        {
            return SqlValue.Null;
        }

        string format = TextConversion.ToText(arguments[0]);
        x.ComputeJulian();
        x.ComputeDate();
        x.ComputeTime();
        StringBuilder text = DateText();
        for (int i = 0; i < format.Length; i++)
        {
            char c = format[i];
            if (c != '%')
            {
                text.Append(c);
                continue;
            }

            if (++i == format.Length || !AppendField(text, format[i], x))
            {
                return SqlValue.Null;
            }
        }

        return Result(text);
    }

    // One %-field of strftime; false for one SQLite does not know (the whole result is then NULL).
    private static bool AppendField(StringBuilder text, char field, SqlDateTime x)
    {
        switch (field)
        {
            case 'd':
                PrintF(text, x.Day, 2);
                break;
            case 'e':
                PrintF(text, x.Day, 2, ' ');
                break;
            case 'f':
                AppendSeconds(text, Math.Min(x.Second, 59.999));
                break;
            case 'F':
                PrintF(text, x.Year, 4).Append('-');
                PrintF(text, x.Month, 2).Append('-');
                PrintF(text, x.Day, 2);
                break;
            case 'G':
                PrintF(text, x.ThursdayOfWeek().Year, 4);
                break;
            case 'g':
                PrintF(text, x.ThursdayOfWeek().Year % 100, 2);
                break;
            case 'H':
                PrintF(text, x.Hour, 2);
                break;
            case 'k':
                PrintF(text, x.Hour, 2, ' ');
                break;
            case 'I' or 'l':
                int hour12 = x.Hour > 12 ? x.Hour - 12 : x.Hour == 0 ? 12 : x.Hour;
                PrintF(text, hour12, 2, field == 'I' ? '0' : ' ');
                break;
            case 'j':
                PrintF(text, x.DaysAfterJanuaryFirst() + 1, 3);
                break;
            case 'J':
                // SQLite's own %.16g, whose last digit can differ from a correctly rounded one.
                text.Append((string)SqlPrintf.Format(s_julianFormat, [SqlValue.FromDouble(x.JulianMs / 86_400_000.0)]).RawReference!);
                break;
            case 'm':
                PrintF(text, x.Month, 2);
                break;
            case 'M':
                PrintF(text, x.Minute, 2);
                break;
            case 'p':
                text.Append(x.Hour >= 12 ? "PM" : "AM");
                break;
            case 'P':
                text.Append(x.Hour >= 12 ? "pm" : "am");
                break;
            case 'R':
                PrintF(text, x.Hour, 2).Append(':');
                PrintF(text, x.Minute, 2);
                break;
            case 's':
                if (x.UseSubsecond)
                {
                    AppendNumber(text, (x.JulianMs - SqlDateTime.UnixEpochJulianMs) / 1000.0, "F3");
                }
                else
                {
                    text.Append(CultureInfo.InvariantCulture, $"{(x.JulianMs / 1000) - (SqlDateTime.UnixEpochJulianMs / 1000)}");
                }

                break;
            case 'S':
                PrintF(text, (int)x.Second, 2);
                break;
            case 'T':
                PrintF(text, x.Hour, 2).Append(':');
                PrintF(text, x.Minute, 2).Append(':');
                PrintF(text, (int)x.Second, 2);
                break;
            case 'u':
                text.Append(x.DaysAfterSunday == 0 ? '7' : (char)('0' + x.DaysAfterSunday));
                break;
            case 'w':
                text.Append((char)('0' + x.DaysAfterSunday));
                break;
            case 'U':
                PrintF(text, (x.DaysAfterJanuaryFirst() - x.DaysAfterSunday + 7) / 7, 2);
                break;
            case 'V':
                PrintF(text, (x.ThursdayOfWeek().DaysAfterJanuaryFirst() / 7) + 1, 2);
                break;
            case 'W':
                PrintF(text, (x.DaysAfterJanuaryFirst() - x.DaysAfterMonday + 7) / 7, 2);
                break;
            case 'Y':
                PrintF(text, x.Year, 4);
                break;
            case '%':
                text.Append('%');
                break;
            default:
                return false;
        }

        return true;
    }

    /// <summary>What a date and time function returns.</summary>
    private enum DateTimeOutput
    {
        Date,
        Time,
        DateTime,
        JulianDay,
        UnixEpoch,
    }
}
