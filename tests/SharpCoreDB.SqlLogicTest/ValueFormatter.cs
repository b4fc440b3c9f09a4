using System.Globalization;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>
/// Renders one result value the way the reference runner prints it for its column type letter:
/// <c>I</c> is C <c>%d</c> of the value converted to a 32-bit int, <c>R</c> is SQLite's <c>%.3f</c>, <c>T</c> is
/// SQLite's text of the value with <c>(empty)</c> for an empty string and <c>@</c> for every byte outside
/// 0x20..0x7E; NULL is <c>NULL</c> in every column.
/// </summary>
internal static class ValueFormatter
{
    /// <summary>The rendering of SQL NULL.</summary>
    public const string NullText = "NULL";

    /// <summary>The rendering of an empty string in a T column.</summary>
    public const string EmptyText = "(empty)";

    /// <summary>Renders <paramref name="value"/> (as returned by <c>DbDataReader.GetValue</c>) for column type <paramref name="type"/>.</summary>
    /// <param name="value">long, double, string, byte[], DBNull, or another CLR primitive a provider may return.</param>
    /// <param name="type">I, R or T.</param>
    /// <returns>The rendered value.</returns>
    /// <exception cref="ArgumentException"><paramref name="type"/> is not I, R or T.</exception>
    public static string Format(object? value, char type)
    {
        if (value is null or DBNull)
        {
            return NullText;
        }

        return type switch
        {
            'I' => FormatInteger(value),
            'R' => RealFormatter.FormatFixed(ToDouble(value), 3),
            'T' => FormatText(value),
            _ => throw new ArgumentException($"Unknown column type '{type}'; expected I, R or T.", nameof(type)),
        };
    }

    private static string FormatInteger(object value)
    {
        long integer = value switch
        {
            double d => DoubleToInt64(d),
            float f => DoubleToInt64(f),
            decimal m => DoubleToInt64((double)m),
            string s => SqliteNumberText.ToInt64(Encoding.UTF8.GetBytes(s)),
            byte[] bytes => SqliteNumberText.ToInt64(bytes),
            _ => ToInt64(value),
        };

        // sqlite3_column_int keeps the low 32 bits, then C's %d prints them as a signed int.
        return unchecked((int)integer).ToString(CultureInfo.InvariantCulture);
    }

    private static double ToDouble(object value) => value switch
    {
        double d => d,
        float f => f,
        decimal m => (double)m,
        string s => SqliteNumberText.ToDouble(Encoding.UTF8.GetBytes(s)),
        byte[] bytes => SqliteNumberText.ToDouble(bytes),
        _ => ToInt64(value),
    };

    private static string FormatText(object value)
    {
        // The reference runner works on the UTF-8 bytes (a blob's bytes as they are) through a C string, so the
        // text ends at the first zero byte.
        byte[] utf8 = value switch
        {
            byte[] bytes => bytes,
            string s => Encoding.UTF8.GetBytes(s),
            double d => Encoding.ASCII.GetBytes(RealFormatter.FormatText(d)),
            float f => Encoding.ASCII.GetBytes(RealFormatter.FormatText(f)),
            decimal m => Encoding.ASCII.GetBytes(m.ToString(CultureInfo.InvariantCulture)),
            _ => Encoding.ASCII.GetBytes(ToInt64(value).ToString(CultureInfo.InvariantCulture)),
        };
        int end = Array.IndexOf(utf8, (byte)0);
        int length = end < 0 ? utf8.Length : end;
        if (length == 0)
        {
            return EmptyText;
        }

        return string.Create(length, utf8, static (span, bytes) =>
        {
            for (int i = 0; i < span.Length; i++)
            {
                byte b = bytes[i];
                span[i] = b is >= 0x20 and <= 0x7E ? (char)b : '@';
            }
        });
    }

    // SQLite's doubleToInt64: clamp to the long range, otherwise truncate toward zero.
    private static long DoubleToInt64(double value)
    {
        if (double.IsNaN(value))
        {
            return 0;
        }

        if (value <= long.MinValue)
        {
            return long.MinValue;
        }

        return value >= long.MaxValue ? long.MaxValue : (long)value;
    }

    private static long ToInt64(object value) => value switch
    {
        long l => l,
        int i => i,
        short s => s,
        sbyte sb => sb,
        byte b => b,
        ushort us => us,
        uint ui => ui,
        ulong ul => unchecked((long)ul),
        bool flag => flag ? 1 : 0,
        _ => throw new NotSupportedException($"The provider returned a {value.GetType()}, which the runner cannot render."),
    };
}
