namespace SharpCoreDB.Sql.Lexing;

/// <summary>
/// Splits SQL text into tokens on demand. A <c>ref struct</c> over the caller's span: producing a token
/// allocates nothing. Copying the lexer (it is four fields) is how the parser looks ahead.
/// </summary>
/// <remarks>
/// The token rules follow SQLite's tokenizer: identifiers may contain any non-ASCII character; numbers
/// directly followed by identifier characters are one unrecognized token (<c>12abc</c>); comments are
/// <c>-- to end of line</c> and <c>/* ... */</c> (an unterminated block comment is an error here).
/// </remarks>
internal ref struct Lexer
{
    private readonly ReadOnlySpan<char> _source;
    private int _position;
    private int _line;
    private int _lineStart;

    /// <summary>Creates a lexer positioned at the start of <paramref name="source"/>.</summary>
    /// <param name="source">The SQL text.</param>
    public Lexer(ReadOnlySpan<char> source)
    {
        _source = source;
        _line = 1;
    }

    /// <summary>The whole SQL text being tokenized.</summary>
    public readonly ReadOnlySpan<char> Source => _source;

    /// <summary>Reads the next token, skipping whitespace and comments.</summary>
    /// <returns>The token; <see cref="TokenKind.EndOfInput"/> (repeatedly) at the end.</returns>
    /// <exception cref="SharpCoreDBException">
    /// <see cref="SharpCoreDBErrorCode.SyntaxError"/> for an unrecognized character or an unterminated
    /// string, quoted identifier, blob or comment.
    /// </exception>
    public Token Next()
    {
        SkipTrivia();
        ReadOnlySpan<char> s = _source;
        int start = _position;
        int line = _line;
        int column = start - _lineStart + 1;
        if (start >= s.Length)
        {
            return new Token(TokenKind.EndOfInput, Keyword.None, s.Length, 0, line, column);
        }

        char c = s[start];
        char next = start + 1 < s.Length ? s[start + 1] : '\0';
        switch (c)
        {
            case '(':
                return Make(TokenKind.LeftParen, start, 1, line, column);
            case ')':
                return Make(TokenKind.RightParen, start, 1, line, column);
            case ',':
                return Make(TokenKind.Comma, start, 1, line, column);
            case ';':
                return Make(TokenKind.Semicolon, start, 1, line, column);
            case '*':
                return Make(TokenKind.Star, start, 1, line, column);
            case '+':
                return Make(TokenKind.Plus, start, 1, line, column);
            case '-':
                if (next == '>')
                {
                    bool twice = start + 2 < s.Length && s[start + 2] == '>';
                    return Make(twice ? TokenKind.DoubleArrow : TokenKind.Arrow, start, twice ? 3 : 2, line, column);
                }

                return Make(TokenKind.Minus, start, 1, line, column);
            case '/':
                return Make(TokenKind.Slash, start, 1, line, column);
            case '%':
                return Make(TokenKind.Percent, start, 1, line, column);
            case '~':
                return Make(TokenKind.Tilde, start, 1, line, column);
            case '&':
                return Make(TokenKind.Ampersand, start, 1, line, column);
            case '=':
                return Make(TokenKind.Equal, start, next == '=' ? 2 : 1, line, column);
            case '<':
                return next switch
                {
                    '=' => Make(TokenKind.LessOrEqual, start, 2, line, column),
                    '>' => Make(TokenKind.NotEqual, start, 2, line, column),
                    '<' => Make(TokenKind.ShiftLeft, start, 2, line, column),
                    _ => Make(TokenKind.Less, start, 1, line, column),
                };
            case '>':
                return next switch
                {
                    '=' => Make(TokenKind.GreaterOrEqual, start, 2, line, column),
                    '>' => Make(TokenKind.ShiftRight, start, 2, line, column),
                    _ => Make(TokenKind.Greater, start, 1, line, column),
                };
            case '!':
                if (next == '=')
                {
                    return Make(TokenKind.NotEqual, start, 2, line, column);
                }

                throw SyntaxErrors.At(s, start, 1, line, column, "unrecognized token");
            case '|':
                return next == '|'
                    ? Make(TokenKind.Concat, start, 2, line, column)
                    : Make(TokenKind.Pipe, start, 1, line, column);
            case '.':
                return IsDigit(next) ? ScanNumber(start, line, column) : Make(TokenKind.Dot, start, 1, line, column);
            case '\'':
                return ScanQuoted(TokenKind.String, start, line, column, '\'', escapeByDoubling: true, "unterminated string literal");
            case '"':
                return ScanQuoted(TokenKind.QuotedIdentifier, start, line, column, '"', escapeByDoubling: true, "unterminated quoted identifier");
            case '`':
                return ScanQuoted(TokenKind.QuotedIdentifier, start, line, column, '`', escapeByDoubling: true, "unterminated quoted identifier");
            case '[':
                return ScanQuoted(TokenKind.QuotedIdentifier, start, line, column, ']', escapeByDoubling: false, "unterminated quoted identifier");
            case '?':
                return ScanNumberedParameter(start, line, column);
            case ':':
            case '@':
            case '$':
                return ScanNamedParameter(start, line, column);
            case 'x':
            case 'X':
                return next == '\'' ? ScanBlob(start, line, column) : ScanWord(start, line, column);
            default:
                if (IsDigit(c))
                {
                    return ScanNumber(start, line, column);
                }

                if (IsIdentifierStart(c))
                {
                    return ScanWord(start, line, column);
                }

                throw SyntaxErrors.At(s, start, 1, line, column, "unrecognized token");
        }
    }

    /// <summary>True for characters that may start a bare identifier (letters, <c>_</c>, any non-ASCII).</summary>
    /// <param name="c">The character.</param>
    /// <returns>Whether it starts an identifier.</returns>
    public static bool IsIdentifierStart(char c) => (uint)((c | 0x20) - 'a') <= 'z' - 'a' || c == '_' || c >= 0x80;

    /// <summary>True for characters that may continue a bare identifier (also digits and <c>$</c>).</summary>
    /// <param name="c">The character.</param>
    /// <returns>Whether it continues an identifier.</returns>
    public static bool IsIdentifierPart(char c) => IsIdentifierStart(c) || IsDigit(c) || c == '$';

    private static bool IsDigit(char c) => (uint)(c - '0') <= 9;

    private static bool IsHexDigit(char c) => IsDigit(c) || (uint)((c | 0x20) - 'a') <= 'f' - 'a';

    private Token Make(TokenKind kind, int start, int length, int line, int column, Keyword keyword = Keyword.None)
    {
        _position = start + length;
        return new Token(kind, keyword, start, length, line, column);
    }

    private void SkipTrivia()
    {
        ReadOnlySpan<char> s = _source;
        int i = _position;
        while (i < s.Length)
        {
            char c = s[i];
            if (c == '\n')
            {
                i++;
                _line++;
                _lineStart = i;
            }
            else if (c is ' ' or '\t' or '\r' or '\f' or '\v')
            {
                i++;
            }
            else if (c == '-' && i + 1 < s.Length && s[i + 1] == '-')
            {
                int newline = s.Slice(i).IndexOf('\n');
                i = newline < 0 ? s.Length : i + newline;
            }
            else if (c == '/' && i + 1 < s.Length && s[i + 1] == '*')
            {
                int close = s.Slice(i + 2).IndexOf("*/", StringComparison.Ordinal);
                if (close < 0)
                {
                    _position = i;
                    throw SyntaxErrors.At(s, i, 2, _line, i - _lineStart + 1, "unterminated comment");
                }

                int end = i + 2 + close + 2;
                CountNewlines(i, end);
                i = end;
            }
            else
            {
                break;
            }
        }

        _position = i;
    }

    // Tokens and comments may span lines; keep the line counter and line start right after them.
    private void CountNewlines(int start, int end)
    {
        ReadOnlySpan<char> region = _source[start..end];
        int last = region.LastIndexOf('\n');
        if (last >= 0)
        {
            _line += region.Count('\n');
            _lineStart = start + last + 1;
        }
    }

    private Token ScanWord(int start, int line, int column)
    {
        ReadOnlySpan<char> s = _source;
        int i = start + 1;
        bool ascii = s[start] < 0x80;
        while (i < s.Length && IsIdentifierPart(s[i]))
        {
            ascii &= s[i] < 0x80;
            i++;
        }

        // Non-ASCII words are never keywords; skipping the lookup also keeps case folding of characters
        // such as U+017F (which upper-cases to 'S') from turning a name into a keyword.
        Keyword keyword = ascii ? Keywords.Lookup(s[start..i]) : Keyword.None;
        return Make(TokenKind.Identifier, start, i - start, line, column, keyword);
    }

    private Token ScanNumber(int start, int line, int column)
    {
        ReadOnlySpan<char> s = _source;
        int i = start;
        TokenKind kind = TokenKind.Integer;
        if (s[i] == '0' && i + 2 < s.Length && (s[i + 1] | 0x20) == 'x' && IsHexDigit(s[i + 2]))
        {
            i += 2;
            while (i < s.Length && IsHexDigit(s[i]))
            {
                i++;
            }
        }
        else
        {
            while (i < s.Length && IsDigit(s[i]))
            {
                i++;
            }

            if (i < s.Length && s[i] == '.')
            {
                kind = TokenKind.Real;
                i++;
                while (i < s.Length && IsDigit(s[i]))
                {
                    i++;
                }
            }

            if (i + 1 < s.Length && (s[i] | 0x20) == 'e')
            {
                char sign = s[i + 1];
                int digitsAt = sign is '+' or '-' ? i + 2 : i + 1;
                if (digitsAt < s.Length && IsDigit(s[digitsAt]))
                {
                    kind = TokenKind.Real;
                    i = digitsAt;
                    while (i < s.Length && IsDigit(s[i]))
                    {
                        i++;
                    }
                }
            }
        }

        if (i < s.Length && IsIdentifierPart(s[i]))
        {
            // "12abc" or "1e": SQLite rejects the whole run rather than splitting it into two tokens.
            while (i < s.Length && IsIdentifierPart(s[i]))
            {
                i++;
            }

            _position = i;
            throw SyntaxErrors.At(s, start, i - start, line, column, "unrecognized token");
        }

        return Make(kind, start, i - start, line, column);
    }

    private Token ScanQuoted(TokenKind kind, int start, int line, int column, char close, bool escapeByDoubling, string unterminated)
    {
        ReadOnlySpan<char> s = _source;
        int i = start + 1;
        while (true)
        {
            int found = s.Slice(i).IndexOf(close);
            if (found < 0)
            {
                _position = s.Length;
                throw SyntaxErrors.At(s, start, s.Length - start, line, column, unterminated);
            }

            i += found + 1;
            if (escapeByDoubling && i < s.Length && s[i] == close)
            {
                i++;
                continue;
            }

            break;
        }

        CountNewlines(start, i);
        _position = i;
        return new Token(kind, Keyword.None, start, i - start, line, column);
    }

    private Token ScanBlob(int start, int line, int column)
    {
        ReadOnlySpan<char> s = _source;
        int contentStart = start + 2;
        int close = s.Slice(contentStart).IndexOf('\'');
        if (close < 0)
        {
            _position = s.Length;
            throw SyntaxErrors.At(s, start, s.Length - start, line, column, "unterminated blob literal");
        }

        ReadOnlySpan<char> hex = s.Slice(contentStart, close);
        int end = contentStart + close + 1;
        bool valid = (hex.Length & 1) == 0;
        for (int k = 0; valid && k < hex.Length; k++)
        {
            valid = IsHexDigit(hex[k]);
        }

        if (!valid)
        {
            CountNewlines(start, end);
            _position = end;
            throw SyntaxErrors.At(s, start, end - start, line, column, "malformed blob literal: expected an even number of hexadecimal digits");
        }

        return Make(TokenKind.Blob, start, end - start, line, column);
    }

    private Token ScanNumberedParameter(int start, int line, int column)
    {
        ReadOnlySpan<char> s = _source;
        int i = start + 1;
        while (i < s.Length && IsDigit(s[i]))
        {
            i++;
        }

        return Make(TokenKind.Parameter, start, i - start, line, column);
    }

    private Token ScanNamedParameter(int start, int line, int column)
    {
        ReadOnlySpan<char> s = _source;
        int i = start + 1;
        while (i < s.Length && IsIdentifierPart(s[i]))
        {
            i++;
        }

        if (i == start + 1)
        {
            _position = i;
            throw SyntaxErrors.At(s, start, 1, line, column, "unrecognized token: a parameter name must follow");
        }

        return Make(TokenKind.Parameter, start, i - start, line, column);
    }
}
