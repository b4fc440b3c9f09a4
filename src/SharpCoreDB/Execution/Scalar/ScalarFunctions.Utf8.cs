using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>
/// Code-point and UTF-8 helpers for the text functions. SQLite works on UTF-8 bytes; where a BLOB (arbitrary
/// bytes) takes part, the functions below work on bytes too, so invalid sequences behave exactly as in SQLite.
/// </content>
internal static partial class ScalarFunctions
{
    private static void Write(PooledBufferWriter output, ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(output.GetSpan(bytes.Length));
        output.Advance(bytes.Length);
    }

    // Text in its canonical form (what its stored bytes decode to): an unpaired surrogate that is not an escaped
    // byte is U+FFFD, so it cannot match half of a pair, and escaped bytes that form a character become it.
    private static string ToWellFormedText(in SqlValue value) => Utf8Text.Canonical(TextConversion.ToText(value));

    // SQLite's lenient UTF-8 reader (sqlite3Utf8Read): a stray continuation byte is its own code point, a lead
    // byte takes every continuation byte after it, and overlong, surrogate or non-character results are U+FFFD.
    /// <summary>SQLite's lenient UTF-8 read of the first character (<c>sqlite3Utf8Read</c>).</summary>
    /// <param name="bytes">At least one byte.</param>
    /// <returns>The code point (U+FFFD for invalid forms).</returns>
    internal static long ReadUtf8Like(ReadOnlySpan<byte> bytes)
    {
        uint c = bytes[0];
        if (c < 0xC0)
        {
            return c;
        }

        c = c switch
        {
            < 0xE0 => c & 0x1F,
            < 0xF0 => c & 0x0F,
            < 0xF8 => c & 0x07,
            < 0xFC => c & 0x03,
            < 0xFE => c & 0x01,
            _ => 0,
        };
        for (int i = 1; i < bytes.Length && (bytes[i] & 0xC0) == 0x80; i++)
        {
            c = unchecked((c << 6) + (uint)(bytes[i] & 0x3F));
        }

        return c < 0x80 || (c & 0xFFFFF800) == 0xD800 || (c & 0xFFFFFFFE) == 0xFFFE ? 0xFFFD : c;
    }

    // SQLite's SQLITE_SKIP_UTF8: one character is a byte, plus its continuation bytes when it is a lead byte.
    /// <summary>The byte length of the character at <paramref name="index"/> by SQLite's rule (SQLITE_SKIP_UTF8).</summary>
    /// <param name="bytes">The bytes.</param>
    /// <param name="index">The character's first byte.</param>
    /// <returns>The length in bytes.</returns>
    internal static int Utf8CharLength(ReadOnlySpan<byte> bytes, int index)
    {
        int i = index + 1;
        if (bytes[index] >= 0xC0)
        {
            while (i < bytes.Length && (bytes[i] & 0xC0) == 0x80)
            {
                i++;
            }
        }

        return i - index;
    }

    // SQLite's character count of UTF-8 text up to its first NUL (SQLITE_SKIP_UTF8 per character).
    private static int Utf8Characters(ReadOnlySpan<byte> bytes)
    {
        int count = 0;
        for (int i = 0; i < bytes.Length && bytes[i] != 0; i += Utf8CharLength(bytes, i))
        {
            count++;
        }

        return count;
    }

    // trim() on raw UTF-8 when a BLOB is involved, matching SQLite byte for byte.
    private static SqlValue TrimBytes(ReadOnlySpan<SqlValue> args, bool left, bool right)
    {
        byte[] input = TextConversion.ToBytes(args[0]);
        byte[] set = args.Length == 2 ? TextConversion.ToBytes(args[1]) : [(byte)' '];
        var characters = new List<(int Start, int Length)>();
        for (int i = 0; i < set.Length && set[i] != 0;)
        {
            int length = Utf8CharLength(set, i);
            characters.Add((i, length));
            i += length;
        }

        int start = 0;
        int end = input.Length;
        if (characters.Count > 0)
        {
            while (left && start < end && TryMatchAt(input, start, end, set, characters, fromEnd: false, out int length))
            {
                start += length;
            }

            while (right && end > start && TryMatchAt(input, start, end, set, characters, fromEnd: true, out int length))
            {
                end -= length;
            }
        }

        return SqlValue.FromText(TextConversion.DecodeUtf8(input.AsSpan(start, end - start)));
    }

