using System.Globalization;

namespace SharpCoreDB.Records;

/// <summary>
/// Exact arithmetic between <see cref="decimal"/>, <see cref="long"/> and <see cref="double"/> for comparison, hashing
/// and key encoding. A decimal is M / 10^s with M &lt; 2^96 and s ≤ 28; a double is m · 2^e with m &lt; 2^53. Every
/// comparison here is exact (0.1m is not 0.1, as Python's Decimal and float), and nothing allocates: the cross
/// products fit <see cref="UInt128"/> because 2^53 · 5^28 &lt; 2^119.
/// </summary>
internal static class ExactDecimal
{
    /// <summary>The largest scale a decimal has.</summary>
    public const int MaxScale = 28;

    // 2^96: every decimal's magnitude is below it.
    private const double TwoPow96 = 79228162514264337593543950336.0;

    // 10^k for k = 0..28 (the largest fits 94 bits).
    private static readonly UInt128[] s_powersOfTen = BuildPowers(10);

    // 5^k for k = 0..28 (the largest fits 66 bits).
    private static readonly UInt128[] s_powersOfFive = BuildPowers(5);

    /// <summary>10^<paramref name="k"/> for k from 0 to 28.</summary>
    /// <param name="k">The exponent.</param>
    /// <returns>The power.</returns>
    public static UInt128 PowerOfTen(int k) => s_powersOfTen[k];

    /// <summary>The mantissa M (magnitude) of a decimal.</summary>
    /// <param name="value">The decimal.</param>
    /// <returns>M, below 2^96.</returns>
    public static UInt128 Mantissa(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        return ((UInt128)(uint)bits[2] << 64) | ((ulong)(uint)bits[1] << 32) | (uint)bits[0];
    }

    /// <summary>Builds a decimal from its parts.</summary>
    /// <param name="mantissa">M, below 2^96.</param>
    /// <param name="scale">s, at most 28.</param>
    /// <param name="negative">The sign.</param>
    /// <returns>The decimal.</returns>
    public static decimal Create(UInt128 mantissa, int scale, bool negative) =>
        new((int)(uint)mantissa, (int)(uint)(mantissa >> 32), (int)(uint)(mantissa >> 64), negative, (byte)scale);

    /// <summary>The decimal as a long when it is a whole number in range (whatever its scale).</summary>
    /// <param name="value">The decimal.</param>
    /// <param name="whole">The long.</param>
    /// <returns>Whether it is whole and fits.</returns>
    public static bool TryGetInt64(decimal value, out long whole)
    {
        UInt128 mantissa = Mantissa(value);
        UInt128 power = s_powersOfTen[value.Scale];
        UInt128 quotient = mantissa / power;
        if (quotient * power != mantissa || quotient > (UInt128)long.MaxValue + (value < 0 ? 1u : 0u))
        {
            whole = 0;
            return false;
        }

        whole = value < 0 ? (long)(0 - (ulong)quotient) : (long)(ulong)quotient;
        return true;
    }

    /// <summary>Compares a decimal with a double by exact value.</summary>
    /// <param name="value">The decimal.</param>
    /// <param name="real">The double (not NaN).</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int CompareToDouble(decimal value, double real)
    {
        bool negative = value < 0;
        bool realNegative = real < 0;
        bool zero = value == 0;
        if (zero || real == 0 || negative != realNegative)
        {
            int left = zero ? 0 : negative ? -1 : 1;
            int right = real == 0 ? 0 : realNegative ? -1 : 1;
            return left.CompareTo(right);
        }

        int magnitude = CompareMagnitudes(Mantissa(value), value.Scale, Math.Abs(real));
        return negative ? -magnitude : magnitude;
    }

    /// <summary>
    /// The double nearest a decimal toward zero (the D of the key encoding), and whether it is the decimal exactly.
    /// </summary>
    /// <param name="value">The decimal.</param>
    /// <param name="exact">True when the decimal equals the double.</param>
    /// <returns>The double.</returns>
    public static double TowardZero(decimal value, out bool exact)
    {
        UInt128 mantissa = Mantissa(value);
        int scale = value.Scale;

        // The conversion is within a unit in the last place or two; walk to the truncation.
        double d = Math.Abs((double)value);
        int order = CompareMagnitudes(mantissa, scale, d);
        while (order < 0)
        {
            d = Math.BitDecrement(d);
            order = CompareMagnitudes(mantissa, scale, d);
        }

        while (order > 0)
        {
            double next = Math.BitIncrement(d);
            int nextOrder = CompareMagnitudes(mantissa, scale, next);
            if (nextOrder < 0)
            {
                break;
            }

            d = next;
            order = nextOrder;
        }

        exact = order == 0;
        return value < 0 ? -d : d;
    }

    /// <summary>The decimal exactly equal to a double, when there is one (|d| &lt; 2^96, at most 28 fractional digits).</summary>
    /// <param name="real">The double.</param>
    /// <param name="value">The decimal, with the smallest scale.</param>
    /// <returns>Whether the double has an exact decimal.</returns>
    public static bool TryFromDoubleExact(double real, out decimal value)
    {
        value = 0m;
        if (real == 0)
        {
            return true;
        }

        if (!double.IsFinite(real) || Math.Abs(real) >= TwoPow96)
        {
            return false;
        }

        Split(Math.Abs(real), out ulong m, out int e);
        int trailing = System.Numerics.BitOperations.TrailingZeroCount(m);
        m >>= trailing;
        e += trailing;
        if (e >= 0)
        {
            value = Create((UInt128)m << e, 0, real < 0);
            return true;
        }

        // m · 2^e = m · 5^k / 10^k with k = −e.
        int k = -e;
        if (k > MaxScale)
        {
            return false;
        }

        UInt128 mantissa = m * s_powersOfFive[k];
        if (mantissa >> 96 != 0)
        {
            return false;
        }

        value = Create(mantissa, k, real < 0);
        return true;
    }

