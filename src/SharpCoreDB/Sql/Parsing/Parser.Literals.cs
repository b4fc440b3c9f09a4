using System.Collections.Immutable;
using System.Globalization;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>Literal values, signed numbers, type names and parameters.</content>
internal ref partial struct Parser
{
    private const int MaxParameterNumber = 32766;

    /// <summary>Parses a type name if one starts here: one or more words, then up to two signed numbers in parentheses.</summary>
    private TypeName? ParseTypeName()
    {
        if (!IsTypeWord())
        {
            return null;
        }

        SourcePosition position = CurrentPosition;
        string name = TokenText.Name(TextOf(_current));
        Advance();
        if (IsTypeWord())
        {
            // Multi-word names ("UNSIGNED BIG INT", "DOUBLE PRECISION") are rare; join them with single spaces.
            var builder = new System.Text.StringBuilder(name);
            while (IsTypeWord())
            {
                builder.Append(' ').Append(TokenText.Name(TextOf(_current)));
                Advance();
            }

            name = builder.ToString();
        }

        ImmutableArray<string> arguments = [];
        if (TryConsume(TokenKind.LeftParen))
        {
            string first = ParseSignedNumberText();
            arguments = TryConsume(TokenKind.Comma) ? [first, ParseSignedNumberText()] : [first];
            ExpectRightParen();
        }

        return new TypeName(position, name, arguments);
    }

    // "GENERATED ALWAYS AS" after a type starts a constraint, although GENERATED could be a type word.
    private readonly bool IsTypeWord() =>
        IsName(_current) && !(_current.Is(Keyword.Generated) && Peek().Is(Keyword.Always));

    private string ParseSignedNumberText()
    {
        bool negative = _current.Kind == TokenKind.Minus;
        if (negative || _current.Kind == TokenKind.Plus)
        {
            Advance();
        }

        if (_current.Kind is not (TokenKind.Integer or TokenKind.Real))
        {
            throw Expected("a number");
        }

        ReadOnlySpan<char> text = TextOf(_current);
        string result = negative ? string.Concat("-", text) : new string(text);
        Advance();
        return result;
    }

    /// <summary>An optionally signed integer or real, folded into one literal.</summary>
    private Expression ParseSignedNumber()
    {
        Token sign = _current;
        bool negative = sign.Kind == TokenKind.Minus;
        if (negative || sign.Kind == TokenKind.Plus)
        {
            Advance();
        }

        Token number = _current;
        if (number.Kind is not (TokenKind.Integer or TokenKind.Real))
        {
            throw Expected("a number");
        }

        Advance();
        if (negative && number.Kind == TokenKind.Integer && IsTwoToThe63(TextOf(number)))
        {
            return new IntegerLiteral(PositionOf(sign), long.MinValue);
        }

        Expression literal = number.Kind == TokenKind.Integer
            ? IntegerOrRealLiteral(number)
            : new RealLiteral(PositionOf(number), ParseRealValue(number));
        return (negative, literal) switch
        {
            (false, _) => literal,
            (true, IntegerLiteral integer) when integer.Value != long.MinValue => new IntegerLiteral(PositionOf(sign), -integer.Value),
            (true, RealLiteral real) => new RealLiteral(PositionOf(sign), -real.Value),
            _ => new UnaryExpression(PositionOf(sign), UnaryOperator.Negate, literal),
        };
    }

    private readonly Expression IntegerOrRealLiteral(in Token token)
    {
        SourcePosition position = PositionOf(token);
        ReadOnlySpan<char> text = TextOf(token);
        if (text.Length > 2 && text[0] == '0' && (text[1] | 0x20) == 'x')
        {
            ReadOnlySpan<char> digits = text[2..].TrimStart('0');
            if (digits.Length > 16)
            {
                throw ErrorAt(token, "hexadecimal literal too big (more than 64 bits)");
            }

            ulong bits = digits.IsEmpty ? 0 : ulong.Parse(digits, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture);
            return new IntegerLiteral(position, unchecked((long)bits));
        }

        if (long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long value))
        {
            return new IntegerLiteral(position, value);
        }

        // Too big for a 64-bit integer: SQLite reads it as REAL.
        return new RealLiteral(position, ParseRealValue(token));
    }

    private readonly double ParseRealValue(in Token token)
    {
        if (!double.TryParse(TextOf(token), NumberStyles.Float, CultureInfo.InvariantCulture, out double value))
        {
            throw ErrorAt(token, "malformed number");
        }

        return value;
    }

    private static bool IsTwoToThe63(ReadOnlySpan<char> text) =>
        text.TrimStart('0').SequenceEqual("9223372036854775808");

    private ParameterExpression ParameterFrom(in Token token)
    {
        SourcePosition position = PositionOf(token);
        ReadOnlySpan<char> text = TextOf(token);
        if (text[0] == '?')
        {
            if (text.Length == 1)
            {
                int next = NextParameterOrdinal(token);
                return new ParameterExpression(position, ParameterKind.Anonymous, null, next);
            }

            if (!int.TryParse(text[1..], NumberStyles.None, CultureInfo.InvariantCulture, out int number)
                || number < 1 || number > MaxParameterNumber)
            {
                throw ErrorAt(token, "parameter number must be between ?1 and ?32766");
            }

            _maxParameterOrdinal = Math.Max(_maxParameterOrdinal, number);
            return new ParameterExpression(position, ParameterKind.Numbered, new string(text), number);
        }

        string name = new(text);
        _parameterOrdinals ??= new Dictionary<string, int>(StringComparer.Ordinal);
        if (!_parameterOrdinals.TryGetValue(name, out int ordinal))
        {
            ordinal = NextParameterOrdinal(token);
            _parameterOrdinals.Add(name, ordinal);
        }

        return new ParameterExpression(position, ParameterKind.Named, name, ordinal);
    }

    private int NextParameterOrdinal(in Token token)
    {
        if (_maxParameterOrdinal >= MaxParameterNumber)
        {
            throw ErrorAt(token, "too many parameters (the limit is 32766)");
        }

        return ++_maxParameterOrdinal;
    }

    /// <summary>Parameter ordinals are numbered per statement, as SQLite numbers them per prepared statement.</summary>
    private void ResetParameters()
    {
        _maxParameterOrdinal = 0;
        _parameterOrdinals?.Clear();
    }
}
