using System.Buffers;

namespace SharpCoreDB.Sql.Lexing;

/// <summary>
/// Turns token text into the values the AST keeps: identifier names without quotes, string literal
/// contents with doubled quotes collapsed, blob bytes. These are the only places the front end copies text.
/// </summary>
internal static class TokenText
{
    private const int StackBufferLength = 256;

    /// <summary>The name an identifier token stands for.</summary>
    /// <param name="text">The token text (<see cref="TokenKind.Identifier"/> or <see cref="TokenKind.QuotedIdentifier"/>).</param>
    /// <returns>The name as written, without quotes.</returns>
    public static string Name(ReadOnlySpan<char> text)
    {
        if (text.Length >= 2)
        {
            switch (text[0])
            {
                case '"':
                    return Unescape(text[1..^1], '"');
                case '`':
                    return Unescape(text[1..^1], '`');
                case '[':
                    return new string(text[1..^1]);
            }
        }

        return new string(text);
    }

    /// <summary>The value of a string literal token.</summary>
    /// <param name="text">The token text including its single quotes.</param>
    /// <returns>The contents with each <c>''</c> collapsed to <c>'</c>.</returns>
    public static string StringValue(ReadOnlySpan<char> text) => Unescape(text[1..^1], '\'');

    /// <summary>The bytes of a blob literal token <c>X'0A0B'</c> (validated by the lexer).</summary>
    /// <param name="text">The token text.</param>
    /// <returns>The decoded bytes.</returns>
    public static byte[] BlobValue(ReadOnlySpan<char> text)
    {
        ReadOnlySpan<char> hex = text[2..^1];
        return Convert.FromHexString(hex);
    }

    private static string Unescape(ReadOnlySpan<char> inner, char quote)
    {
        if (inner.IndexOf(quote) < 0)
        {
            return new string(inner);
        }

        char[]? rented = null;
        Span<char> buffer = inner.Length <= StackBufferLength
            ? stackalloc char[StackBufferLength]
            : (rented = ArrayPool<char>.Shared.Rent(inner.Length));
        int count = 0;
        for (int i = 0; i < inner.Length; i++)
        {
            char c = inner[i];
            buffer[count++] = c;
            if (c == quote)
            {
                // The lexer only accepts quotes inside a quoted token when they are doubled.
                i++;
            }
        }

        string result = new(buffer[..count]);
        if (rented is not null)
        {
            ArrayPool<char>.Shared.Return(rented);
        }

        return result;
    }
}
