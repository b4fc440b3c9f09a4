using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>Text functions: length, lower/upper, substr, trim, instr, replace, hex, quote, char, unicode, concat, printf, like/glob.</content>
internal static partial class ScalarFunctions
{
    // SQLite's default SQLITE_LIMIT_LENGTH (substr's default length, the largest string or blob).
    private const long MaxLength = ValueLimits.DefaultMaxLength;

    private static void AddText(List<ScalarFunction> all)
    {
        all.Add(new("length", 1, 1, (a, _) => Length(a[0])));
        all.Add(new("octet_length", 1, 1, (a, _) => OctetLength(a[0])));
        all.Add(new("lower", 1, 1, (a, _) => ChangeCase(a[0], upper: false)));
        all.Add(new("upper", 1, 1, (a, _) => ChangeCase(a[0], upper: true)));
        all.Add(new("substr", 2, 3, (a, _) => Substring(a)));
        all.Add(new("substring", 2, 3, (a, _) => Substring(a)));
        all.Add(new("trim", 1, 2, (a, _) => Trim(a, left: true, right: true)));
        all.Add(new("ltrim", 1, 2, (a, _) => Trim(a, left: true, right: false)));
        all.Add(new("rtrim", 1, 2, (a, _) => Trim(a, left: false, right: true)));
        all.Add(new("instr", 2, 2, (a, _) => Instr(a[0], a[1])));
        all.Add(new("replace", 3, 3, (a, _) => Replace(a[0], a[1], a[2])));
        all.Add(new("hex", 1, 1, (a, _) => Hex(a[0])));
        all.Add(new("quote", 1, 1, (a, _) => SqlValue.FromText(Quote(a[0]))));
        all.Add(new("char", 0, Any, (a, _) => Char(a)));
        all.Add(new("unicode", 1, 1, (a, _) => Unicode(a[0])));
        all.Add(new("concat", 1, Any, (a, _) => Concat([], a)));
        all.Add(new("concat_ws", 2, Any, (a, _) => a[0].IsNull ? SqlValue.Null : Concat(TextConversion.ToBytes(a[0]), a[1..])));
        all.Add(new("printf", 1, Any, (a, _) => SqlPrintf.Format(a[0], a[1..])));
        all.Add(new("format", 1, Any, (a, _) => SqlPrintf.Format(a[0], a[1..])));

        // like(pattern, text [, escape]) and glob(pattern, text): the functions behind the operators, arguments swapped.
        // Matching long text against a long pattern takes their product in steps, so these check the statement's token.
        all.Add(new("like", 2, 3, (a, token) => PatternMatcher.Like(a[1], a[0], a.Length == 3 ? a[2] : null, token)));
        all.Add(new("glob", 2, 2, (a, token) => PatternMatcher.Glob(a[1], a[0], token)));
    }