    /// <summary>
    /// The decimal of a double's shortest round-trip text (0.1 → 0.1m), when that text is a decimal in range; what
    /// a DECIMAL column stores for a REAL, so that the literal 10.25 stores as 10.25.
    /// </summary>
    /// <param name="real">The double (finite).</param>
    /// <param name="value">The decimal.</param>
    /// <returns>Whether it fits.</returns>
    public static bool TryFromShortest(double real, out decimal value)
    {
        value = 0m;
        if (!double.IsFinite(real) || Math.Abs(real) >= TwoPow96)
        {
            return false;
        }

        Span<char> buffer = stackalloc char[48];
        if (!real.TryFormat(buffer, out int written, "R", CultureInfo.InvariantCulture))
        {
            return false;
        }

        if (!decimal.TryParse(buffer[..written], NumberStyles.Float, CultureInfo.InvariantCulture, out value))
        {
            return false;
        }

        // Parsing rounds past 28 fractional digits. Rounding drops significant digits, and no text shorter than
        // the shortest round-trip one reads back as the same double, so the parse was exact iff it reads back.
        if (!value.TryFormat(buffer, out written, default, CultureInfo.InvariantCulture))
        {
            return false;
        }

        return double.Parse(buffer[..written], NumberStyles.Float, CultureInfo.InvariantCulture) == real;
    }

    /// <summary>The decimal with at least <paramref name="scale"/> fractional digits (1.5 with scale 2 is 1.50).</summary>
    /// <param name="value">The decimal; its scale must not exceed <paramref name="scale"/> after trailing zeros are removed.</param>
    /// <param name="scale">The scale wanted.</param>
    /// <returns>The rescaled decimal, or <paramref name="value"/> when it cannot be rescaled exactly.</returns>
    public static decimal WithScale(decimal value, int scale)
    {
        UInt128 mantissa = Mantissa(value);
        int current = value.Scale;
        while (current > scale && mantissa % 10 == 0)
        {
            mantissa /= 10;
            current--;
        }

        while (current < scale)
        {
            UInt128 next = mantissa * 10;
            if (next >> 96 != 0)
            {
                break;
            }

            mantissa = next;
            current++;
        }

        return Create(mantissa, current, value < 0);
    }

    // Splits a positive finite double into m · 2^e.
    private static void Split(double positive, out ulong m, out int e)
    {
        ulong bits = (ulong)BitConverter.DoubleToInt64Bits(positive);
        int exponent = (int)(bits >> 52) & 0x7FF;
        ulong fraction = bits & 0x000F_FFFF_FFFF_FFFFUL;
        if (exponent == 0)
        {
            m = fraction;
            e = -1074;
        }
        else
        {
            m = fraction | 0x0010_0000_0000_0000UL;
            e = exponent - 1075;
        }
    }

    // Compares M / 10^s with a positive double (or zero), both magnitudes.
    private static int CompareMagnitudes(UInt128 mantissa, int scale, double real)
    {
        if (real == 0)
        {
            return mantissa == 0 ? 0 : 1;
        }

        if (real >= TwoPow96)
        {
            return -1;
        }

        UInt128 power = s_powersOfTen[scale];
        UInt128 whole = mantissa / power;
        UInt128 remainder = mantissa - (whole * power);

        Split(real, out ulong m, out int e);
        UInt128 realWhole;
        ulong fraction;
        int fractionBits;
        if (e >= 0)
        {
            realWhole = (UInt128)m << e;
            fraction = 0;
            fractionBits = 0;
        }
        else
        {
            fractionBits = -e;
            realWhole = fractionBits >= 64 ? 0 : m >> fractionBits;
            fraction = fractionBits >= 64 ? m : m & ((1UL << fractionBits) - 1);
        }

        if (whole != realWhole)
        {
            return whole < realWhole ? -1 : 1;
        }

        // Fractions: remainder / 10^s against fraction / 2^k, compared at the scale 10^s:
        // fraction · 10^s / 2^k = fraction · 5^s / 2^(k − s), and fraction < 2^k keeps every product in range.
        if (fraction == 0)
        {
            return remainder == 0 ? 0 : 1;
        }

        UInt128 scaled = fraction * s_powersOfFive[scale];
        int shift = fractionBits - scale;
        UInt128 quotient;
        bool inexact;
        if (shift <= 0)
        {
            quotient = scaled << -shift;
            inexact = false;
        }
        else if (shift >= 128)
        {
            quotient = 0;
            inexact = true;
        }
        else
        {
            quotient = scaled >> shift;
            inexact = (quotient << shift) != scaled;
        }

        if (remainder != quotient)
        {
            return remainder < quotient ? -1 : 1;
        }

        return inexact ? -1 : 0;
    }

    private static UInt128[] BuildPowers(int radix)
    {
        var powers = new UInt128[MaxScale + 1];
        powers[0] = 1;
        for (int i = 1; i < powers.Length; i++)
        {
            powers[i] = powers[i - 1] * (uint)radix;
        }

        return powers;
    }
}
