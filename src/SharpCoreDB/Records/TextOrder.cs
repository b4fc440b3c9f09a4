using System.Buffers;
using System.Text;

namespace SharpCoreDB.Records;

/// <summary>
/// Orders strings the way their UTF-8 bytes order under <c>memcmp</c> (SQLite's BINARY collation), without
/// encoding them. That is code-point order, which differs from UTF-16 ordinal order only for surrogate pairs
/// against U+E000..U+FFFF. A string with unpaired surrogates (an escaped invalid byte, see <see cref="Utf8Text"/>)
/// compares by the bytes <see cref="Utf8Text"/> stores for it, from the first unpaired surrogate on.
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
        // unpaired surrogates (rare) need their canonical copy: strings with equal bytes have equal canonical forms.
        return Utf8Text.HasUnpairedSurrogate(value)
            ? string.GetHashCode(Utf8Text.Canonical(value), StringComparison.Ordinal)
            : string.GetHashCode(value, StringComparison.Ordinal);
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
            if (Rune.DecodeFromUtf16(left, out Rune l, out int leftLength) != OperationStatus.Done
                || Rune.DecodeFromUtf16(right, out Rune r, out int rightLength) != OperationStatus.Done)
            {
                // An unpaired surrogate stands for stored bytes that need not be a whole character (an escaped
                // invalid byte): compare the rest as the bytes it encodes to.
                return CompareBytes(left, right);
            }

            if (l.Value != r.Value)
            {
                return l.Value - r.Value;
            }

            left = left[leftLength..];
            right = right[rightLength..];
        }

        return left.Length.CompareTo(right.Length);
    }

    private static int CompareBytes(ReadOnlySpan<char> left, ReadOnlySpan<char> right)
    {
        byte[] leftBytes = ArrayPool<byte>.Shared.Rent(Utf8Text.GetByteCount(left));
        byte[] rightBytes = ArrayPool<byte>.Shared.Rent(Utf8Text.GetByteCount(right));
        try
        {
            int leftLength = Utf8Text.Encode(left, leftBytes);
            int rightLength = Utf8Text.Encode(right, rightBytes);
            return leftBytes.AsSpan(0, leftLength).SequenceCompareTo(rightBytes.AsSpan(0, rightLength));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(leftBytes);
            ArrayPool<byte>.Shared.Return(rightBytes);
        }
    }
}
