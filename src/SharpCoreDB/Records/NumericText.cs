using System.Numerics;

namespace SharpCoreDB.Records;

/// <summary>
/// SQLite's two text-to-number scanners, over UTF-16 text or the raw bytes of a BLOB (only ASCII matters to them,
/// so both spellings give the same answers): <see cref="ParseReal{T}"/> is <c>sqlite3AtoF</c> and
/// <see cref="ParseInteger{T}"/> is <c>sqlite3Atoi64</c>. Every conversion rule of the SQL layer (arithmetic on
/// text, CAST, affinity, truthiness) is built from these two and their result kinds, so they must agree with SQLite
/// bit for bit: leading and trailing whitespace (space, \t, \n, \v, \f, \r) is ignored, a valid prefix still
/// yields its value, and integers saturate.
/// </summary>
internal static class NumericText
{
    // Once the significand reaches this, further integer digits only scale the exponent (sqlite3AtoF's cut-off).
    private const ulong SignificandLimit = (ulong.MaxValue - 9) / 10;

    /// <summary>Scans a real number like <c>sqlite3AtoF</c>: <c>[+-]digits[.digits][(e|E)[+-]digits]</c>.</summary>
    /// <typeparam name="T"><see cref="char"/> for TEXT, <see cref="byte"/> for BLOB.</typeparam>
    /// <param name="text">The text.</param>
    /// <param name="value">The value of the longest valid prefix (0.0 when there is none).</param>
    /// <returns>What the whole text is.</returns>
    public static RealTextKind ParseReal<T>(ReadOnlySpan<T> text, out double value)
        where T : unmanaged, IBinaryInteger<T>
    {
        value = 0.0;
        int n = text.Length;
        int i = 0;
        while (i < n && IsSpace(At(text, i)))
        {
            i++;
        }

        if (i >= n)
        {
            return RealTextKind.NotNumeric;
        }

        bool negative = false;
        if (At(text, i) == '-')
        {
            negative = true;
            i++;
        }
        else if (At(text, i) == '+')
        {
            i++;
        }

        ulong significand = 0;
        int shift = 0;
        int digitCount = 0;
        int kind = 1;
        bool exponentValid = true;
        int exponent = 0;
        int exponentSign = 1;
        while (i < n && IsDigit(At(text, i)))
        {
            significand = (significand * 10) + (ulong)(At(text, i) - '0');
            i++;
            digitCount++;
            if (significand >= SignificandLimit)
            {
                // Digits beyond what a u64 holds are not significant; they only move the decimal point.
                while (i < n && IsDigit(At(text, i)))
                {
                    i++;
                    shift++;
                }
            }
        }

        if (i < n && At(text, i) == '.')
        {
            i++;
            kind++;
            while (i < n && IsDigit(At(text, i)))
            {
                if (significand < SignificandLimit)
                {
                    significand = (significand * 10) + (ulong)(At(text, i) - '0');
                    shift--;
                    digitCount++;
                }

                i++;
            }
        }

        if (i < n && (At(text, i) == 'e' || At(text, i) == 'E'))
        {
            i++;
            exponentValid = false;
            kind++;
            if (i < n)
            {
                if (At(text, i) == '-')
                {
                    exponentSign = -1;
                    i++;
                }
                else if (At(text, i) == '+')
                {
                    i++;
                }

                while (i < n && IsDigit(At(text, i)))
                {
                    exponent = exponent < 10000 ? (exponent * 10) + (At(text, i) - '0') : 10000;
                    i++;
                    exponentValid = true;
                }

                while (i < n && IsSpace(At(text, i)))
                {
                    i++;
                }
            }
        }
        else
        {
            while (i < n && IsSpace(At(text, i)))
            {
                i++;
            }
        }

        value = Compose(significand, (exponent * exponentSign) + shift, negative);
        if (i == n && digitCount > 0 && exponentValid)
        {
            return kind == 1 ? RealTextKind.Integer : RealTextKind.Real;
        }

        return kind >= 2 && (kind == 3 || exponentValid) && digitCount > 0
            ? RealTextKind.RealPrefix
            : RealTextKind.NotNumeric;
    }

