
namespace SharpCoreDB.Records;

/// <content>The exact conversions of DECIMAL columns and CAST(x AS DECIMAL).</content>
internal static partial class NumericConversion
{
    // Beyond this many significant digits a decimal mantissa cannot fit 96 bits anyway.
    private const int MaxDecimalDigits = 29;

    /// <summary>
    /// The affinity of a DECIMAL/NUMERIC/MONEY column (<see cref="Affinity.Decimal"/>): SQLite's NUMERIC affinity,
    /// but keeping exact values exact. Well-formed numeric TEXT becomes INTEGER when whole and in range, else the exact
    /// decimal it spells when that fits, else REAL; a REAL becomes INTEGER when whole (as SQLite), else the decimal of
    /// its shortest round-trip text when that fits (so 10.25 stores as 10.25); INTEGER and DECIMAL stay as they are.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <returns>The converted value, or <paramref name="value"/>.</returns>
    public static SqlValue ApplyDecimalAffinity(in SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Text when value.IsPackedText:
                // A date or time, never numeric text.
                return value;
            case SqlStorageClass.Text:
                ReadOnlySpan<char> text = ((string)value.RawReference!).AsSpan();
                RealTextKind kind = NumericText.ParseReal(text, out double real);
                if (kind is RealTextKind.NotNumeric or RealTextKind.RealPrefix)
                {
                    return value;
                }

                if (TryParseExactDecimal(text, out decimal parsed))
                {
                    return ExactDecimal.TryGetInt64(parsed, out long whole) ? SqlValue.FromInt64(whole) : SqlValue.FromDecimal(parsed);
                }

                return RealToDecimal(real);
            case SqlStorageClass.Real:
                return RealToDecimal(BitConverter.Int64BitsToDouble(value.RawBits));
            default:
                return value;
        }
    }

    /// <summary>
    /// Parses well-formed decimal text (<c>[+-]digits[.digits][(e|E)[+-]digits]</c>, whitespace around) into the
    /// exact decimal it spells, keeping its scale (<c>'1.50'</c> → 1.50); false when it does not fit a decimal exactly.
    /// </summary>
    /// <param name="text">The text.</param>
    /// <param name="value">The decimal.</param>
    /// <returns>Whether the text is a decimal exactly.</returns>
    public static bool TryParseExactDecimal(ReadOnlySpan<char> text, out decimal value)
    {
        value = 0m;
        text = text.Trim(" \t\n\v\f\r");
        int i = 0;
        bool negative = false;
        if (i < text.Length && text[i] is '+' or '-')
        {
            negative = text[i] == '-';
            i++;
        }

        UInt128 mantissa = 0;
        int significant = 0;
        int fractionDigits = 0;
        bool sawDigit = false;
        bool inFraction = false;
        for (; i < text.Length; i++)
        {
            char c = text[i];
            if (c == '.' && !inFraction)
            {
                inFraction = true;
                continue;
            }

            if (!char.IsAsciiDigit(c))
            {
                break;
            }

            sawDigit = true;
            if (mantissa != 0 || c != '0')
            {
                if (++significant > MaxDecimalDigits)
                {
                    return false;
                }
            }

            mantissa = (mantissa * 10) + (uint)(c - '0');
            fractionDigits += inFraction ? 1 : 0;
        }

        if (!sawDigit)
        {
            return false;
        }

        int exponent = 0;
        if (i < text.Length)
        {
            if (text[i] is not ('e' or 'E') || !int.TryParse(text[(i + 1)..], System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out exponent))
            {
                return false;
            }
        }

        // scale = fraction digits − exponent, computed in long so a huge exponent cannot wrap.
        long scale = (long)fractionDigits - exponent;
        if (mantissa == 0)
        {
            value = ExactDecimal.Create(0, (int)Math.Clamp(scale, 0, ExactDecimal.MaxScale), negative: false);
            return true;
        }

        while (scale < 0)
        {
            mantissa *= 10;
            scale++;
            if (mantissa >> 96 != 0)
            {
                return false;
            }
        }

        while (scale > ExactDecimal.MaxScale && mantissa % 10 == 0)
        {
            mantissa /= 10;
            scale--;
        }

        if (scale > ExactDecimal.MaxScale || mantissa >> 96 != 0)
        {
            return false;
        }

        value = ExactDecimal.Create(mantissa, (int)scale, negative);
        return true;
    }

    /// <summary>
    /// <c>CAST(x AS DECIMAL)</c>: well-formed numeric text as <see cref="ApplyDecimalAffinity"/> reads it; other
    /// text and blobs by their numeric prefix as CAST AS NUMERIC does, then made exact; numbers made exact.
    /// </summary>
    /// <param name="value">A non-NULL value.</param>
    /// <returns>An INTEGER, DECIMAL or REAL.</returns>
    public static SqlValue CastToDecimal(in SqlValue value)
    {
        SqlValue exact = ApplyDecimalAffinity(value);
        return exact.StorageClass switch
        {
            SqlStorageClass.Text => ApplyDecimalAffinity(Numerify(((string)exact.RawReference!).AsSpan())),
            SqlStorageClass.Blob => ApplyDecimalAffinity(Numerify(((byte[])exact.RawReference!).AsSpan())),
            _ => ApplyDecimalAffinity(ToNumber(exact)),
        };
    }

    // A REAL in a DECIMAL context: INTEGER when whole (SQLite's rule), else the decimal of its shortest text.
    private static SqlValue RealToDecimal(double real)
    {
        SqlValue integer = IntegerAffinity(real);
        if (integer.StorageClass == SqlStorageClass.Integer)
        {
            return integer;
        }

        return ExactDecimal.TryFromShortest(real, out decimal dec) ? SqlValue.FromDecimal(dec) : integer;
    }
}
