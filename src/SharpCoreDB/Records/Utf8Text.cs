using System.Buffers;
using System.Text;
using System.Text.Unicode;

namespace SharpCoreDB.Records;

/// <summary>
/// The one UTF-8 codec of TEXT values: lossless for bytes that are not valid UTF-8, so TEXT keeps its bytes as in
/// SQLite (<c>CAST(x'ff' AS TEXT)</c> stays the byte FF and differs from <c>CAST(x'fe' AS TEXT)</c>).
/// </summary>
/// <remarks>
/// A TEXT value is a .NET string. Valid UTF-8 decodes as usual. Each byte of an invalid sequence (always 80–FF)
/// decodes to the unpaired low surrogate U+DC00 + byte (U+DC80–U+DCFF, the "surrogate escape" Python uses), and
/// encoding writes that surrogate back as the one byte, so decode then encode gives the original bytes. Any other
/// unpaired surrogate (which no decode produces) encodes as U+FFFD (EF BF BD), as every UTF-8 encoder does.
/// Decoding is canonical: it never yields an escape for bytes that form valid UTF-8, so two strings this codec
/// produced are equal exactly when their bytes are. <see cref="TextOrder"/> compares and hashes by these bytes.
/// The provider hands strings to applications with the escapes replaced by U+FFFD
/// (<see cref="ToWellFormed"/>), as Microsoft.Data.Sqlite does; the exact bytes stay readable as bytes.
/// </remarks>
internal static class Utf8Text
{
    /// <summary>The first escape character (stands for byte 80).</summary>
    public const char FirstEscape = '\uDC80';

    /// <summary>The last escape character (stands for byte FF).</summary>
    public const char LastEscape = '\uDCFF';

    private const int StackLimit = 256;

    /// <summary>Decodes UTF-8 bytes into text, escaping the bytes of invalid sequences.</summary>
    /// <param name="bytes">The bytes.</param>
    /// <returns>The text.</returns>
    public static string Decode(ReadOnlySpan<byte> bytes)
    {
        // The common case is valid UTF-8: one vectorized check, then the framework's decoder.
        return Utf8.IsValid(bytes) ? Encoding.UTF8.GetString(bytes) : DecodeEscaping(bytes);
    }

    /// <summary>The number of bytes <see cref="Encode(ReadOnlySpan{char}, Span{byte})"/> writes.</summary>
    /// <param name="text">The text.</param>
    /// <returns>The byte count.</returns>
    public static int GetByteCount(ReadOnlySpan<char> text)
    {
        int surrogate = text.IndexOfAnyInRange('\uD800', '\uDFFF');
        if (surrogate < 0)
        {
            return Encoding.UTF8.GetByteCount(text);
        }

        int count = Encoding.UTF8.GetByteCount(text[..surrogate]);
        text = text[surrogate..];
        while (!text.IsEmpty)
        {
            count += NextLength(text, out int consumed);
            text = text[consumed..];
        }

        return count;
    }

    /// <summary>Encodes text as UTF-8, writing each escape character as its byte.</summary>
    /// <param name="text">The text.</param>
    /// <param name="destination">At least <see cref="GetByteCount"/> bytes.</param>
    /// <returns>The number of bytes written.</returns>
    public static int Encode(ReadOnlySpan<char> text, Span<byte> destination)
    {
        int surrogate = text.IndexOfAnyInRange('\uD800', '\uDFFF');
        if (surrogate < 0)
        {
            return Encoding.UTF8.GetBytes(text, destination);
        }

        int written = Encoding.UTF8.GetBytes(text[..surrogate], destination);
        text = text[surrogate..];
        while (!text.IsEmpty)
        {
            // The walk goes unit by unit from a unit boundary, so an escape at the front is never the low half of a pair.
            if (IsEscape(text[0]))
            {
                destination[written++] = (byte)(text[0] - 0xDC00);
                text = text[1..];
                continue;
            }

            // A valid pair, a BMP character, or another unpaired surrogate (U+FFFD).
            Rune.DecodeFromUtf16(text, out Rune rune, out int consumed);
            written += rune.EncodeToUtf8(destination[written..]);
            text = text[consumed..];
        }

        return written;
    }

    /// <summary>Encodes text as a new UTF-8 array, writing each escape character as its byte.</summary>
    /// <param name="text">The text.</param>
    /// <returns>The bytes.</returns>
    public static byte[] Encode(ReadOnlySpan<char> text)
    {
        var bytes = new byte[GetByteCount(text)];
        Encode(text, bytes);
        return bytes;
    }

