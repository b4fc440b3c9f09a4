using System.Numerics;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Types.Decimal;

/// <summary>
/// Seeded numbers that mix longs, doubles and decimals near one another (longs near 2^63, 28-digit decimals, the
/// doubles nearest both), plus an exact rational oracle built on <see cref="BigInteger"/>.
/// </summary>
internal sealed class MixedNumbers
{
    private readonly List<SqlValue> _recent = [];

    public MixedNumbers(int seed) => Random = new Random(seed);

    public Random Random { get; }

    /// <summary>An exact comparison of two numeric values as rationals.</summary>
    public static int CompareExactly(SqlValue left, SqlValue right)
    {
        (BigInteger ln, BigInteger ld) = Rational(left);
        (BigInteger rn, BigInteger rd) = Rational(right);
        return (ln * rd).CompareTo(rn * ld);
    }

    public static string Show(SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Real => "R:" + value.AsDouble().ToString("R", System.Globalization.CultureInfo.InvariantCulture),
        SqlStorageClass.Decimal => "D:" + value.ToString(),
        _ => "I:" + value.ToString(),
    };

    public decimal NextDecimal()
    {
        int scale = Random.Next(5) == 0 ? 28 : Random.Next(0, 29);
        int bits = Random.Next(1, 97);
        UInt128 mantissa = 0;
        for (int i = 0; i < bits; i++)
        {
            mantissa = (mantissa << 1) | (uint)Random.Next(2);
        }

        return ExactDecimal.Create(mantissa, scale, Random.Next(2) == 0);
    }

    public long NextLong() => Random.Next(4) switch
    {
        0 => Random.NextInt64(long.MinValue, long.MaxValue),
        1 => (Random.Next(2) == 0 ? long.MaxValue : long.MinValue) + (Random.Next(2) == 0 ? -1 : 1) * Random.Next(0, 3000),
        2 => (1L << Random.Next(53, 63)) + Random.Next(-2000, 2000),
        _ => Random.Next(-1000, 1000),
    };

    public double NextDouble()
    {
        if (Random.Next(3) == 0)
        {
            return (Random.NextDouble() - 0.5) * 1e6;
        }

        double d = BitConverter.Int64BitsToDouble(Random.NextInt64(long.MinValue, long.MaxValue));
        return double.IsFinite(d) ? d : 1.5;
    }

    /// <summary>A value of any numeric class, often next to an earlier one so that D ties are common.</summary>
    public SqlValue Next()
    {
        SqlValue value;
        if (_recent.Count > 0 && Random.Next(2) == 0)
        {
            value = Near(_recent[Random.Next(_recent.Count)]);
        }
        else
        {
            value = Random.Next(3) switch
            {
                0 => SqlValue.FromDecimal(NextDecimal()),
                1 => SqlValue.FromInt64(NextLong()),
                _ => SqlValue.FromDouble(NextDouble()),
            };
        }

        _recent.Add(value);
        if (_recent.Count > 32)
        {
            _recent.RemoveAt(0);
        }

        return value;
    }

    private static (BigInteger Numerator, BigInteger Denominator) Rational(SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Integer:
                return (value.AsInt64(), BigInteger.One);
            case SqlStorageClass.Decimal:
                decimal dec = value.AsDecimal();
                BigInteger mantissa = (BigInteger)ExactDecimal.Mantissa(dec);
                return (dec < 0 ? -mantissa : mantissa, BigInteger.Pow(10, dec.Scale));
            default:
                double real = value.AsDouble();
                if (real == 0)
                {
                    return (BigInteger.Zero, BigInteger.One);
                }

                long bits = BitConverter.DoubleToInt64Bits(Math.Abs(real));
                int exponent = (int)((bits >> 52) & 0x7FF);
                long fraction = bits & 0xF_FFFF_FFFF_FFFFL;
                BigInteger m = exponent == 0 ? fraction : fraction | (1L << 52);
                int e = exponent == 0 ? -1074 : exponent - 1075;
                BigInteger signed = real < 0 ? -m : m;
                return e >= 0 ? (signed << e, BigInteger.One) : (signed, BigInteger.One << -e);
        }
    }

    // Another class's value at (or a hair from) the same number.
    private SqlValue Near(SqlValue value)
    {
        decimal asDecimal = value.StorageClass == SqlStorageClass.Real
            ? (ExactDecimal.TryFromDoubleExact(value.AsDouble(), out decimal exact) ? exact : (Math.Abs(value.AsDouble()) < 7e28 ? (decimal)value.AsDouble() : 1m))
            : value.AsDecimal();
        double asDouble = value.AsDouble();
        switch (Random.Next(6))
        {
            case 0:
                return SqlValue.FromDouble(Random.Next(2) == 0 ? Math.BitIncrement(asDouble) : Math.BitDecrement(asDouble));
            case 1:
                return SqlValue.FromDouble(asDouble);
            case 2:
                return SqlValue.FromDecimal(ExactDecimal.WithScale(asDecimal, Math.Min(28, asDecimal.Scale + Random.Next(0, 3))));
            case 3:
                decimal step = ExactDecimal.Create(1, Random.Next(0, 29), Random.Next(2) == 0);
                try
                {
                    return SqlValue.FromDecimal(asDecimal + step);
                }
                catch (OverflowException)
                {
                    return SqlValue.FromDecimal(asDecimal);
                }

            case 4 when Math.Abs(asDecimal) < 9e18m:
                return SqlValue.FromInt64((long)decimal.Truncate(asDecimal) + Random.Next(-2, 3));
            default:
                return SqlValue.FromDecimal(asDecimal);
        }
    }
}
