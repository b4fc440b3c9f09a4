using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// SQLite's <c>printf()</c>/<c>format()</c> SQL function. Supports the flags <c>- + space # ! 0 ,</c>, width and
/// precision (numbers or <c>*</c>), the <c>l</c>/<c>ll</c> size prefixes (ignored), and the conversions
/// <c>d i u x X o p r c s z q Q w f e E g G n %</c>. Missing arguments read as 0, 0.0 or empty text. Widths and
/// precisions count UTF-8 bytes unless the <c>!</c> flag makes them count characters, exactly as in SQLite, so the
/// output is assembled as UTF-8 and decoded once at the end. An unknown conversion ends the output there.
/// </summary>
internal static class SqlPrintf
{
    // SQLite's default SQLITE_LIMIT_LENGTH: longer output is an error, not an allocation attempt.
    private const long MaxLength = ValueLimits.DefaultMaxLength;

    private static ReadOnlySpan<byte> LowerDigits => "0123456789abcdef"u8;

    private static ReadOnlySpan<byte> UpperDigits => "0123456789ABCDEF"u8;

    /// <summary>Formats the arguments like <c>printf(format, args...)</c>.</summary>
    /// <param name="format">The format value (NULL gives NULL; other values are read as text).</param>
    /// <param name="arguments">The values for the conversions.</param>
    /// <returns>The TEXT result, or NULL when the format is NULL or nothing was produced (as SQLite does).</returns>
    /// <exception cref="SharpCoreDBException">The result would exceed the maximum string length.</exception>
    public static SqlValue Format(in SqlValue format, ReadOnlySpan<SqlValue> arguments)
    {
        if (format.IsNull)
        {
            return SqlValue.Null;
        }

        byte[] formatBytes = TextConversion.ToBytes(format);
        using var output = new PooledBufferWriter();
        var state = new Arguments(arguments);

        // SQLite's result is NULL only when nothing at all was appended; a conversion that produced no characters
        // (printf('%s', '')) still counts and gives ''.
        bool appended = Run(CutAtNul(formatBytes), ref state, output);
        return appended
            ? SqlValue.FromText(TextConversion.DecodeUtf8(output.WrittenSpan))
            : SqlValue.Null;
    }

    // Returns whether anything was appended (text or a completed conversion).
    private static bool Run(ReadOnlySpan<byte> fmt, ref Arguments args, PooledBufferWriter output)
    {
        bool appended = false;
        int i = 0;
        while (i < fmt.Length)
        {
            int percent = fmt[i..].IndexOf((byte)'%');
            if (percent < 0)
            {
                Append(output, fmt[i..]);
                return true;
            }

            if (percent > 0)
            {
                Append(output, fmt.Slice(i, percent));
                appended = true;
            }

            i += percent + 1;
            if (i >= fmt.Length)
            {
                // A lone '%' at the very end prints itself.
                Append(output, "%"u8);
                return true;
            }

            var spec = default(Spec);
            spec.Precision = -1;
            if (!ParseSpec(fmt, ref i, ref spec, ref args) || !Convert(spec, ref args, output))
            {
                return appended;
            }

            appended = true;
        }

        return appended;
    }

