using System.Globalization;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>
/// SQLite's C-API conversions of TEXT to numbers, which the reference runner's <c>sqlite3_column_int</c> and
/// <c>sqlite3_column_double</c> apply to a TEXT value in an I or R column: the longest numeric prefix counts,
/// anything else is 0.
/// </summary>
internal static class SqliteNumberText
{
    /// <summary>sqlite3Atoi64: optional spaces and sign, then the leading decimal digits (clamped to 64 bits).</summary>
    /// <param name="text">The text as UTF-8.</param>
    /// <returns>The integer, 0 when there are no digits.</returns>
    public static long ToInt64(ReadOnlySpan<byte> text)
    {
        int i = SkipSpaces(text, 0);
        bool negative = false;
        if (i < text.Length && text[i] is (byte)'-' or (byte)'+')
        {
            negative = text[i] == '-';
            i++;
        }

        ulong magnitude = 0;
        bool overflow = false;
        for (; i < text.Length && text[i] is >= (byte)'0' and <= (byte)'9'; i++)
        {
            ulong digit = (ulong)(text[i] - '0');
            if (magnitude > (ulong.MaxValue - digit) / 10)
            {
                overflow = true;
            }
            else
            {
                magnitude = (magnitude * 10) + digit;
            }
        }

        if (overflow || magnitude > (negative ? 9223372036854775808UL : long.MaxValue))
        {
            return negative ? long.MinValue : long.MaxValue;
        }

        return negative ? (long)(0 - magnitude) : (long)magnitude;
    }

    /// <summary>sqlite3AtoF: the value of the longest prefix of the form [spaces][sign]digits[.digits][e[sign]digits].</summary>
    /// <param name="text">The text as UTF-8.</param>
    /// <returns>The double, 0.0 when there is no numeric prefix.</returns>
    public static double ToDouble(ReadOnlySpan<byte> text)
    {
        int start = SkipSpaces(text, 0);
        int i = start;
        if (i < text.Length && text[i] is (byte)'-' or (byte)'+')
        {
            i++;
        }

        int digits = 0;
        for (; i < text.Length && IsDigit(text[i]); i++)
        {
            digits++;
        }

        if (i < text.Length && text[i] == '.')
        {
            i++;
            for (; i < text.Length && IsDigit(text[i]); i++)
            {
                digits++;
            }
        }

        if (digits == 0)
        {
            return 0.0;
        }

        int end = i;
        if (i < text.Length && text[i] is (byte)'e' or (byte)'E')
        {
            int j = i + 1;
            if (j < text.Length && text[j] is (byte)'-' or (byte)'+')
            {
                j++;
            }

            int exponentStart = j;
            for (; j < text.Length && IsDigit(text[j]); j++)
            {
            }

            if (j > exponentStart)
            {
                end = j;
            }
        }

        return double.Parse(text[start..end], NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    private static bool IsDigit(byte b) => b is >= (byte)'0' and <= (byte)'9';

    // SQLite's isspace: space, \t, \n, \v, \f, \r.
    private static int SkipSpaces(ReadOnlySpan<byte> text, int i)
    {
        while (i < text.Length && text[i] is (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\v' or (byte)'\f' or (byte)'\r')
        {
            i++;
        }

        return i;
    }
}
