using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>
/// Seeded random SQL values aimed at the edges of SQLite's conversion rules: integer extremes, reals tiny, huge,
/// integral and negative zero, text that is numeric, partly numeric or not numeric at all, blobs of digits or noise.
/// </summary>
internal sealed class RandomValues
{
    private static readonly long[] s_integers =
    [
        0, 1, -1, 2, -2, 7, 10, -10, 63, 64, 65, -64, 255, 256, 1000, 16384, int.MaxValue, int.MinValue,
        (1L << 51) - 1, 1L << 51, 1L << 52, (1L << 53) + 1, -(1L << 53), 1L << 62, long.MaxValue, long.MinValue,
        long.MaxValue - 1, long.MinValue + 1, 4503599627370497, 9007199254740993, 3037000499, 3037000500,
    ];

    private static readonly double[] s_reals =
    [
        0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 0.2, 0.3, 1.0 / 3, 2.675, 1.005, 3.0, 100.0,
        1e15, 1e16, 1e17, 1e20, 1e100, 1e300, 1.7976931348623157e308, -1e308, 5e-324, 1e-300, 1e-5, 1.5e-7,
        9223372036854775807.0, -9223372036854775808.0, 4503599627370496.5, 123456789.123456789, 0.49999999999999994,
        double.PositiveInfinity, double.NegativeInfinity, 1e18, 9.2e18, 4503599627370495.5, -4503599627370497.5,
    ];

    private static readonly string[] s_texts =
    [
        "", " ", "  ", "0", "1", "-1", "12", " 12 ", "+3", "-7", "007", "3.5", " 3.5", "3.5 ", ".5", "5.", "-.5",
        "1e5", "1E5", "1e", "1e+", "1e-2", "1.5e", "1.5e3x", "12abc", "abc", "a", "A", "b", "B", "z", "0x10", "1,5",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "99999999999999999999", "1e400", "-1e400", "3.0", "-0", "-0.0", "\t5\n", "\v7\f", "12\u00e9", "\u00e9",
        "\ud83d\ude00", "h\u00e9llo", "hello", "Hello World", "it's", "%", "_", "a%b", "NULL", "Infinity", "nan",
        "1.000000000000001", "4503599627370497.0", "2251799813685249.0", "1e18", "9.2e18", "0.1", "100",
    ];

    private readonly Random _random;

    public RandomValues(int seed)
    {
        Seed = seed;
        _random = new Random(seed);
    }

    public int Seed { get; }

    public Random Random => _random;

    public SqlValue Next()
    {
        int kind = _random.Next(100);
        return kind switch
        {
            < 6 => SqlValue.Null,
            < 30 => SqlValue.FromInt64(NextInteger()),
            < 52 => SqlValue.FromDouble(NextReal()),
            < 92 => SqlValue.FromText(NextText()),
            _ => SqlValue.FromBlob(NextBlob()),
        };
    }

    public SqlValue NextNumberOrNull()
    {
        int kind = _random.Next(10);
        return kind switch
        {
            0 => SqlValue.Null,
            < 6 => SqlValue.FromInt64(NextInteger()),
            _ => SqlValue.FromDouble(NextReal()),
        };
    }

    public long NextInteger()
    {
        return _random.Next(4) switch
        {
            0 => s_integers[_random.Next(s_integers.Length)],
            1 => _random.NextInt64(-1000, 1000),
            2 => _random.NextInt64(long.MinValue, long.MaxValue),
            _ => _random.NextInt64(-100, 100) << _random.Next(0, 60),
        };
    }

    public double NextReal()
    {
        switch (_random.Next(5))
        {
            case 0:
                return s_reals[_random.Next(s_reals.Length)];
            case 1:
                return Math.Round((_random.NextDouble() - 0.5) * 2000, _random.Next(0, 4));
            case 2:
                return (_random.NextDouble() - 0.5) * Math.Pow(10, _random.Next(-30, 30));
            case 3:
                return _random.NextInt64(-100000, 100000);
            default:
                double d = BitConverter.Int64BitsToDouble(_random.NextInt64());
                return double.IsNaN(d) ? 0.25 : d;
        }
    }

    public string NextText()
    {
        switch (_random.Next(6))
        {
            case 0:
            case 1:
                return s_texts[_random.Next(s_texts.Length)];
            case 2:
                // A number rendered and perhaps dressed with spaces or a suffix.
                string number = _random.Next(2) == 0
                    ? NextInteger().ToString(System.Globalization.CultureInfo.InvariantCulture)
                    : NextReal().ToString("R", System.Globalization.CultureInfo.InvariantCulture);
                return _random.Next(4) switch
                {
                    0 => " " + number,
                    1 => number + "x",
                    2 => number + " ",
                    _ => number,
                };
            case 3:
                return Word(_random.Next(0, 8), "abcABC xyz%_'");
            case 4:
                return s_texts[_random.Next(s_texts.Length)] + s_texts[_random.Next(s_texts.Length)];
            default:
                return Word(_random.Next(0, 6), "0123456789.e+- ");
        }
    }

    public byte[] NextBlob()
    {
        if (_random.Next(2) == 0)
        {
            return Encoding.UTF8.GetBytes(Word(_random.Next(0, 5), "0123456789.e- a"));
        }

        byte[] bytes = new byte[_random.Next(0, 6)];
        _random.NextBytes(bytes);
        return bytes;
    }

    public string Word(int length, string alphabet)
    {
        var builder = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            builder.Append(alphabet[_random.Next(alphabet.Length)]);
        }

        return builder.ToString();
    }
}