    // Reads flags, width, precision and size prefixes; leaves i after the conversion character. False when the
    // format ends inside the specification.
    private static bool ParseSpec(ReadOnlySpan<byte> fmt, ref int i, ref Spec spec, ref Arguments args)
    {
        while (i < fmt.Length)
        {
            byte c = fmt[i];
            switch (c)
            {
                case (byte)'-':
                    spec.LeftJustify = true;
                    i++;
                    continue;
                case (byte)'+':
                    spec.Prefix = (byte)'+';
                    i++;
                    continue;
                case (byte)' ':
                    spec.Prefix = (byte)' ';
                    i++;
                    continue;
                case (byte)'#':
                    spec.Alternate = true;
                    i++;
                    continue;
                case (byte)'!':
                    spec.Alternate2 = true;
                    i++;
                    continue;
                case (byte)'0':
                    spec.ZeroPad = true;
                    i++;
                    continue;
                case (byte)',':
                    spec.Thousands = true;
                    i++;
                    continue;
            }

            break;
        }

        if (i < fmt.Length && fmt[i] == '*')
        {
            // SQLite narrows the argument to a C int first.
            int width = unchecked((int)args.NextInt64());
            if (width < 0)
            {
                spec.LeftJustify = true;
                width = width >= -int.MaxValue ? -width : 0;
            }

            spec.Width = width;
            i++;
        }
        else
        {
            ulong width = 0;
            while (i < fmt.Length && fmt[i] is >= (byte)'0' and <= (byte)'9')
            {
                width = Math.Min((width * 10) + (ulong)(fmt[i] - '0'), int.MaxValue);
                i++;
            }

            spec.Width = (int)width;
        }

        if (i < fmt.Length && fmt[i] == '.')
        {
            i++;
            if (i < fmt.Length && fmt[i] == '*')
            {
                int precision = unchecked((int)args.NextInt64());
                spec.Precision = precision < 0 ? (precision >= -int.MaxValue ? -precision : -1) : precision;
                i++;
            }
            else
            {
                ulong precision = 0;
                while (i < fmt.Length && fmt[i] is >= (byte)'0' and <= (byte)'9')
                {
                    precision = Math.Min((precision * 10) + (ulong)(fmt[i] - '0'), int.MaxValue);
                    i++;
                }

                spec.Precision = (int)precision;
            }
        }

        for (int l = 0; l < 2 && i < fmt.Length && fmt[i] == 'l'; l++)
        {
            i++;
        }

        if (i >= fmt.Length)
        {
            return false;
        }

        spec.Conversion = fmt[i++];
        return true;
    }

    // Emits one conversion; false for a conversion SQLite does not know, which ends all output.
    private static bool Convert(Spec spec, ref Arguments args, PooledBufferWriter output)
    {
        switch (spec.Conversion)
        {
            case (byte)'d' or (byte)'i':
                FormatInteger(spec, args.NextInt64(), signed: true, 10, LowerDigits, default, output);
                return true;
            case (byte)'u':
                FormatInteger(spec, args.NextInt64(), signed: false, 10, LowerDigits, default, output);
                return true;
            case (byte)'x':
                FormatInteger(spec, args.NextInt64(), signed: false, 16, LowerDigits, "0x"u8, output);
                return true;
            case (byte)'p':
                // SQLite's pointer conversion: upper-case digits, yet a lower-case "0x" with '#'.
                FormatInteger(spec, args.NextInt64(), signed: false, 16, UpperDigits, "0x"u8, output);
                return true;
            case (byte)'X':
                FormatInteger(spec, args.NextInt64(), signed: false, 16, UpperDigits, "0X"u8, output);
                return true;
            case (byte)'o':
                FormatInteger(spec, args.NextInt64(), signed: false, 8, LowerDigits, "0"u8, output);
                return true;
            case (byte)'r':
                spec.Thousands = false;
                FormatInteger(spec, args.NextInt64(), signed: true, 10, LowerDigits, default, output, ordinal: true);
                return true;
            case (byte)'f' or (byte)'e' or (byte)'E' or (byte)'g' or (byte)'G':
                FormatReal(spec, args.NextDouble(), output);
                return true;
            case (byte)'s' or (byte)'z':
                FormatString(spec, args.NextText(), output);
                return true;
            case (byte)'c':
                FormatChar(spec, args.NextText(), output);
                return true;
            case (byte)'q' or (byte)'Q' or (byte)'w':
                FormatEscaped(spec, args.NextText(), output);
                return true;
            case (byte)'%':
                Pad(spec, "%"u8, output);
                return true;
            case (byte)'n':
                return true;
            default:
                return false;
        }
    }

