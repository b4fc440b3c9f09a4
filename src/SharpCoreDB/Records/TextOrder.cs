using System.Text;

namespace SharpCoreDB.Records;

/// <summary>
/// Orders strings the way their UTF-8 bytes order under <c>memcmp</c> (SQLite's BINARY collation), without
/// encoding them. That is code-point order, which differs from UTF-16 ordinal order only for surrogate pairs
/// against U+E000..U+FFFF. Unpaired surrogates count as U+FFFD, because that is what UTF-8 encoding stores.
/// </summary>
internal static class TextOrder
{
    /// <summary>Compares two strings in UTF-8 byte order.</summary>
    /// <param name="left">The first string.</param>
    /// <param name="right">The second string.</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int Compare(ReadOnlySpan<char> left, ReadOnlySpan<char> right)
    {
        int common = left.CommonPrefixLength(right);
        if (common == left.Length || common == right.Length)
        {
            // One is a prefix of the other in UTF-16, and then also in UTF-8: an unpaired high surrogate at the
            // end of the shorter one is EF BF BD, below the F0 lead byte it would have formed with a low surrogate.
            return left.Length.CompareTo(right.Length);
        }

        char l = left[common];
        char r = right[common];
        if (l < 0xD800 && r < 0xD800)
        {
            return l - r;
        }

        return CompareRunes(left, right, common);
    }

    /// <summary>A hash code consistent with <see cref="Compare"/> (equal strings hash alike).</summary>
    /// <param name="value">The string.</param>
    /// <returns>The hash code.</returns>
    public static int GetHashCode(ReadOnlySpan<char> value)
    {
        // Well-formed UTF-16 maps one-to-one onto code points, so the ordinal hash is consistent. Only strings with
        // unpaired surrogates (rare) need the copy that replaces them, as UTF-8 encoding would.
        int surrogate = value.IndexOfAnyInRange('\uD800', '\uDFFF');
        if (surrogate < 0 || IsWellFormed(value[surrogate..]))
        {
            return string.GetHashCode(value, StringComparison.Ordinal);
        }

        var builder = new StringBuilder(value.Length);
        Span<char> units = stackalloc char[2];
        while (!value.IsEmpty)
        {
            // An unpaired surrogate decodes as U+FFFD.
            Rune.DecodeFromUtf16(value, out Rune rune, out int consumed);
            builder.Append(units[..rune.EncodeToUtf16(units)]);
            value = value[consumed..];
        }

        return string.GetHashCode(builder.ToString(), StringComparison.Ordinal);
    }

    private static bool IsWellFormed(ReadOnlySpan<char> value)
    {
        for (int i = 0; i < value.Length; i++)
        {
            if (char.IsHighSurrogate(value[i]) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(value[i]))
            {
                return false;
            }
        }

        return true;
    }

    private static int CompareRunes(ReadOnlySpan<char> left, ReadOnlySpan<char> right, int mismatch)
    {
        // Start at a rune boundary common to both: the identical prefix decodes identically, except that a high
        // surrogate just before the mismatch may pair differently on each side.
        int start = mismatch > 0 && char.IsHighSurrogate(left[mismatch - 1]) ? mismatch - 1 : mismatch;
        left = left[start..];
        right = right[start..];
        while (!left.IsEmpty && !right.IsEmpty)
        {
            Rune.DecodeFromUtf16(left, out Rune l, out int leftLength);
            Rune.DecodeFromUtf16(right, out Rune r, out int rightLength);
            if (l.Value != r.Value)
            {
                return l.Value - r.Value;
            }

            left = left[leftLength..];
            right = right[rightLength..];
        }

        return left.Length.CompareTo(right.Length);
    }
}