    /// <summary>SQLite's <c>quote()</c>: a SQL literal for the value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>NULL, an integer, a real that reads back exactly, 'text' or X'hex'.</returns>
    public static string Quote(in SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Null:
                return "NULL";
            case SqlStorageClass.Integer or SqlStorageClass.Decimal:
                return TextConversion.ToText(value);
            case SqlStorageClass.Real:
                double real = BitConverter.Int64BitsToDouble(value.RawBits);

                // 15 digits unless that loses the value; then 20 decimals in exponent form. The zero flag makes
                // infinity print as 9.0e+999, which reads back as infinity.
                string text = TextConversion.ToText(SqlPrintf.Format(SqlValue.FromText("%!0.15g"), [value]));
                NumericText.ParseReal(text.AsSpan(), out double back);
                return back == real
                    ? text
                    : TextConversion.ToText(SqlPrintf.Format(SqlValue.FromText("%!0.20e"), [value]));
            case SqlStorageClass.Text:
                string s = (string)value.RawReference!;
                int nul = s.IndexOf('\0', StringComparison.Ordinal);
                return "'" + (nul < 0 ? s : s[..nul]).Replace("'", "''", StringComparison.Ordinal) + "'";
            default:
                byte[] blob = (byte[])value.RawReference!;
                ValueLimits.CheckAllocation((2L * blob.Length) + 3);
                return "X'" + Convert.ToHexString(blob) + "'";
        }
    }

    private static SqlValue Hex(in SqlValue value)
    {
        if (value.IsNull)
        {
            return SqlValue.FromText(string.Empty);
        }

        byte[] bytes = TextConversion.ToBytes(value);
        ValueLimits.CheckAllocation(2L * bytes.Length);
        return SqlValue.FromText(Convert.ToHexString(bytes));
    }

    private static SqlValue Length(in SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Null:
                return SqlValue.Null;
            case SqlStorageClass.Blob:
                return SqlValue.FromInt64(value.BlobLength);
            case SqlStorageClass.Text:
                string text = (string)value.RawReference!;

                // Characters (code points) up to the first NUL, as SQLite counts a C string; text holding invalid
                // UTF-8 is counted on its bytes by SQLite's own rule, so every stray byte counts as SQLite counts it.
                return SqlValue.FromInt64(Utf8Text.HasUnpairedSurrogate(text)
                    ? Utf8Characters(Utf8Text.Encode(text))
                    : CodePoints(CutAtNul(text)));
            default:
                return SqlValue.FromInt64(TextConversion.ToText(value).Length);
        }
    }

    private static SqlValue OctetLength(in SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Null => SqlValue.Null,
        SqlStorageClass.Blob => SqlValue.FromInt64(value.BlobLength),
        _ => SqlValue.FromInt64(TextConversion.Utf8Length(TextConversion.ToText(value))),
    };

    // ASCII only, as SQLite without ICU.
    private static SqlValue ChangeCase(in SqlValue value, bool upper)
    {
        if (value.IsNull)
        {
            return SqlValue.Null;
        }

        string text = TextConversion.ToText(value);
        return SqlValue.FromText(string.Create(text.Length, (text, upper), static (span, state) =>
        {
            for (int i = 0; i < span.Length; i++)
            {
                char c = state.text[i];
                span[i] = state.upper
                    ? (c is >= 'a' and <= 'z' ? (char)(c - 32) : c)
                    : (c is >= 'A' and <= 'Z' ? (char)(c + 32) : c);
            }
        }));
    }

    // substr(X, Y [, Z]) with SQLite's index rules: 1-based, negative Y counts from the end, Y = 0 eats one from
    // Z, negative Z takes characters before Y. The arithmetic wraps exactly like SQLite's 64-bit C code.
    private static SqlValue Substring(ReadOnlySpan<SqlValue> args)
    {
        if (args[1].IsNull || (args.Length == 3 && args[2].IsNull) || args[0].IsNull)
        {
            return SqlValue.Null;
        }

        bool isBlob = args[0].StorageClass == SqlStorageClass.Blob;
        long p1 = NumericConversion.ToInt64(args[1]);
        string text = string.Empty;
        byte[] blob = [];
        long length = 0;
        if (isBlob)
        {
            blob = (byte[])args[0].RawReference!;
            if (blob.Length == 0)
            {
                // SQLite gets no pointer for an empty blob and returns NULL.
                return SqlValue.Null;
            }

            length = blob.Length;
        }
        else
        {
            text = CutAtNul(TextConversion.ToText(args[0]));
            if (p1 < 0)
            {
                length = CodePoints(text);
            }
        }

        long p2;
        bool negativeLength = false;
        unchecked
        {
            if (args.Length == 3)
            {
                p2 = NumericConversion.ToInt64(args[2]);
                if (p2 < 0)
                {
                    p2 = -p2;
                    negativeLength = true;
                }
            }
            else
            {
                p2 = MaxLength;
            }

            if (p1 < 0)
            {
                p1 += length;
                if (p1 < 0)
                {
                    p2 += p1;
                    if (p2 < 0)
                    {
                        p2 = 0;
                    }

                    p1 = 0;
                }
            }
            else if (p1 > 0)
            {
                p1--;
            }
            else if (p2 > 0)
            {
                p2--;
            }

            if (negativeLength)
            {
                p1 -= p2;
                if (p1 < 0)
                {
                    p2 += p1;
                    p1 = 0;
                }
            }
        }

        if (isBlob)
        {
            if (p1 >= length)
            {
                return SqlValue.FromBlob([]);
            }

            if (p2 < 0 || p2 > length - p1)
            {
                p2 = length - p1;
            }

            return SqlValue.FromBlob(blob.AsSpan((int)p1, (int)p2).ToArray());
        }

        int start = AdvanceCodePoints(text, 0, p1);

        // A negative remaining count (possible only through wrap-around) runs to the end, as the C loop does.
        int end = p2 < 0 ? text.Length : AdvanceCodePoints(text, start, p2);
        return SqlValue.FromText(text[start..end]);
    }

    private static SqlValue Trim(ReadOnlySpan<SqlValue> args, bool left, bool right)
    {
        if (args[0].IsNull || (args.Length == 2 && args[1].IsNull))
        {
            return SqlValue.Null;
        }

        if (args[0].StorageClass == SqlStorageClass.Blob || (args.Length == 2 && args[1].StorageClass == SqlStorageClass.Blob))
        {
            return TrimBytes(args, left, right);
        }

        string text = ToWellFormedText(args[0]);
        string set = args.Length == 2 ? ToWellFormedText(args[1]) : " ";
        if (set.Length == 0)
        {
            return SqlValue.FromText(text);
        }

        int start = 0;
        int end = text.Length;
        if (left)
        {
            while (start < end)
            {
                int width = RuneWidthAt(text, start);
                if (!ContainsCodePoint(set, text.AsSpan(start, width)))
                {
                    break;
                }

                start += width;
            }
        }

        if (right)
        {
            while (end > start)
            {
                int width = end - 1 > start && char.IsLowSurrogate(text[end - 1]) && char.IsHighSurrogate(text[end - 2]) ? 2 : 1;
                if (!ContainsCodePoint(set, text.AsSpan(end - width, width)))
                {
                    break;
                }

                end -= width;
            }
        }

        return SqlValue.FromText(start == 0 && end == text.Length ? text : text[start..end]);
    }

    private static SqlValue Instr(in SqlValue haystack, in SqlValue needle)
    {
        if (haystack.IsNull || needle.IsNull)
        {
            return SqlValue.Null;
        }

        if (haystack.StorageClass == SqlStorageClass.Blob && needle.StorageClass == SqlStorageClass.Blob)
        {
            byte[] h = (byte[])haystack.RawReference!;
            byte[] n = (byte[])needle.RawReference!;
            return SqlValue.FromInt64(n.Length == 0 ? 1 : h.AsSpan().IndexOf(n) + 1);
        }

        if (haystack.StorageClass == SqlStorageClass.Blob || needle.StorageClass == SqlStorageClass.Blob)
        {
            return SqlValue.FromInt64(InstrBytes(TextConversion.ToBytes(haystack), TextConversion.ToBytes(needle)));
        }

        string hs = ToWellFormedText(haystack);
        string ns = ToWellFormedText(needle);
        if (ns.Length == 0)
        {
            return SqlValue.FromInt64(1);
        }

        int index = hs.IndexOf(ns, StringComparison.Ordinal);
        return SqlValue.FromInt64(index < 0 ? 0 : CodePoints(hs.AsSpan(0, index)) + 1);
    }

    private static SqlValue Replace(in SqlValue text, in SqlValue pattern, in SqlValue replacement)
    {
        if (text.IsNull || pattern.IsNull)
        {
            return SqlValue.Null;
        }

        if (text.StorageClass == SqlStorageClass.Blob || pattern.StorageClass == SqlStorageClass.Blob || replacement.StorageClass == SqlStorageClass.Blob)
        {
            return ReplaceBytes(text, pattern, replacement);
        }

        string s = ToWellFormedText(text);
        string p = ToWellFormedText(pattern);
        if (p.Length == 0 || p[0] == '\0')
        {
            return SqlValue.FromText(s);
        }

        if (replacement.IsNull)
        {
            return SqlValue.Null;
        }

        string r = TextConversion.ToText(replacement);
        if (r.Length > p.Length)
        {
            // Each match grows the text: size the result before building it (UTF-16 units never outnumber UTF-8 bytes).
            long matches = 0;
            for (int at = s.IndexOf(p, StringComparison.Ordinal); at >= 0; at = s.IndexOf(p, at + p.Length, StringComparison.Ordinal))
            {
                matches++;
            }

            ValueLimits.CheckAllocation(s.Length + (matches * (r.Length - p.Length)));
        }

        return SqlValue.FromText(s.Replace(p, r, StringComparison.Ordinal));
    }

    // char(...): each argument's integer as a code point, encoded as SQLite encodes it (out-of-range → U+FFFD).
    private static SqlValue Char(ReadOnlySpan<SqlValue> args)
    {
        byte[] bytes = new byte[args.Length * 4];
        int n = 0;
        foreach (ref readonly SqlValue arg in args)
        {
            long x = NumericConversion.ToInt64(arg);
            uint c = x is < 0 or > 0x10FFFF ? 0xFFFDu : (uint)x;
            if (c < 0x80)
            {
                bytes[n++] = (byte)c;
            }
            else if (c < 0x800)
            {
                bytes[n++] = (byte)(0xC0 + (c >> 6));
                bytes[n++] = (byte)(0x80 + (c & 0x3F));
            }
            else if (c < 0x10000)
            {
                bytes[n++] = (byte)(0xE0 + (c >> 12));
                bytes[n++] = (byte)(0x80 + ((c >> 6) & 0x3F));
                bytes[n++] = (byte)(0x80 + (c & 0x3F));
            }
            else
            {
                bytes[n++] = (byte)(0xF0 + (c >> 18));
                bytes[n++] = (byte)(0x80 + ((c >> 12) & 0x3F));
                bytes[n++] = (byte)(0x80 + ((c >> 6) & 0x3F));
                bytes[n++] = (byte)(0x80 + (c & 0x3F));
            }
        }

        return SqlValue.FromText(TextConversion.DecodeUtf8(bytes.AsSpan(0, n)));
    }

    private static SqlValue Unicode(in SqlValue value)
    {
        if (value.IsNull)
        {
            return SqlValue.Null;
        }

        if (value.StorageClass == SqlStorageClass.Blob)
        {
            byte[] bytes = (byte[])value.RawReference!;
            return bytes.Length == 0 || bytes[0] == 0 ? SqlValue.Null : SqlValue.FromInt64(ReadUtf8Like(bytes));
        }

        string text = TextConversion.ToText(value);
        if (text.Length == 0 || text[0] == '\0')
        {
            return SqlValue.Null;
        }

        return SqlValue.FromInt64(Rune.DecodeFromUtf16(text, out Rune rune, out _) == System.Buffers.OperationStatus.Done ? rune.Value : 0xFFFD);
    }

    // concat()/concat_ws(): NULL arguments are skipped, and the separator goes before a piece only once something
    // has been written (so a leading empty piece gets none). Pieces join as bytes, so BLOBs join like SQLite's.
    private static SqlValue Concat(byte[] separatorBytes, ReadOnlySpan<SqlValue> args)
    {
        using var output = new PooledBufferWriter();
        foreach (ref readonly SqlValue arg in args)
        {
            if (arg.IsNull)
            {
                continue;
            }

            byte[] piece = TextConversion.ToBytes(arg);
            ValueLimits.CheckAllocation((long)output.WrittenCount + separatorBytes.Length + piece.Length);
            if (output.WrittenCount > 0)
            {
                Write(output, separatorBytes);
            }

            Write(output, piece);
        }

        return SqlValue.FromText(TextConversion.DecodeUtf8(output.WrittenSpan));
    }
}
