using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Tests.Sql;

public sealed class LexerTests
{
    private readonly record struct Lexed(TokenKind Kind, Keyword Keyword, string Text, int Line, int Column);

    private static List<Lexed> Lex(string sql)
    {
        var result = new List<Lexed>();
        var lexer = new Lexer(sql);
        while (true)
        {
            Token token = lexer.Next();
            if (token.Kind == TokenKind.EndOfInput)
            {
                return result;
            }

            result.Add(new Lexed(token.Kind, token.Keyword, sql.Substring(token.Start, token.Length), token.Line, token.Column));
        }
    }

    [Fact]
    public void Keywords_are_recognized_in_any_letter_case()
    {
        List<Lexed> tokens = Lex("select SeLeCt SELECT selected");
        Assert.All(tokens.Take(3), t => Assert.Equal(Keyword.Select, t.Keyword));
        Assert.Equal(Keyword.None, tokens[3].Keyword);
        Assert.Equal(TokenKind.Identifier, tokens[3].Kind);
    }

    [Fact]
    public void Keyword_table_matches_enum_names()
    {
        for (int i = 1; i < Keywords.Count; i++)
        {
            var keyword = (Keyword)i;
            string text = Keywords.GetText(keyword);
            Assert.Equal(keyword.ToString(), text.Replace("_", string.Empty, StringComparison.Ordinal), ignoreCase: true);
            Assert.Equal(keyword, Keywords.Lookup(text.ToLowerInvariant()));
        }
    }

    [Fact]
    public void Non_ascii_words_are_never_keywords()
    {
        // U+017F (long s) upper-cases to 'S' under ordinal-ignore-case; it must stay a plain identifier.
        List<Lexed> tokens = Lex("\u017FELECT");
        Assert.Single(tokens);
        Assert.Equal(Keyword.None, tokens[0].Keyword);
    }

    [Theory]
    [InlineData("123", nameof(TokenKind.Integer))]
    [InlineData("0x1F", nameof(TokenKind.Integer))]
    [InlineData("0X1f", nameof(TokenKind.Integer))]
    [InlineData("1.5", nameof(TokenKind.Real))]
    [InlineData(".5", nameof(TokenKind.Real))]
    [InlineData("1.", nameof(TokenKind.Real))]
    [InlineData("1e10", nameof(TokenKind.Real))]
    [InlineData("1E+10", nameof(TokenKind.Real))]
    [InlineData("2.5e-3", nameof(TokenKind.Real))]
    [InlineData("'it''s'", nameof(TokenKind.String))]
    [InlineData("''", nameof(TokenKind.String))]
    [InlineData("X'0A0b'", nameof(TokenKind.Blob))]
    [InlineData("x''", nameof(TokenKind.Blob))]
    [InlineData("\"a \"\" b\"", nameof(TokenKind.QuotedIdentifier))]
    [InlineData("[a b]", nameof(TokenKind.QuotedIdentifier))]
    [InlineData("`a``b`", nameof(TokenKind.QuotedIdentifier))]
    [InlineData("?", nameof(TokenKind.Parameter))]
    [InlineData("?12", nameof(TokenKind.Parameter))]
    [InlineData(":name", nameof(TokenKind.Parameter))]
    [InlineData("@name", nameof(TokenKind.Parameter))]
    [InlineData("$name", nameof(TokenKind.Parameter))]
    [InlineData("_x$1", nameof(TokenKind.Identifier))]
    [InlineData("\u00e9t\u00e9", nameof(TokenKind.Identifier))]
    public void Single_tokens_have_the_right_kind_and_extent(string text, string kindName)
    {
        TokenKind kind = Enum.Parse<TokenKind>(kindName);
        List<Lexed> tokens = Lex(text);
        Lexed token = Assert.Single(tokens);
        Assert.Equal(kind, token.Kind);
        Assert.Equal(text, token.Text);
    }

    [Fact]
    public void Operators_are_longest_match()
    {
        List<Lexed> tokens = Lex("= == != <> < <= << > >= >> | || & ~ + - * / % . , ; ( )");
        TokenKind[] expected =
        [
            TokenKind.Equal, TokenKind.Equal, TokenKind.NotEqual, TokenKind.NotEqual, TokenKind.Less, TokenKind.LessOrEqual,
            TokenKind.ShiftLeft, TokenKind.Greater, TokenKind.GreaterOrEqual, TokenKind.ShiftRight, TokenKind.Pipe,
            TokenKind.Concat, TokenKind.Ampersand, TokenKind.Tilde, TokenKind.Plus, TokenKind.Minus, TokenKind.Star,
            TokenKind.Slash, TokenKind.Percent, TokenKind.Dot, TokenKind.Comma, TokenKind.Semicolon, TokenKind.LeftParen,
            TokenKind.RightParen,
        ];
        Assert.Equal(expected, tokens.Select(t => t.Kind));
    }