    private static void FormatInteger(Spec spec, long raw, bool signed, int radix, ReadOnlySpan<byte> digits, ReadOnlySpan<byte> alternatePrefix, PooledBufferWriter output, bool ordinal = false)
    {
        ulong magnitude;
        byte prefix = 0;
        if (signed && raw < 0)
        {
            magnitude = (ulong)(-(raw + 1)) + 1;
            prefix = (byte)'-';
        }
        else
        {
            magnitude = (ulong)raw;
            prefix = signed ? spec.Prefix : (byte)0;
        }

        bool alternate = spec.Alternate && magnitude != 0;
        int precision = spec.Precision;
        if (spec.ZeroPad && precision < spec.Width - (prefix != 0 ? 1 : 0))
        {
            precision = spec.Width - (prefix != 0 ? 1 : 0);
        }

        CheckLength(precision);
        int size = Math.Max(precision, 0) + 32 + (spec.Thousands ? Math.Max(precision, 0) / 3 : 0);
        byte[] buffer = new byte[size];
        int at = size;
        if (ordinal)
        {
            ReadOnlySpan<byte> suffixes = "thstndrd"u8;
            int x = (int)(magnitude % 10);
            if (x >= 4 || (magnitude / 10) % 10 == 1)
            {
                x = 0;
            }

            buffer[--at] = suffixes[(x * 2) + 1];
            buffer[--at] = suffixes[x * 2];
        }

        int digitsEnd = at;
        do
        {
            buffer[--at] = digits[(int)(magnitude % (ulong)radix)];
            magnitude /= (ulong)radix;
        }
        while (magnitude > 0);

        while (precision > digitsEnd - at)
        {
            buffer[--at] = (byte)'0';
        }

        var text = new List<byte>(size);
        int length = digitsEnd - at;
        for (int k = 0; k < length; k++)
        {
            if (spec.Thousands && k > 0 && (length - k) % 3 == 0)
            {
                text.Add((byte)',');
            }

            text.Add(buffer[at + k]);
        }

        for (int k = digitsEnd; k < size; k++)
        {
            text.Add(buffer[k]);
        }

        if (prefix != 0)
        {
            text.Insert(0, prefix);
        }

        if (alternate && !alternatePrefix.IsEmpty)
        {
            text.InsertRange(0, alternatePrefix.ToArray());
        }

        Pad(spec, System.Runtime.InteropServices.CollectionsMarshal.AsSpan(text), output);
    }

