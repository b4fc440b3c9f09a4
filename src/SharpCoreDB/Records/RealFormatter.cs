using System.Globalization;

namespace SharpCoreDB.Records;

/// <summary>
/// Formats doubles exactly as SQLite's printf does, because the conformance corpus and applications compare
/// against SQLite's text: <see cref="FormatText"/> is SQLite's REAL-to-TEXT conversion (<c>%!.15g</c>) and
/// <see cref="FormatFixed"/> is <c>%.Nf</c>.
/// </summary>
/// <remarks>
/// SQLite rounds the decimal expansion of the double half-up at the requested digit, and never shows more
/// than 16 significant digits in fixed notation (26 for <c>%!</c> forms) — digits past that print as zeros, so
/// <c>%.3f</c> of −2^63 is <c>-9223372036854776000.000</c>. SQLite's decimal digits are approximate in the last
/// places (double-double scaling by powers of ten), and its rounding looks at them, so this class repeats that
/// digit generation as well as the rounding and layout rules.
/// </remarks>
internal static class RealFormatter
{
    // Digits SQLite's scaling produces at most (the integer part of a value below 2^63).
    private const int SourceDigits = 19;

    // Spare slots before the digits for a carry ("999" → "1000") or the zero SQLite inserts when rounding at 0.
    private const int Spare = 2;

    /// <summary>SQLite's text form of a REAL (<c>%!.15g</c>): 15 significant digits, at least one decimal.</summary>
    /// <param name="value">The double.</param>
    /// <returns>For example <c>1.0</c>, <c>0.1</c>, <c>1.0e+15</c>, <c>1.5e-07</c>, <c>Inf</c>.</returns>
    public static string FormatText(double value)
    {
        Span<char> output = stackalloc char[64];
        return output[..FormatGeneric(value, 15, output)].ToString();
    }

    /// <summary>SQLite's <c>%.Nf</c>: fixed notation with <paramref name="decimals"/> decimals, at most 16 significant digits.</summary>
    /// <param name="value">The double.</param>
    /// <param name="decimals">The number of decimals (0 to 100).</param>
    /// <returns>For example <c>3.000</c> or <c>-9223372036854776000.000</c>.</returns>
    public static string FormatFixed(double value, int decimals)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(decimals);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(decimals, 100);
        if (double.IsNaN(value))
        {
            return "NaN";
        }

        if (double.IsInfinity(value))
        {
            return value < 0 ? "-Inf" : "Inf";
        }

        Span<char> digits = stackalloc char[Spare + SourceDigits + 1];
        int first = Decode(value, -decimals, 16, digits, out int count, out int decimalPoint, out bool negative);

        // Up to 309 integer digits, the point and the decimals.
        Span<char> output = stackalloc char[1 + 310 + 1 + 100];
        int length = 0;
        if (negative)
        {
            output[length++] = '-';
        }

