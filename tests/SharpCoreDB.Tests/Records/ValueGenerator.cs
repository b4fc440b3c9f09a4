using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

/// <summary>Seeded random SQL values biased toward the edges where encodings go wrong.</summary>
internal sealed class ValueGenerator
{
    private static readonly long[] s_edgeIntegers =
    [
        0, 1, -1, 2, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 8388607, 8388608, -8388608,
        -8388609, int.MaxValue, int.MinValue, (long)int.MaxValue + 1, (long)int.MinValue - 1, 0x7FFF_FFFF_FFFF,
        0x8000_0000_0000, -0x8000_0000_0000, -0x8000_0000_0001, (1L << 53) - 1, 1L << 53, (1L << 53) + 1,
        -(1L << 53) - 1, -(1L << 53), (1L << 62) + 1, long.MaxValue, long.MaxValue - 1, long.MinValue,
        long.MinValue + 1, long.MaxValue - 1023, long.MaxValue - 1024, long.MinValue + 1023, long.MinValue + 1024,
    ];

    private static readonly double[] s_edgeReals =
    [
        0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 3.0, 1e-300, -1e-300, double.Epsilon, -double.Epsilon, double.MaxValue,
        double.MinValue, double.PositiveInfinity, double.NegativeInfinity, 9007199254740992.0, 9007199254740994.0,
        -9007199254740992.0, 9223372036854775808.0, -9223372036854775808.0, 9223372036854774784.0,
        4611686018427387904.0, 0.1, 2.5, 1e15, 1e16, 123456789.125,
    ];

    private static readonly string[] s_edgeTexts =
    [
        "", "a", "A", "ab", "a\0", "a\0b", "\0", "\0\0", "\u007F", "\u0080", "é", "\uFFFF", "\uE000", "\uD83D\uDE00",
        "\uD800", "\uDC00", "\uFFFD", "z", "zz", "日本語", "\u0001", "abc\u00FF",
    ];

    private readonly Random _random;

    public ValueGenerator(int seed) => _random = new Random(seed);

    public Random Random => _random;

    public SqlValue Next() => _random.Next(5) switch
    {
        0 => _random.Next(4) == 0 ? SqlValue.Null : NextInteger(),
        1 => NextInteger(),
        2 => NextReal(),
        3 => SqlValue.FromText(NextText()),
        _ => SqlValue.FromBlob(NextBlob()),
    };

    public SqlValue NextNumber() => _random.Next(2) == 0 ? NextInteger() : NextReal();

    public SqlValue NextInteger() => _random.Next(4) switch
    {
        0 => SqlValue.FromInt64(s_edgeIntegers[_random.Next(s_edgeIntegers.Length)]),
        1 => SqlValue.FromInt64(_random.Next(-300, 300)),
        // Longs near 2^53.. 2^63 exercise the tie-break; pair them with nearby doubles below.
        2 => SqlValue.FromInt64(NearBigPowers()),
        _ => SqlValue.FromInt64(_random.NextInt64(long.MinValue, long.MaxValue)),
    };

    public SqlValue NextReal() => _random.Next(5) switch
    {
        0 => SqlValue.FromDouble(s_edgeReals[_random.Next(s_edgeReals.Length)]),
        1 => SqlValue.FromDouble(_random.Next(-300, 300) / 4.0),
        2 => SqlValue.FromDouble(NearBigPowers()),
        3 => SqlValue.FromDouble(BitConverter.Int64BitsToDouble(_random.NextInt64()) is var d && double.IsNaN(d) ? 1.5 : d),
        _ => SqlValue.FromDouble((_random.NextDouble() - 0.5) * Math.Pow(10, _random.Next(-20, 20))),
    };

    public string NextText()
    {
        if (_random.Next(3) == 0)
        {
            return s_edgeTexts[_random.Next(s_edgeTexts.Length)];
        }

        int length = _random.Next(6);
        var builder = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            builder.Append(_random.Next(8) switch
            {
                0 => '\0',
                1 => (char)_random.Next(0x80, 0x800),
                2 => (char)_random.Next(0xE000, 0x10000),
                3 => "\uD83D\uDE00",
                4 => (char)_random.Next(0xD800, 0xE000),
                _ => (char)_random.Next('a', 'e'),
            });
        }

        return builder.ToString();
    }

    public byte[] NextBlob()
    {
        byte[] bytes = new byte[_random.Next(6)];
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = _random.Next(3) == 0 ? (byte)_random.Next(3) : (byte)(0xFE + _random.Next(2));
        }

        return bytes;
    }

    private long NearBigPowers()
    {
        int shift = _random.Next(53, 64);
        long value = shift == 63 ? long.MaxValue - _random.Next(4096) : (1L << shift) + _random.Next(-2048, 2048);
        return _random.Next(2) == 0 ? value : -value;
    }
}
