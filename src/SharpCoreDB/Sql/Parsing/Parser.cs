using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <summary>
/// Recursive-descent parser for the SQLite dialect, producing the immutable AST in
/// <c>SharpCoreDB.Sql.Ast</c>. A <c>ref struct</c> over the SQL span that pulls tokens from a
/// <see cref="Lexer"/> one at a time; looking ahead copies the lexer.
/// </summary>
/// <remarks>
/// The parser is split by concern: this file holds token handling, names and errors;
/// <c>Parser.Expressions.cs</c>, <c>Parser.Select.cs</c>, <c>Parser.Modify.cs</c>, <c>Parser.Schema.cs</c> and
/// <c>Parser.Statements.cs</c> hold the grammar. Every failure is a <see cref="SharpCoreDBException"/> with
/// <see cref="SharpCoreDBErrorCode.SyntaxError"/>, a line and column, and what was expected.
/// </remarks>
internal ref partial struct Parser
{
    /// <summary>
    /// The deepest nesting accepted. Operators, parentheses, function calls, CASE and subqueries each add a level;
    /// deeper input is a syntax error, so neither parsing nor later tree walks can exhaust the stack.
    /// </summary>
    public const int MaxDepth = SqlLimits.MaxExpressionDepth;

    private readonly ReadOnlySpan<char> _source;
    private Lexer _lexer;
    private Token _current;
    private int _previousEnd;
    private int _depth;

    // True while a trigger's body is parsed: RETURNING is not allowed there (as in SQLite).
    private bool _inTriggerBody;
    private int _maxParameterOrdinal;
    private Dictionary<string, int>? _parameterOrdinals;

    /// <summary>Creates a parser positioned at the first token of <paramref name="source"/>.</summary>
    /// <param name="source">The SQL text.</param>
    /// <exception cref="SharpCoreDBException">The first token is malformed.</exception>
    public Parser(ReadOnlySpan<char> source)
    {
        _source = source;
        _lexer = new Lexer(source);
        _current = _lexer.Next();
    }

    private readonly SourcePosition CurrentPosition => PositionOf(_current);

    private static SourcePosition PositionOf(in Token token) => new(token.Line, token.Column, token.Start);

    private readonly ReadOnlySpan<char> TextOf(in Token token) => _source.Slice(token.Start, token.Length);

    private void Advance()
    {
        _previousEnd = _current.End;
        _current = _lexer.Next();
    }

    private readonly Token Peek()
    {
        Lexer copy = _lexer;
        return copy.Next();
    }

    private readonly Token PeekSecond()
    {
        Lexer copy = _lexer;
        copy.Next();
        return copy.Next();
    }

    private readonly bool At(Keyword keyword) => _current.Is(keyword);

    private bool TryConsume(Keyword keyword)
    {
        if (!_current.Is(keyword))
        {
            return false;
        }

        Advance();
        return true;
    }

    private bool TryConsume(TokenKind kind)
    {
        if (_current.Kind != kind)
        {
            return false;
        }

        Advance();
        return true;
    }

    private void Expect(Keyword keyword)
    {
        if (!TryConsume(keyword))
        {
            throw ExpectedKeyword(keyword);
        }
    }

    private void Expect(TokenKind kind, string description)
    {
        if (!TryConsume(kind))
        {
            throw Expected(description);
        }
    }

    private void ExpectLeftParen() => Expect(TokenKind.LeftParen, "\"(\"");

    private void ExpectRightParen() => Expect(TokenKind.RightParen, "\")\"");

    private readonly SharpCoreDBException Expected(string what) => SyntaxErrors.At(_source, _current, "expected " + what);

    private readonly SharpCoreDBException ExpectedKeyword(Keyword keyword) =>
        Expected("\"" + Keywords.GetText(keyword) + "\"");

    private readonly SharpCoreDBException ErrorAt(in Token token, string detail) => SyntaxErrors.At(_source, token, detail);

    // A statement past one of SqlLimits' size limits: not a syntax error, so it carries its own code.
    private static SharpCoreDBException TooComplex(int line, int column, string what) =>
        new(SharpCoreDBErrorCode.TooComplex, $"{what} at line {SqlLimits.Text(line)}, column {SqlLimits.Text(column)}")
        {
            Line = line,
            Column = column,
        };

    /// <summary>Enters one more level of nesting; callers restore <see cref="_depth"/> when they leave.</summary>
    private void Nest()
    {
        // The explicit limit keeps trees shallow enough for every later recursive walk; the stack probe
        // protects callers running on small-stack threads below the limit: SqlParser parses again on a large stack.
        if (++_depth > MaxDepth)
        {
            throw ErrorAt(_current, "the statement is nested too deeply (more than " + SqlLimits.Text(MaxDepth) + " levels of operators, parentheses or subqueries)");
        }

        if (_depth > StackGuard.ShallowDepth)
        {
            StackGuard.EnsureLargeStack();
        }

        StackGuard.EnsureRoom();
    }

    /// <summary>True for tokens that can be a name: quoted identifiers, plain words and non-reserved keywords.</summary>
    private static bool IsName(in Token token) =>
        token.Kind == TokenKind.QuotedIdentifier ||
        (token.Kind == TokenKind.Identifier && !Keywords.IsReserved(token.Keyword));

    private string ParseName(string what)
    {
        if (!IsName(_current))
        {
            throw Expected(what);
        }

        string name = TokenText.Name(TextOf(_current));
        Advance();
        return name;
    }

    // SQLite also accepts a string literal where an alias, column or collation name is expected.
    private string ParseNameOrString(string what)
    {
        if (_current.Kind == TokenKind.String)
        {
            string value = TokenText.StringValue(TextOf(_current));
            Advance();
            return value;
        }

        return ParseName(what);
    }

    private Identifier ParseIdentifier(string what)
    {
        SourcePosition position = CurrentPosition;
        return new Identifier(position, ParseName(what));
    }

    private QualifiedName ParseQualifiedName(string what)
    {
        SourcePosition position = CurrentPosition;
        string first = ParseName(what);
        if (_current.Kind != TokenKind.Dot)
        {
            return new QualifiedName(position, null, first);
        }

        Advance();
        string second = ParseName(what);
        return new QualifiedName(position, first, second);
    }

    private ImmutableArray<Identifier> ParseParenthesizedIdentifiers(string what)
    {
        ExpectLeftParen();
        var names = new ListBuilder<Identifier>();
        do
        {
            names.Add(ParseIdentifier(what));
        }
        while (TryConsume(TokenKind.Comma));

        ExpectRightParen();
        return names.ToImmutableAndClear();
    }

    /// <summary>Parses <c>[AS] alias</c> after a result column or a table; null when there is none.</summary>
    private string? ParseOptionalAlias()
    {
        if (TryConsume(Keyword.As))
        {
            return ParseNameOrString("an alias");
        }

        // "WINDOW w AS (..)" after a FROM table starts the WINDOW clause, not an alias.
        if (At(Keyword.Window) && IsName(Peek()) && PeekSecond().Is(Keyword.As))
        {
            return null;
        }

        return IsName(_current) || _current.Kind == TokenKind.String ? ParseNameOrString("an alias") : null;
    }

    private string SourceTextFrom(int start) => new(_source[start.._previousEnd]);
}