    private static bool TryMatchAt(byte[] input, int start, int end, byte[] set, List<(int Start, int Length)> characters, bool fromEnd, out int length)
    {
        foreach ((int at, int size) in characters)
        {
            if (size <= end - start && input.AsSpan(fromEnd ? end - size : start, size).SequenceEqual(set.AsSpan(at, size)))
            {
                length = size;
                return true;
            }
        }

        length = 0;
        return false;
    }

    // instr() over UTF-8 bytes: the position counts characters the way SQLite steps over them.
    private static long InstrBytes(byte[] haystack, byte[] needle)
    {
        if (needle.Length == 0)
        {
            return 1;
        }

        int index = haystack.AsSpan().IndexOf(needle);
        if (index < 0)
        {
            return 0;
        }

        long position = 1;
        for (int i = 0; i < index;)
        {
            i++;
            while (i < index && (haystack[i] & 0xC0) == 0x80)
            {
                i++;
            }

            position++;
        }

        return position;
    }

    private static SqlValue ReplaceBytes(in SqlValue text, in SqlValue pattern, in SqlValue replacement)
    {
        byte[] s = TextConversion.ToBytes(text);
        byte[] p = TextConversion.ToBytes(pattern);
        if (p.Length == 0 || p[0] == 0)
        {
            return SqlValue.FromText(TextConversion.DecodeUtf8(s));
        }

        if (replacement.IsNull)
        {
            return SqlValue.Null;
        }

        byte[] r = TextConversion.ToBytes(replacement);
        using var output = new PooledBufferWriter();
        ReadOnlySpan<byte> rest = s;
        while (true)
        {
            int index = rest.IndexOf(p);
            if (index < 0)
            {
                Write(output, rest);
                break;
            }

            ValueLimits.CheckAllocation((long)output.WrittenCount + index + r.Length);
            Write(output, rest[..index]);
            Write(output, r);
            rest = rest[(index + p.Length)..];
        }

        return SqlValue.FromText(TextConversion.DecodeUtf8(output.WrittenSpan));
    }

    private static string CutAtNul(string text)
    {
        int nul = text.IndexOf('\0', StringComparison.Ordinal);
        return nul < 0 ? text : text[..nul];
    }

    // Code points in UTF-16 text: a surrogate pair is one, an unpaired surrogate (U+FFFD once stored) is one.
    private static int CodePoints(ReadOnlySpan<char> text)
    {
        int count = text.Length;
        for (int i = 1; i < text.Length; i++)
        {
            if (char.IsLowSurrogate(text[i]) && char.IsHighSurrogate(text[i - 1]))
            {
                count--;
                i++;
            }
        }

        return count;
    }

    private static int AdvanceCodePoints(string text, int index, long count)
    {
        while (count > 0 && index < text.Length)
        {
            index += RuneWidthAt(text, index);
            count--;
        }

        return index;
    }

    private static int RuneWidthAt(string text, int index) =>
        index + 1 < text.Length && char.IsHighSurrogate(text[index]) && char.IsLowSurrogate(text[index + 1]) ? 2 : 1;

    // Whether the trim set contains the code point spelled by `unit` (one char or a surrogate pair).
    private static bool ContainsCodePoint(string set, ReadOnlySpan<char> unit)
    {
        int i = 0;
        while (i < set.Length)
        {
            int width = RuneWidthAt(set, i);
            if (set.AsSpan(i, width).SequenceEqual(unit))
            {
                return true;
            }

            i += width;
        }

        return false;
    }
}
