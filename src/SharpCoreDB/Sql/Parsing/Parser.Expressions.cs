using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>Expressions, by precedence climbing with SQLite's operator precedence.</content>
internal ref partial struct Parser
{
    // Binding strength, lowest first, as in SQLite's grammar. NOT is a prefix operator whose operand is
    // parsed at the equality level, so "NOT a = b" is "NOT (a = b)"; unary - + ~ and COLLATE bind tightest.
    private const int PrecedenceOr = 1;
    private const int PrecedenceAnd = 2;
    private const int PrecedenceEquality = 4;
    private const int PrecedenceComparison = 5;
    private const int PrecedenceBitwise = 6;
    private const int PrecedenceAdditive = 7;
    private const int PrecedenceMultiplicative = 8;
    private const int PrecedenceConcat = 9;
    private const int PrecedenceCollate = 10;

    /// <summary>Parses one expression.</summary>
    /// <returns>The expression.</returns>
    public Expression ParseExpression() => ParseBinary(PrecedenceOr);

    private ImmutableArray<Expression> ParseExpressionList()
    {
        var items = new ListBuilder<Expression>();
        do
        {
            items.Add(ParseExpression());
        }
        while (TryConsume(TokenKind.Comma));

        return items.ToImmutableAndClear();
    }

    /// <summary>Parses operators binding at least as tightly as <paramref name="minPrecedence"/>, left to right.</summary>
    private Expression ParseBinary(int minPrecedence)
    {
        int savedDepth = _depth;
        Nest();
        Expression left = ParseUnary();
        while (true)
        {
            int precedence = CurrentBinaryPrecedence();
            if (precedence < minPrecedence)
            {
                break;
            }

            // Each operator folded into the left operand makes the tree one level deeper, so a long
            // chain like 1+1+...+1 counts against the nesting limit just as SQLite's tree height does. It is
            // counted once folded: while its right operand is parsed, that operand's own level stands for it.
            left = ParseOperator(left, precedence);
            Nest();
        }

        _depth = savedDepth;
        return left;
    }

    /// <summary>The precedence of the operator at the current token, or 0 when it is not an infix operator.</summary>
    private readonly int CurrentBinaryPrecedence()
    {
        switch (_current.Kind)
        {
            case TokenKind.Identifier:
                switch (_current.Keyword)
                {
                    case Keyword.Or:
                        return PrecedenceOr;
                    case Keyword.And:
                        return PrecedenceAnd;
                    case Keyword.Collate:
                        // Normally consumed right after a primary; reached here only after a postfix operator,
                        // as in "x ISNULL COLLATE nocase", where it applies to the whole expression so far.
                        return PrecedenceCollate;
                    case Keyword.Is:
                    case Keyword.In:
                    case Keyword.Like:
                    case Keyword.Glob:
                    case Keyword.Regexp:
                    case Keyword.Match:
                    case Keyword.Between:
                    case Keyword.Isnull:
                    case Keyword.Notnull:
                        return PrecedenceEquality;
                    case Keyword.Not:
                        Token next = Peek();
                        return next.Kind == TokenKind.Identifier && next.Keyword is Keyword.In or Keyword.Like or Keyword.Glob
                            or Keyword.Regexp or Keyword.Match or Keyword.Between or Keyword.Null
                            ? PrecedenceEquality
                            : 0;
                    default:
                        return 0;
                }

            case TokenKind.Equal:
            case TokenKind.NotEqual:
                return PrecedenceEquality;
            case TokenKind.Less:
            case TokenKind.LessOrEqual:
            case TokenKind.Greater:
            case TokenKind.GreaterOrEqual:
                return PrecedenceComparison;
            case TokenKind.Ampersand:
            case TokenKind.Pipe:
            case TokenKind.ShiftLeft:
            case TokenKind.ShiftRight:
                return PrecedenceBitwise;
            case TokenKind.Plus:
            case TokenKind.Minus:
                return PrecedenceAdditive;
            case TokenKind.Star:
            case TokenKind.Slash:
            case TokenKind.Percent:
                return PrecedenceMultiplicative;
            case TokenKind.Concat:
            case TokenKind.Arrow:
            case TokenKind.DoubleArrow:
                return PrecedenceConcat;
            default:
                return 0;
        }
    }

    private Expression ParseOperator(Expression left, int precedence)
    {
        Token op = _current;
        BinaryOperator binary;
        switch (op.Kind)
        {
            case TokenKind.Identifier:
                return ParseKeywordOperator(left);
            case TokenKind.Arrow:
            case TokenKind.DoubleArrow:
                // SQLite's JSON operators: the built-in functions "->" and "->>" (no SQL name can spell them).
                Advance();
                return new FunctionCallExpression(left.Position, op.Kind == TokenKind.Arrow ? "->" : "->>", [left, ParseBinary(precedence + 1)], false, false);
            case TokenKind.Equal:
                binary = BinaryOperator.Equal;
                break;
            case TokenKind.NotEqual:
                binary = BinaryOperator.NotEqual;
                break;
            case TokenKind.Less:
                binary = BinaryOperator.Less;
                break;
            case TokenKind.LessOrEqual:
                binary = BinaryOperator.LessOrEqual;
                break;
            case TokenKind.Greater:
                binary = BinaryOperator.Greater;
                break;
            case TokenKind.GreaterOrEqual:
                binary = BinaryOperator.GreaterOrEqual;
                break;
            case TokenKind.Ampersand:
                binary = BinaryOperator.BitwiseAnd;
                break;
            case TokenKind.Pipe:
                binary = BinaryOperator.BitwiseOr;
                break;
            case TokenKind.ShiftLeft:
                binary = BinaryOperator.ShiftLeft;
                break;
            case TokenKind.ShiftRight:
                binary = BinaryOperator.ShiftRight;
                break;
            case TokenKind.Plus:
                binary = BinaryOperator.Add;
                break;
            case TokenKind.Minus:
                binary = BinaryOperator.Subtract;
                break;
            case TokenKind.Star:
                binary = BinaryOperator.Multiply;
                break;
            case TokenKind.Slash:
                binary = BinaryOperator.Divide;
                break;
            case TokenKind.Percent:
                binary = BinaryOperator.Modulo;
                break;
            default:
                binary = BinaryOperator.Concat;
                break;
        }

        Advance();
        Expression right = ParseBinary(precedence + 1);
        return new BinaryExpression(left.Position, binary, left, right);
    }

    private Expression ParseKeywordOperator(Expression left)
    {
        switch (_current.Keyword)
        {
            case Keyword.Or:
                Advance();
                return new BinaryExpression(left.Position, BinaryOperator.Or, left, ParseBinary(PrecedenceAnd));
            case Keyword.And:
                Advance();
                return new BinaryExpression(left.Position, BinaryOperator.And, left, ParseBinary(PrecedenceAnd + 1));
            case Keyword.Isnull:
                Advance();
                return new IsNullExpression(left.Position, left, Negated: false);
            case Keyword.Notnull:
                Advance();
                return new IsNullExpression(left.Position, left, Negated: true);
            case Keyword.Is:
                return ParseIs(left);
            case Keyword.Collate:
                Advance();
                return new CollateExpression(left.Position, left, ParseNameOrString("a collation name"));
            case Keyword.Not:
                Advance();
                if (TryConsume(Keyword.Null))
                {
                    return new IsNullExpression(left.Position, left, Negated: true);
                }

                return ParseNegatableOperator(left, negated: true);
            default:
                return ParseNegatableOperator(left, negated: false);
        }
    }

    private Expression ParseIs(Expression left)
    {
        Advance();
        bool not = TryConsume(Keyword.Not);
        bool distinctFrom = false;
        if (At(Keyword.Distinct))
        {
            Advance();
            Expect(Keyword.From);
            distinctFrom = true;
        }

        // IS DISTINCT FROM is IS NOT; IS NOT DISTINCT FROM is IS.
        bool isNot = not != distinctFrom;
        Expression right = ParseBinary(PrecedenceEquality + 1);
        if (right is NullLiteral)
        {
            return new IsNullExpression(left.Position, left, Negated: isNot);
        }

        return new BinaryExpression(left.Position, isNot ? BinaryOperator.IsNot : BinaryOperator.Is, left, right);
    }

    /// <summary>IN, LIKE, GLOB, REGEXP, MATCH and BETWEEN, after an optional NOT.</summary>
    private Expression ParseNegatableOperator(Expression left, bool negated)
    {
        switch (_current.Keyword)
        {
            case Keyword.In:
                Advance();
                return ParseInTail(left, negated);
            case Keyword.Between:
            {
                Advance();

                // As in SQLite, the lower bound may itself use equality-level operators ("a BETWEEN b = c AND d"):
                // only AND and OR end it.
                Expression low = ParseBinary(PrecedenceEquality);
                Expect(Keyword.And);
                Expression high = ParseBinary(PrecedenceComparison);
                return new BetweenExpression(left.Position, left, low, high, negated);
            }

            case Keyword.Like:
            case Keyword.Glob:
            case Keyword.Regexp:
            case Keyword.Match:
            {
                LikeOperator op = _current.Keyword switch
                {
                    Keyword.Like => LikeOperator.Like,
                    Keyword.Glob => LikeOperator.Glob,
                    Keyword.Regexp => LikeOperator.Regexp,
                    _ => LikeOperator.Match,
                };
                Advance();
                Expression pattern = ParseBinary(PrecedenceComparison);
                Expression? escape = TryConsume(Keyword.Escape) ? ParseBinary(PrecedenceComparison) : null;
                return new LikeExpression(left.Position, op, left, pattern, escape, negated);
            }

            default:
                throw Expected("\"IN\", \"LIKE\", \"GLOB\", \"BETWEEN\" or \"NULL\" after \"NOT\"");
        }
    }

    private Expression ParseInTail(Expression left, bool negated)
    {
        if (_current.Kind != TokenKind.LeftParen)
        {
            if (!IsName(_current))
            {
                throw Expected("\"(\" or a table name after \"IN\"");
            }

            return new InTableExpression(left.Position, left, ParseQualifiedName("a table name"), negated);
        }

        Advance();
        if (TryConsume(TokenKind.RightParen))
        {
            return new InListExpression(left.Position, left, [], negated);
        }

        if (AtQueryStart())
        {
            SelectStatement query = ParseSelectStatement();
            ExpectRightParen();
            return new InSubqueryExpression(left.Position, left, query, negated);
        }

        ImmutableArray<Expression> items = ParseExpressionList();
        ExpectRightParen();
        return new InListExpression(left.Position, left, items, negated);
    }

    private Expression ParseUnary()
    {
        Token token = _current;
        UnaryOperator op;
        switch (token.Kind)
        {
            case TokenKind.Minus:
                op = UnaryOperator.Negate;
                break;
            case TokenKind.Plus:
                op = UnaryOperator.Plus;
                break;
            case TokenKind.Tilde:
                op = UnaryOperator.BitwiseNot;
                break;
            case TokenKind.Identifier when token.Keyword == Keyword.Not:
            {
                int saved = _depth;
                Nest();
                Advance();
                Expression operand = ParseBinary(PrecedenceEquality);
                _depth = saved;
                return new UnaryExpression(PositionOf(token), UnaryOperator.Not, operand);
            }

            default:
                return ParsePostfixCollate(ParsePrimary());
        }

        int savedDepth = _depth;
        Nest();
        Advance();
        Expression result;
        if (op == UnaryOperator.Negate && _current.Kind == TokenKind.Integer && IsTwoToThe63(TextOf(_current)))
        {
            // 9223372036854775808 alone does not fit a 64-bit integer (it becomes REAL), but negated it is
            // the smallest integer; SQLite folds it the same way.
            Advance();
            result = ParsePostfixCollate(new IntegerLiteral(PositionOf(token), long.MinValue));
        }
        else
        {
            result = new UnaryExpression(PositionOf(token), op, ParseUnary());
        }

        _depth = savedDepth;
        return result;
    }

    private Expression ParsePostfixCollate(Expression operand)
    {
        if (!At(Keyword.Collate))
        {
            return operand;
        }

        int savedDepth = _depth;
        while (TryConsume(Keyword.Collate))
        {
            Nest();
            operand = new CollateExpression(operand.Position, operand, ParseNameOrString("a collation name"));
        }

        _depth = savedDepth;
        return operand;
    }

}