    [Fact]
    public void Operators_need_no_surrounding_spaces()
    {
        List<Lexed> tokens = Lex("a<=-1||'x'");
        Assert.Equal(["a", "<=", "-", "1", "||", "'x'"], tokens.Select(t => t.Text));
    }

    [Fact]
    public void Comments_are_skipped_and_lines_counted()
    {
        List<Lexed> tokens = Lex("SELECT -- one\n  /* two\nthree */ x\r\n\t,y");
        Assert.Equal(["SELECT", "x", ",", "y"], tokens.Select(t => t.Text));
        Assert.Equal((1, 1), (tokens[0].Line, tokens[0].Column));
        Assert.Equal((3, 10), (tokens[1].Line, tokens[1].Column));
        Assert.Equal((4, 2), (tokens[2].Line, tokens[2].Column));
        Assert.Equal((4, 3), (tokens[3].Line, tokens[3].Column));
    }

    [Fact]
    public void Line_comment_at_end_of_input_needs_no_newline()
    {
        Assert.Equal(["1"], Lex("1 -- done").Select(t => t.Text));
    }

    [Fact]
    public void Multi_line_string_moves_the_line_counter()
    {
        List<Lexed> tokens = Lex("'a\nb\nc' x");
        Assert.Equal((3, 4), (tokens[1].Line, tokens[1].Column));
    }

    [Fact]
    public void Minus_minus_inside_expression_starts_a_comment()
    {
        // SQLite reads "1--1" as 1 followed by a comment, not 1 - -1.
        Assert.Equal(["1"], Lex("1--1").Select(t => t.Text));
    }

    [Theory]
    [InlineData("SELECT 'abc", 1, 8, "unterminated string literal")]
    [InlineData("SELECT\n  \"abc", 2, 3, "unterminated quoted identifier")]
    [InlineData("SELECT [abc", 1, 8, "unterminated quoted identifier")]
    [InlineData("SELECT `abc", 1, 8, "unterminated quoted identifier")]
    [InlineData("SELECT 1 /* open", 1, 10, "unterminated comment")]
    [InlineData("SELECT X'0A", 1, 8, "unterminated blob literal")]
    [InlineData("SELECT X'0A1'", 1, 8, "malformed blob literal")]
    [InlineData("SELECT X'0G'", 1, 8, "malformed blob literal")]
    [InlineData("SELECT 12abc", 1, 8, "unrecognized token")]
    [InlineData("SELECT 1e", 1, 8, "unrecognized token")]
    [InlineData("SELECT 0x", 1, 8, "unrecognized token")]
    [InlineData("SELECT ! 1", 1, 8, "unrecognized token")]
    [InlineData("SELECT a ^ b", 1, 10, "unrecognized token")]
    [InlineData("SELECT :", 1, 8, "unrecognized token")]
    [InlineData("SELECT {", 1, 8, "unrecognized token")]
    public void Malformed_tokens_are_syntax_errors_with_position(string sql, int line, int column, string detail)
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError(sql);
        Assert.Equal(line, ex.Line);
        Assert.Equal(column, ex.Column);
        Assert.Contains(detail, ex.Message, StringComparison.Ordinal);
        Assert.StartsWith($"syntax error at line {line}, column {column} near ", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Token_text_decoding_collapses_doubled_quotes()
    {
        Assert.Equal("it's", TokenText.StringValue("'it''s'"));
        Assert.Equal("a\"b", TokenText.Name("\"a\"\"b\""));
        Assert.Equal("a`b", TokenText.Name("`a``b`"));
        Assert.Equal("a\"b", TokenText.Name("[a\"b]"));
        Assert.Equal(new byte[] { 0x0A, 0xBC }, TokenText.BlobValue("X'0abc'"));
        string longText = "'" + string.Concat(Enumerable.Repeat("ab''", 200)) + "'";
        Assert.Equal(string.Concat(Enumerable.Repeat("ab'", 200)), TokenText.StringValue(longText));
    }

    [Fact]
    public void End_of_input_repeats()
    {
        var lexer = new Lexer("x");
        lexer.Next();
        Assert.Equal(TokenKind.EndOfInput, lexer.Next().Kind);
        Assert.Equal(TokenKind.EndOfInput, lexer.Next().Kind);
    }
}
