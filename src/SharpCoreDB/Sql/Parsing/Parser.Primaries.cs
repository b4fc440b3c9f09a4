using System.Collections.Immutable;
using System.Runtime.InteropServices;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>Primary expressions: literals, names, function calls, parentheses, CASE, CAST, EXISTS, RAISE.</content>
internal ref partial struct Parser
{
    private Expression ParsePrimary()
    {
        Token token = _current;
        SourcePosition position = PositionOf(token);
        switch (token.Kind)
        {
            case TokenKind.Integer:
                Advance();
                return IntegerOrRealLiteral(token);
            case TokenKind.Real:
                Advance();
                return new RealLiteral(position, ParseRealValue(token));
            case TokenKind.String:
                Advance();
                return new StringLiteral(position, TokenText.StringValue(TextOf(token)));
            case TokenKind.Blob:
                Advance();
                return new BlobLiteral(position, ImmutableCollectionsMarshal.AsImmutableArray(TokenText.BlobValue(TextOf(token))));
            case TokenKind.Parameter:
                Advance();
                return ParameterFrom(token);
            case TokenKind.LeftParen:
                return ParseParenthesized();
            case TokenKind.QuotedIdentifier:
                return ParseNameExpression();
            case TokenKind.Identifier:
                switch (token.Keyword)
                {
                    case Keyword.None:
                        return ParseNameExpression();
                    case Keyword.Null:
                        Advance();
                        return new NullLiteral(position);
                    case Keyword.True:
                    case Keyword.False:
                        Advance();
                        return new BooleanLiteral(position, token.Keyword == Keyword.True);
                    case Keyword.CurrentDate:
                        Advance();
                        return new CurrentTimeLiteral(position, CurrentTimeKind.Date);
                    case Keyword.CurrentTime:
                        Advance();
                        return new CurrentTimeLiteral(position, CurrentTimeKind.Time);
                    case Keyword.CurrentTimestamp:
                        Advance();
                        return new CurrentTimeLiteral(position, CurrentTimeKind.Timestamp);
                    case Keyword.Case:
                        return ParseCase();
                    case Keyword.Cast when Peek().Kind == TokenKind.LeftParen:
                        return ParseCast();
                    case Keyword.Exists when Peek().Kind == TokenKind.LeftParen:
                        return ParseExists();
                    case Keyword.Raise when Peek().Kind == TokenKind.LeftParen:
                        return ParseRaise();
                    default:
                        if (!Keywords.IsReserved(token.Keyword))
                        {
                            return ParseNameExpression();
                        }

                        break;
                }

                break;
        }

        throw Expected("an expression");
    }

    private Expression ParseParenthesized()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        if (AtQueryStart())
        {
            SelectStatement query = ParseSelectStatement();
            ExpectRightParen();
            return new SubqueryExpression(position, query);
        }

        Expression first = ParseExpression();
        if (_current.Kind != TokenKind.Comma)
        {
            ExpectRightParen();
            return first;
        }

        var items = new ListBuilder<Expression>();
        items.Add(first);
        while (TryConsume(TokenKind.Comma))
        {
            items.Add(ParseExpression());
        }

        ExpectRightParen();
        return new RowValueExpression(position, items.ToImmutableAndClear());
    }

    private Expression ParseNameExpression()
    {
        SourcePosition position = CurrentPosition;
        string first = TokenText.Name(TextOf(_current));
        Advance();
        if (_current.Kind == TokenKind.LeftParen)
        {
            return ParseWindowSuffix(ParseFunctionCall(position, first));
        }

        if (_current.Kind != TokenKind.Dot)
        {
            return new ColumnReference(position, null, null, first);
        }

        Advance();
        string second = ParseName("a column name");
        if (_current.Kind != TokenKind.Dot)
        {
            return new ColumnReference(position, null, first, second);
        }

        Advance();
        return new ColumnReference(position, first, second, ParseName("a column name"));
    }

    private FunctionCallExpression ParseFunctionCall(SourcePosition position, string name)
    {
        Advance();
        if (TryConsume(TokenKind.Star))
        {
            ExpectRightParen();
            return new FunctionCallExpression(position, name, [], Distinct: false, IsStar: true);
        }

        if (TryConsume(TokenKind.RightParen))
        {
            return new FunctionCallExpression(position, name, [], Distinct: false, IsStar: false);
        }

        bool distinct = TryConsume(Keyword.Distinct);
        if (!distinct)
        {
            TryConsume(Keyword.All);
        }

        ImmutableArray<Expression> arguments = ParseExpressionList();

        // SQLite 3.44's aggregate ORDER BY: group_concat(x ORDER BY y), string_agg(x, ',' ORDER BY y DESC).
        ImmutableArray<OrderingTerm> orderBy = ParseOptionalOrderBy();
        ExpectRightParen();
        return new FunctionCallExpression(position, name, arguments, distinct, IsStar: false) { OrderBy = orderBy };
    }

    private CaseExpression ParseCase()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        Expression? operand = At(Keyword.When) ? null : ParseExpression();
        if (!At(Keyword.When))
        {
            throw ExpectedKeyword(Keyword.When);
        }

        var clauses = new ListBuilder<WhenClause>();
        while (At(Keyword.When))
        {
            SourcePosition whenPosition = CurrentPosition;
            Advance();
            Expression condition = ParseExpression();
            Expect(Keyword.Then);
            clauses.Add(new WhenClause(whenPosition, condition, ParseExpression()));
        }

        Expression? otherwise = TryConsume(Keyword.Else) ? ParseExpression() : null;
        Expect(Keyword.End);
        return new CaseExpression(position, operand, clauses.ToImmutableAndClear(), otherwise);
    }

    private CastExpression ParseCast()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        ExpectLeftParen();
        Expression operand = ParseExpression();
        Expect(Keyword.As);

        // SQLite accepts an empty type here (CAST(x AS)), which converts to no particular affinity.
        TypeName type = ParseTypeName() ?? new TypeName(CurrentPosition, string.Empty, []);
        ExpectRightParen();
        return new CastExpression(position, operand, type);
    }

    private ExistsExpression ParseExists()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        ExpectLeftParen();
        SelectStatement query = ParseSelectStatement();
        ExpectRightParen();
        return new ExistsExpression(position, query);
    }

    private RaiseExpression ParseRaise()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        ExpectLeftParen();
        if (TryConsume(Keyword.Ignore))
        {
            ExpectRightParen();
            return new RaiseExpression(position, RaiseAction.Ignore, null);
        }

        RaiseAction action;
        if (TryConsume(Keyword.Rollback))
        {
            action = RaiseAction.Rollback;
        }
        else if (TryConsume(Keyword.Abort))
        {
            action = RaiseAction.Abort;
        }
        else if (TryConsume(Keyword.Fail))
        {
            action = RaiseAction.Fail;
        }
        else
        {
            throw Expected("\"IGNORE\", \"ROLLBACK\", \"ABORT\" or \"FAIL\"");
        }

        Expect(TokenKind.Comma, "\",\"");
        if (_current.Kind != TokenKind.String)
        {
            throw Expected("an error message string");
        }

        string message = TokenText.StringValue(TextOf(_current));
        Advance();
        ExpectRightParen();
        return new RaiseExpression(position, action, message);
    }
}