    private static void FormatReal(Spec spec, double value, PooledBufferWriter output)
    {
        byte conversion = spec.Conversion;
        int precision = spec.Precision < 0 ? 6 : spec.Precision;
        CheckLength(precision);
        bool generic = conversion is (byte)'g' or (byte)'G';
        bool exponential = conversion is (byte)'e' or (byte)'E';
        int round = generic ? Math.Max(precision, 1) : exponential ? precision + 1 : -precision;
        if (generic && precision == 0)
        {
            precision = 1;
        }

        byte prefix = value < 0 ? (byte)'-' : spec.Prefix;
        if (double.IsInfinity(value))
        {
            if (!spec.ZeroPad)
            {
                ReadOnlySpan<byte> inf = value < 0 ? "-Inf"u8 : spec.Prefix == (byte)'+' ? "+Inf"u8 : spec.Prefix == (byte)' ' ? " Inf"u8 : "Inf"u8;
                Pad(spec, inf, output);
                return;
            }
        }

        Span<byte> digitBuffer = stackalloc byte[FloatDecoder.BufferLength];
        int count;
        int decimalPoint;
        scoped ReadOnlySpan<byte> digits;
        if (double.IsInfinity(value))
        {
            // With zero padding SQLite prints infinity as 9 followed by 999 zeros.
            digitBuffer[0] = (byte)'9';
            digits = digitBuffer[..1];
            count = 1;
            decimalPoint = 1000;
        }
        else
        {
            int first = FloatDecoder.Decode(value, round, spec.Alternate2 ? 26 : 16, digitBuffer, out count, out decimalPoint);
            digits = digitBuffer.Slice(first, count);
        }

        // Negative zero prints without a sign, as SQLite's decoder drops it.
        if (value == 0)
        {
            prefix = spec.Prefix;
        }

        int exponent = decimalPoint - 1;
        bool removeTrailingZeros;
        if (generic)
        {
            if (precision > 0)
            {
                precision--;
            }

            removeTrailingZeros = !spec.Alternate;
            if (exponent < -4 || exponent > precision)
            {
                exponential = true;
            }
            else
            {
                precision -= exponent;
            }
        }
        else
        {
            removeTrailingZeros = spec.Alternate2;
        }

        int e2 = exponential ? 0 : decimalPoint - 1;
        var text = new List<byte>(Math.Max(e2, 0) + precision + 16);
        if (prefix != 0)
        {
            text.Add(prefix);
        }

        int j = 0;
        if (e2 < 0)
        {
            text.Add((byte)'0');
        }
        else
        {
            for (; e2 >= 0; e2--)
            {
                text.Add(j < count ? digits[j++] : (byte)'0');
                if (spec.Thousands && e2 % 3 == 0 && e2 > 1)
                {
                    text.Add((byte)',');
                }
            }
        }

        bool point = precision > 0 || spec.Alternate || spec.Alternate2;
        if (point)
        {
            text.Add((byte)'.');
        }

        for (e2++; e2 < 0 && precision > 0; precision--, e2++)
        {
            text.Add((byte)'0');
        }

        while (precision-- > 0)
        {
            text.Add(j < count ? digits[j++] : (byte)'0');
        }

        if (removeTrailingZeros && point)
        {
            while (text[^1] == '0')
            {
                text.RemoveAt(text.Count - 1);
            }

            if (text[^1] == '.')
            {
                if (spec.Alternate2)
                {
                    text.Add((byte)'0');
                }
                else
                {
                    text.RemoveAt(text.Count - 1);
                }
            }
        }

        if (exponential)
        {
            text.Add(conversion is (byte)'E' or (byte)'G' ? (byte)'E' : (byte)'e');
            int e = decimalPoint - 1;
            text.Add(e < 0 ? (byte)'-' : (byte)'+');
            e = Math.Abs(e);
            if (e >= 100)
            {
                text.Add((byte)('0' + (e / 100)));
                e %= 100;
            }

            text.Add((byte)('0' + (e / 10)));
            text.Add((byte)('0' + (e % 10)));
        }

        if (spec.ZeroPad && !spec.LeftJustify && text.Count < spec.Width)
        {
            byte[] zeros = new byte[spec.Width - text.Count];
            Array.Fill(zeros, (byte)'0');
            text.InsertRange(prefix != 0 ? 1 : 0, zeros);
        }

        Pad(spec, System.Runtime.InteropServices.CollectionsMarshal.AsSpan(text), output);
    }

    private static void FormatString(Spec spec, byte[]? text, PooledBufferWriter output)
    {
        ReadOnlySpan<byte> s = text is null ? default : CutAtNul(text);
        int length = s.Length;
        if (spec.Precision >= 0)
        {
            length = spec.Alternate2 ? BytesForCharacters(s, spec.Precision) : Math.Min(spec.Precision, s.Length);
        }

        Pad(spec, s[..length], output, countCharacters: spec.Alternate2);
    }

    private static void FormatChar(Spec spec, byte[]? text, PooledBufferWriter output)
    {
        Span<byte> one = stackalloc byte[4];
        int length = 1;
        one[0] = 0;
        if (text is not null && text.Length > 0)
        {
            one[0] = text[0];
            if ((text[0] & 0xC0) == 0xC0)
            {
                while (length < 4 && length < text.Length && (text[length] & 0xC0) == 0x80)
                {
                    one[length] = text[length];
                    length++;
                }
            }
        }

        int repeat = Math.Max(spec.Precision, 1);
        CheckLength((long)repeat * length);
        byte[] repeated = new byte[repeat * length];
        for (int k = 0; k < repeat; k++)
        {
            one[..length].CopyTo(repeated.AsSpan(k * length));
        }

        Pad(spec, repeated, output, countCharacters: true);
    }