    /// <summary>True when <paramref name="text"/> holds an unpaired surrogate (an escape or another).</summary>
    /// <param name="text">The text.</param>
    /// <returns>Whether the text is not well-formed UTF-16.</returns>
    public static bool HasUnpairedSurrogate(ReadOnlySpan<char> text)
    {
        int surrogate = text.IndexOfAnyInRange('\uD800', '\uDFFF');
        return surrogate >= 0 && Utf16IsIllFormed(text[surrogate..]);
    }

    /// <summary>
    /// The text as well-formed UTF-16 for an application: every unpaired surrogate (an escaped invalid byte among
    /// them) becomes U+FFFD, as a UTF-8 decoder would have made it.
    /// </summary>
    /// <param name="text">The text.</param>
    /// <returns>The text itself when it is well-formed, otherwise a repaired copy.</returns>
    public static string ToWellFormed(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        if (!HasUnpairedSurrogate(text))
        {
            return text;
        }

        var builder = new StringBuilder(text.Length);
        Span<char> units = stackalloc char[2];
        ReadOnlySpan<char> rest = text;
        while (!rest.IsEmpty)
        {
            // An unpaired surrogate decodes as U+FFFD.
            Rune.DecodeFromUtf16(rest, out Rune rune, out int consumed);
            builder.Append(units[..rune.EncodeToUtf16(units)]);
            rest = rest[consumed..];
        }

        return builder.ToString();
    }

    /// <summary>
    /// The canonical form of a string: what decoding its bytes gives. Strings with equal bytes have equal canonical
    /// forms, so a hash of the canonical form is consistent with byte equality.
    /// </summary>
    /// <param name="text">The text.</param>
    /// <returns>The same instance when it is well-formed (no copy), otherwise its canonical copy.</returns>
    public static string Canonical(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        return HasUnpairedSurrogate(text) ? Recanonicalize(text) : text;
    }

    /// <summary>The canonical form of a span of text (see <see cref="Canonical(string)"/>).</summary>
    /// <param name="text">The text.</param>
    /// <returns>A string with the text, canonical.</returns>
    public static string Canonical(ReadOnlySpan<char> text) =>
        HasUnpairedSurrogate(text) ? Recanonicalize(text) : text.ToString();

    // Encode then decode: escapes that spell a character become it, other unpaired surrogates U+FFFD.
    private static string Recanonicalize(ReadOnlySpan<char> text)
    {
        int count = GetByteCount(text);
        byte[]? rented = count > StackLimit ? ArrayPool<byte>.Shared.Rent(count) : null;
        Span<byte> bytes = rented ?? stackalloc byte[StackLimit];
        try
        {
            int written = Encode(text, bytes);
            return Decode(bytes[..written]);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }

    /// <summary>True for a character that stands for one invalid byte (U+DC80–U+DCFF).</summary>
    /// <param name="c">The character.</param>
    /// <returns>Whether it is an escape.</returns>
    public static bool IsEscape(char c) => c is >= FirstEscape and <= LastEscape;

    private static string DecodeEscaping(ReadOnlySpan<byte> bytes)
    {
        // Each byte yields at most one UTF-16 unit (a 4-byte sequence yields two), so the byte count bounds the length.
        char[]? rented = bytes.Length > StackLimit ? ArrayPool<char>.Shared.Rent(bytes.Length) : null;
        Span<char> chars = rented ?? stackalloc char[StackLimit];
        try
        {
            int written = 0;
            while (!bytes.IsEmpty)
            {
                if (Rune.DecodeFromUtf8(bytes, out Rune rune, out int consumed) == System.Buffers.OperationStatus.Done)
                {
                    written += rune.EncodeToUtf16(chars[written..]);
                }
                else
                {
                    // The maximal invalid subsequence: escape each of its bytes (all are 80..FF).
                    for (int i = 0; i < consumed; i++)
                    {
                        chars[written++] = (char)(0xDC00 + bytes[i]);
                    }
                }

                bytes = bytes[consumed..];
            }

            return new string(chars[..written]);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<char>.Shared.Return(rented);
            }
        }
    }

    // The UTF-8 length of the next unit of text: an escape is one byte, a pair four, anything else its rune's length.
    private static int NextLength(ReadOnlySpan<char> text, out int consumed)
    {
        if (IsEscape(text[0]))
        {
            consumed = 1;
            return 1;
        }

        Rune.DecodeFromUtf16(text, out Rune rune, out consumed);
        return rune.Utf8SequenceLength;
    }

    private static bool Utf16IsIllFormed(ReadOnlySpan<char> text)
    {
        for (int i = 0; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return true;
            }
        }

        return false;
    }
}
