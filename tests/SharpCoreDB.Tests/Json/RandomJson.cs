using System.Globalization;
using System.Text;

namespace SharpCoreDB.Tests.Json;

/// <summary>
/// Random JSON text for differential tests: nested arrays and objects (empty ones too), integers small, big,
/// negative and past 64 bits, reals in every notation, strings and keys with escapes and non-ASCII text, duplicate
/// and odd keys, and random whitespace between tokens.
/// </summary>
internal sealed class RandomJson(Random random)
{
    private static readonly string[] s_keys =
    [
        "a", "b", "ab1", "X9", "key", "_u", "9x", "", "a b", "a.b", "a[0]", "é", "中文", "$", "\\\"q\\\"", "\\u0061", "tab\\t", "x\\/y", "a\\\\b",
    ];

    private static readonly string[] s_numbers =
    [
        "0", "-0", "1", "-1", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "-9223372036854775809", "12345678901234567890123", "0.5", "-0.0", "1.0", "3.14159", "1e5", "1E+5", "1e-7",
        "-2.5E-3", "1e400", "-1e400", "123456789012345.678", "0.1", "100",
    ];

    private static readonly string[] s_pieces =
    [
        "a", "Z", " ", "é", "中", "😀", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u00e9", "\\u4e2d",
        "\\ud83d\\ude00", "\\u0041", "\\u001f", "x y", "0", ".", "[", "]", "{", "'", "''",
    ];

    /// <summary>A JSON document of at most about <paramref name="budget"/> values.</summary>
    public string Document(int budget)
    {
        var text = new StringBuilder();
        int remaining = budget;
        Value(text, 0, ref remaining);
        Space(text);
        return text.ToString();
    }

    private void Value(StringBuilder text, int depth, ref int remaining)
    {
        Space(text);
        remaining--;
        int kind = depth > 6 || remaining <= 0 ? random.Next(5) : random.Next(8);
        switch (kind)
        {
            case 0:
                text.Append(random.Next(3) switch { 0 => "null", 1 => "true", _ => "false" });
                break;
            case 1:
            case 2:
                text.Append(Number());
                break;
            case 3:
            case 4:
                String(text, random.Next(6));
                break;
            case 5:
            case 6:
                Array(text, depth, ref remaining);
                break;
            default:
                Object(text, depth, ref remaining);
                break;
        }
    }

    private void Array(StringBuilder text, int depth, ref int remaining)
    {
        text.Append('[');
        int count = random.Next(4) == 0 ? 0 : random.Next(1, 6);
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                Space(text);
                text.Append(',');
            }

            Value(text, depth + 1, ref remaining);
        }

        Space(text);
        text.Append(']');
    }

    private void Object(StringBuilder text, int depth, ref int remaining)
    {
        text.Append('{');
        int count = random.Next(4) == 0 ? 0 : random.Next(1, 6);
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                Space(text);
                text.Append(',');
            }

            Space(text);
            if (random.Next(3) == 0)
            {
                String(text, random.Next(1, 4));
            }
            else
            {
                text.Append('"').Append(s_keys[random.Next(s_keys.Length)]).Append('"');
            }

            Space(text);
            text.Append(':');
            Value(text, depth + 1, ref remaining);
        }

        Space(text);
        text.Append('}');
    }

    private string Number()
    {
        if (random.Next(2) == 0)
        {
            return s_numbers[random.Next(s_numbers.Length)];
        }

        return random.Next(3) switch
        {
            0 => random.NextInt64(long.MinValue, long.MaxValue).ToString(CultureInfo.InvariantCulture),
            1 => random.Next(-1000, 1000).ToString(CultureInfo.InvariantCulture),
            _ => (random.NextDouble() * Math.Pow(10, random.Next(-5, 20)) * (random.Next(2) == 0 ? 1 : -1)).ToString("R", CultureInfo.InvariantCulture),
        };
    }

    private void String(StringBuilder text, int pieces)
    {
        text.Append('"');
        for (int i = 0; i < pieces; i++)
        {
            text.Append(s_pieces[random.Next(s_pieces.Length)]);
        }

        // Long strings change the size of the JSONB header SQLite numbers its rows by.
        if (random.Next(10) == 0)
        {
            text.Append('s', random.Next(8, 300));
        }

        text.Append('"');
    }

    private void Space(StringBuilder text)
    {
        if (random.Next(4) == 0)
        {
            text.Append(random.Next(4) switch { 0 => " ", 1 => "\n", 2 => "\t", _ => "  \r\n " });
        }
    }
}