        length += LayFixed(digits.Slice(first, count), decimalPoint, decimals, output[length..]);
        return output[..length].ToString();
    }

    // "%!.<precision>g": generic notation, trailing zeros removed but at least one decimal kept.
    private static int FormatGeneric(double value, int precision, Span<char> output)
    {
        if (double.IsNaN(value))
        {
            "NaN".CopyTo(output);
            return 3;
        }

        if (double.IsInfinity(value))
        {
            (value < 0 ? "-Inf" : "Inf").CopyTo(output);
            return value < 0 ? 4 : 3;
        }

        Span<char> digits = stackalloc char[Spare + SourceDigits + 1];
        int first = Decode(value, precision, 26, digits, out int count, out int decimalPoint, out bool negative);
        ReadOnlySpan<char> significant = digits.Slice(first, count);
        int length = 0;
        if (negative)
        {
            output[length++] = '-';
        }

        int exponent = decimalPoint - 1;
        int shown = precision - 1;
        int start = length;
        if (exponent < -4 || exponent > shown)
        {
            // d.ddd…e±XX: one digit before the point.
            length += LayFixed(significant, 1, shown, output[length..]);
            length = TrimZeros(output, start, length);
            output[length++] = 'e';
            output[length++] = exponent < 0 ? '-' : '+';
            int magnitude = Math.Abs(exponent);
            if (magnitude >= 100)
            {
                output[length++] = (char)('0' + (magnitude / 100));
                magnitude %= 100;
            }

            output[length++] = (char)('0' + (magnitude / 10));
            output[length++] = (char)('0' + (magnitude % 10));
            return length;
        }

        length += LayFixed(significant, decimalPoint, shown - exponent, output[length..]);
        return TrimZeros(output, start, length);
    }

    // Lays out digits whose decimal point falls after `decimalPoint` digits, with `decimals` digits after the
    // point (always printing the point when decimals > 0); missing digits print as zeros.
    private static int LayFixed(ReadOnlySpan<char> digits, int decimalPoint, int decimals, Span<char> output)
    {
        int length = 0;
        int next = 0;
        if (decimalPoint <= 0)
        {
            output[length++] = '0';
        }
        else
        {
            for (int i = 0; i < decimalPoint; i++)
            {
                output[length++] = next < digits.Length ? digits[next++] : '0';
            }
        }

        if (decimals > 0)
        {
            output[length++] = '.';
        }

        // Zeros between the point and the first significant digit.
        int leading = Math.Min(Math.Max(-decimalPoint, 0), decimals);
        for (int i = 0; i < leading; i++)
        {
            output[length++] = '0';
        }

        for (int i = leading; i < decimals; i++)
        {
            output[length++] = next < digits.Length ? digits[next++] : '0';
        }

        return length;
    }

    // "%!" generic: drop trailing zeros after the point, but keep "x.0".
    private static int TrimZeros(Span<char> output, int start, int length)
    {
        if (output[start..length].IndexOf('.') < 0)
        {
            output[length++] = '.';
            output[length++] = '0';
            return length;
        }

        while (output[length - 1] == '0')
        {
            length--;
        }

        if (output[length - 1] == '.')
        {
            output[length++] = '0';
        }

        return length;
    }

    // SQLite's own digit generation (sqlite3FpDecode without long double): scale the value into [~1e17, ~1e19)
    // by powers of ten in double-double arithmetic and take the integer part. It is not exact in the last
    // digits, and SQLite's rounding then decides on those digits, so matching SQLite means repeating it.
    internal static ulong ScaleToDigits(double value, out int exponent)
    {
        exponent = 0;
        double high = value;
        double low = 0;
        if (high > 9.223372036854774784e+18)
        {
            while (high > 9.223372036854774784e+118)
            {
                exponent += 100;
                DekkerMultiply(ref high, ref low, 1.0e-100, -1.99918998026028836196e-117);
            }

            while (high > 9.223372036854774784e+28)
            {
                exponent += 10;
                DekkerMultiply(ref high, ref low, 1.0e-10, -3.6432197315497741579e-27);
            }

            while (high > 9.223372036854774784e+18)
            {
                exponent += 1;
                DekkerMultiply(ref high, ref low, 1.0e-01, -5.5511151231257827021e-18);
            }
        }
        else
        {
            while (high < 9.223372036854774784e-83)
            {
                exponent -= 100;
                DekkerMultiply(ref high, ref low, 1.0e+100, -1.5902891109759918046e+83);
            }

            while (high < 9.223372036854774784e+07)
            {
                exponent -= 10;
                DekkerMultiply(ref high, ref low, 1.0e+10, 0.0);
            }

            while (high < 9.22337203685477478e+17)
            {
                exponent -= 1;
                DekkerMultiply(ref high, ref low, 1.0e+01, 0.0);
            }
        }

        return low < 0 ? (ulong)high - (ulong)(-low) : (ulong)high + (ulong)low;
    }

    // (high, low) *= (y, yy) in double-double arithmetic, splitting mantissas into 26-bit halves (Dekker).
    internal static void DekkerMultiply(ref double high, ref double low, double y, double yy)
    {
        const ulong SplitMask = 0xFFFF_FFFF_FC00_0000UL;
        double hx = BitConverter.UInt64BitsToDouble(BitConverter.DoubleToUInt64Bits(high) & SplitMask);
        double tx = high - hx;
        double hy = BitConverter.UInt64BitsToDouble(BitConverter.DoubleToUInt64Bits(y) & SplitMask);
        double ty = y - hy;
        double p = hx * hy;
        double q = (hx * ty) + (tx * hy);
        double c = p + q;
        double cc = p - c + q + (tx * ty);
        cc = (high * yy) + (low * y) + cc;
        high = c + cc;
        low = c - high;
        low += cc;
    }

    /// <summary>
    /// SQLite's decimal decoding with rounding. <paramref name="round"/> &gt; 0 keeps that many significant
    /// digits; ≤ 0 keeps the digits down to 10^round (fixed notation); never more than <paramref name="maxDigits"/>.
    /// Returns the index of the first digit in <paramref name="buffer"/>; trailing zeros are dropped.
    /// </summary>
    private static int Decode(double value, int round, int maxDigits, Span<char> buffer, out int count, out int decimalPoint, out bool negative)
    {
        if (value == 0)
        {
            // Zero (of either sign) prints without a sign.
            negative = false;
            buffer[Spare] = '0';
            count = 1;
            decimalPoint = 1;
            return Spare;
        }

        negative = value < 0;
        ulong integer = ScaleToDigits(Math.Abs(value), out int exponent);
        count = 0;
        for (ulong rest = integer; rest != 0; rest /= 10)
        {
            count++;
        }

        int first = Spare;
        for (int i = count - 1; i >= 0; i--)
        {
            buffer[first + i] = (char)('0' + (int)(integer % 10));
            integer /= 10;
        }

        decimalPoint = count + exponent;

        if (round <= 0)
        {
            round = decimalPoint - round;
            if (round == 0 && buffer[first] >= '5')
            {
                // Rounding just before the first digit and it rounds up: make room for the carry digit.
                round = 1;
                buffer[--first] = '0';
                count++;
                decimalPoint++;
            }
        }

        if (round > 0 && (round < count || count > maxDigits))
        {
            round = Math.Min(round, maxDigits);
            count = round;
            if (buffer[first + round] >= '5')
            {
                int j = round - 1;
                while (true)
                {
                    buffer[first + j]++;
                    if (buffer[first + j] <= '9')
                    {
                        break;
                    }

                    buffer[first + j] = '0';
                    if (j == 0)
                    {
                        buffer[--first] = '1';
                        count++;
                        decimalPoint++;
                        break;
                    }

                    j--;
                }
            }
        }

        while (count > 1 && buffer[first + count - 1] == '0')
        {
            count--;
        }

        return first;
    }
}