    /// <summary>Scans a 64-bit integer like <c>sqlite3Atoi64</c>: <c>[+-]digits</c>, saturating.</summary>
    /// <typeparam name="T"><see cref="char"/> for TEXT, <see cref="byte"/> for BLOB.</typeparam>
    /// <param name="text">The text.</param>
    /// <param name="value">The value of the digits (0 when there are none; saturated on overflow).</param>
    /// <returns>What the whole text is.</returns>
    public static IntegerTextKind ParseInteger<T>(ReadOnlySpan<T> text, out long value)
        where T : unmanaged, IBinaryInteger<T>
    {
        int n = text.Length;
        int i = 0;
        while (i < n && IsSpace(At(text, i)))
        {
            i++;
        }

        bool negative = false;
        if (i < n)
        {
            if (At(text, i) == '-')
            {
                negative = true;
                i++;
            }
            else if (At(text, i) == '+')
            {
                i++;
            }
        }

        int start = i;
        while (i < n && At(text, i) == '0')
        {
            i++;
        }

        int digitsStart = i;
        ulong magnitude = 0;
        while (i < n && IsDigit(At(text, i)))
        {
            // Wraps past 20 digits, like the C code; the length check below decides overflow instead.
            magnitude = unchecked((magnitude * 10) + (ulong)(At(text, i) - '0'));
            i++;
        }

        int digits = i - digitsStart;
        if (magnitude > long.MaxValue)
        {
            value = negative ? long.MinValue : long.MaxValue;
        }
        else
        {
            value = negative ? -(long)magnitude : (long)magnitude;
        }

        IntegerTextKind kind = IntegerTextKind.Exact;
        if (digits == 0 && start == digitsStart)
        {
            kind = IntegerTextKind.NoDigits;
        }
        else
        {
            for (int j = i; j < n; j++)
            {
                if (!IsSpace(At(text, j)))
                {
                    kind = IntegerTextKind.TrailingText;
                    break;
                }
            }
        }

        if (digits < 19)
        {
            return kind;
        }

        int comparison = digits > 19 ? 1 : CompareToTwoPow63(text.Slice(digitsStart, 19));
        if (comparison < 0)
        {
            return kind;
        }

        value = negative ? long.MinValue : long.MaxValue;
        if (comparison > 0)
        {
            return IntegerTextKind.Overflow;
        }

        return negative ? kind : IntegerTextKind.TwoPow63;
    }

    /// <summary>SQLite's whitespace for number scanning: space, \t, \n, \v, \f, \r.</summary>
    /// <param name="c">The character code.</param>
    /// <returns>Whether it is whitespace.</returns>
    public static bool IsSpace(int c) => c == ' ' || (c >= '\t' && c <= '\r');

    private static bool IsDigit(int c) => (uint)(c - '0') <= 9;

    private static int At<T>(ReadOnlySpan<T> text, int index)
        where T : unmanaged, IBinaryInteger<T> => int.CreateTruncating(text[index]);

    private static int CompareToTwoPow63<T>(ReadOnlySpan<T> nineteenDigits)
        where T : unmanaged, IBinaryInteger<T>
    {
        const string TwoPow63 = "9223372036854775808";
        for (int i = 0; i < 19; i++)
        {
            int difference = At(nineteenDigits, i) - TwoPow63[i];
            if (difference != 0)
            {
                return difference;
            }
        }

        return 0;
    }

    // significand × 10^exponent exactly as sqlite3AtoF computes it: the significand as a double-double, scaled by
    // powers of ten with Dekker products. That is not always the correctly rounded double ('1e-300' gives
    // 9.999999999999999e-301), and matching SQLite's arithmetic on text operands needs the same bits.
    private static double Compose(ulong significand, int exponent, bool negative)
    {
        if (significand == 0)
        {
            return negative ? -0.0 : 0.0;
        }

        while (exponent > 0 && significand < (ulong.MaxValue - 0x7ff) / 10)
        {
            significand *= 10;
            exponent--;
        }

        while (exponent < 0 && significand % 10 == 0)
        {
            significand /= 10;
            exponent++;
        }

        double hi = significand;
        double lo = 0.0;
        if (hi <= 18446744073709549568.0)
        {
            ulong rounded = (ulong)hi;
            lo = significand >= rounded ? significand - rounded : -(double)(rounded - significand);
        }

        if (exponent > 0)
        {
            for (; exponent >= 100; exponent -= 100)
            {
                RealFormatter.DekkerMultiply(ref hi, ref lo, 1.0e+100, -1.5902891109759918046e+83);
            }

            for (; exponent >= 10; exponent -= 10)
            {
                RealFormatter.DekkerMultiply(ref hi, ref lo, 1.0e+10, 0.0);
            }

            for (; exponent >= 1; exponent--)
            {
                RealFormatter.DekkerMultiply(ref hi, ref lo, 1.0e+01, 0.0);
            }
        }
        else
        {
            for (; exponent <= -100; exponent += 100)
            {
                RealFormatter.DekkerMultiply(ref hi, ref lo, 1.0e-100, -1.99918998026028836196e-117);
            }

            for (; exponent <= -10; exponent += 10)
            {
                RealFormatter.DekkerMultiply(ref hi, ref lo, 1.0e-10, -3.6432197315497741579e-27);
            }

            for (; exponent <= -1; exponent++)
            {
                RealFormatter.DekkerMultiply(ref hi, ref lo, 1.0e-01, -5.5511151231257827021e-18);
            }
        }

        double result = hi + lo;
        if (double.IsNaN(result))
        {
            // ∞ − ∞ inside the product: SQLite answers infinity.
            result = double.PositiveInfinity;
        }

        return negative ? -result : result;
    }
}