    private static void FormatEscaped(Spec spec, byte[]? text, PooledBufferWriter output)
    {
        byte quote = spec.Conversion == (byte)'w' ? (byte)'"' : (byte)'\'';
        bool isNull = text is null;
        ReadOnlySpan<byte> s = isNull
            ? (spec.Conversion == (byte)'Q' ? "NULL"u8 : "(NULL)"u8)
            : CutAtNul(text!);
        int take = s.Length;
        if (spec.Precision >= 0)
        {
            take = spec.Alternate2 ? BytesForCharacters(s, spec.Precision) : Math.Min(spec.Precision, s.Length);
        }

        bool needQuote = !isNull && spec.Conversion == (byte)'Q';
        var escaped = new List<byte>(take + 3);
        if (needQuote)
        {
            escaped.Add(quote);
        }

        foreach (byte b in s[..take])
        {
            escaped.Add(b);
            if (b == quote)
            {
                escaped.Add(b);
            }
        }

        if (needQuote)
        {
            escaped.Add(quote);
        }

        Pad(spec, System.Runtime.InteropServices.CollectionsMarshal.AsSpan(escaped), output, countCharacters: spec.Alternate2);
    }

    // Writes text padded with spaces to the field width (in bytes, or in characters with the '!' flag).
    private static void Pad(Spec spec, ReadOnlySpan<byte> text, PooledBufferWriter output, bool countCharacters = false)
    {
        int width = spec.Width;
        if (countCharacters && width > 0)
        {
            foreach (byte b in text)
            {
                if ((b & 0xC0) == 0x80)
                {
                    width++;
                }
            }
        }

        int padding = width - text.Length;
        CheckLength((long)output.WrittenCount + Math.Max(padding, 0) + text.Length);
        if (padding > 0 && !spec.LeftJustify)
        {
            AppendRepeated(output, (byte)' ', padding);
        }

        Append(output, text);
        if (padding > 0 && spec.LeftJustify)
        {
            AppendRepeated(output, (byte)' ', padding);
        }
    }

    private static int BytesForCharacters(ReadOnlySpan<byte> s, int characters)
    {
        int i = 0;
        while (characters-- > 0 && i < s.Length)
        {
            i++;
            if (s[i - 1] >= 0xC0)
            {
                while (i < s.Length && (s[i] & 0xC0) == 0x80)
                {
                    i++;
                }
            }
        }

        return i;
    }

    private static ReadOnlySpan<byte> CutAtNul(byte[] text)
    {
        int nul = Array.IndexOf(text, (byte)0);
        return nul < 0 ? text : text.AsSpan(0, nul);
    }

    private static void CheckLength(long length)
    {
        if (length > MaxLength)
        {
            ValueLimits.ThrowTooBig(MaxLength);
        }
    }

    private static void Append(PooledBufferWriter output, ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(output.GetSpan(bytes.Length));
        output.Advance(bytes.Length);
    }

    private static void AppendRepeated(PooledBufferWriter output, byte value, int count)
    {
        output.GetSpan(count)[..count].Fill(value);
        output.Advance(count);
    }

    // One conversion specification.
    private struct Spec
    {
        public bool LeftJustify;
        public bool Alternate;
        public bool Alternate2;
        public bool ZeroPad;
        public bool Thousands;
        public byte Prefix;
        public int Width;
        public int Precision;
        public byte Conversion;
    }

    // The argument list: each conversion takes the next value; missing ones read as 0, 0.0 or NULL text.
    private ref struct Arguments
    {
        private readonly ReadOnlySpan<SqlValue> _values;
        private int _used;

        public Arguments(ReadOnlySpan<SqlValue> values)
        {
            _values = values;
            _used = 0;
        }

        public long NextInt64() => _used < _values.Length ? NumericConversion.ToInt64(_values[_used++]) : 0;

        public double NextDouble() => _used < _values.Length ? NumericConversion.ToDouble(_values[_used++]) : 0.0;

        public byte[]? NextText()
        {
            if (_used >= _values.Length)
            {
                return null;
            }

            SqlValue value = _values[_used++];
            return value.IsNull ? null : value.StorageClass == SqlStorageClass.Blob ? value.AsBlob() : TextConversion.EncodeUtf8(TextConversion.ToText(value));
        }
    }
}
