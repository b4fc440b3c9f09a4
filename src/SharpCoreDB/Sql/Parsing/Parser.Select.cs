using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>SELECT: cores, VALUES, compounds, FROM and joins, ORDER BY and LIMIT.</content>
internal ref partial struct Parser
{
    /// <summary>Parses a query starting at SELECT or VALUES, including its ORDER BY and LIMIT.</summary>
    /// <returns>The query.</returns>
    public SelectStatement ParseSelectStatement()
    {
        int savedDepth = _depth;

        // A nested query is one level more; the statement's own query is not, so the depth of an expression in it
        // is its tree's height, as in SQLite (1 + 1 + ... with 1,000 terms is the deepest accepted).
        if (_depth > 0)
        {
            Nest();
        }

        SourcePosition position = CurrentPosition;
        bool recursive = false;
        ImmutableArray<CommonTableExpression> with = At(Keyword.With) ? ParseWith(out recursive) : [];
        SelectBody body = ParseSelectBody();
        SelectBody last = body is CompoundSelect compound ? compound.Terms[^1].Select : body;
        if (last is ValuesClause && (At(Keyword.Order) || At(Keyword.Limit)))
        {
            // In SQLite's grammar ORDER BY and LIMIT belong to the last SELECT core; after VALUES they are a syntax
            // error.
            throw ErrorAt(_current, "ORDER BY and LIMIT cannot follow VALUES");
        }

        ImmutableArray<OrderingTerm> orderBy = ParseOptionalOrderBy();
        Expression? limit = null;
        Expression? offset = null;
        if (TryConsume(Keyword.Limit))
        {
            limit = ParseExpression();
            if (TryConsume(Keyword.Offset))
            {
                offset = ParseExpression();
            }
            else if (TryConsume(TokenKind.Comma))
            {
                // LIMIT m, n means skip m rows and return n.
                offset = limit;
                limit = ParseExpression();
            }
        }

        _depth = savedDepth;
        return new SelectStatement(position, body, orderBy, limit, offset) { With = with, WithRecursive = recursive };
    }

    // WITH ... followed by a query, INSERT, UPDATE or DELETE, which the clause's names are visible to.
    private Statement ParseWithStatement()
    {
        ImmutableArray<CommonTableExpression> with = ParseWith(out bool recursive);
        Statement statement = _current.Keyword switch
        {
            Keyword.Select or Keyword.Values => ParseSelectStatement(),
            Keyword.Insert or Keyword.Replace => ParseInsert(),
            Keyword.Update => ParseUpdate(),
            Keyword.Delete => ParseDelete(),
            _ => throw Expected("SELECT, VALUES, INSERT, REPLACE, UPDATE or DELETE after the WITH clause"),
        };
        return statement with { With = with, WithRecursive = recursive };
    }

    /// <summary>True at the first token of a query: SELECT, VALUES or WITH.</summary>
    private readonly bool AtQueryStart() => At(Keyword.Select) || At(Keyword.Values) || At(Keyword.With);

    // WITH [RECURSIVE] name [(columns)] AS [[NOT] MATERIALIZED] (query), ...
    private ImmutableArray<CommonTableExpression> ParseWith(out bool recursive)
    {
        Advance();
        recursive = TryConsume(Keyword.Recursive);

        var ctes = new ListBuilder<CommonTableExpression>();
        do
        {
            SourcePosition position = CurrentPosition;
            Identifier name = ParseIdentifier("a common table expression name");
            ImmutableArray<Identifier> columns = _current.Kind == TokenKind.LeftParen
                ? ParseParenthesizedIdentifiers("a column name")
                : [];
            Expect(Keyword.As);
            if (TryConsume(Keyword.Not))
            {
                Expect(Keyword.Materialized);
            }
            else
            {
                TryConsume(Keyword.Materialized);
            }

            ExpectLeftParen();
            SelectStatement query = ParseSelectStatement();
            ExpectRightParen();
            ctes.Add(new CommonTableExpression(position, name, columns, query));
        }
        while (TryConsume(TokenKind.Comma));

        return ctes.ToImmutableAndClear();
    }

    private SelectBody ParseSelectBody()
    {
        SourcePosition position = CurrentPosition;
        SelectBody first = ParseSelectCore();
        if (!IsCompoundOperator())
        {
            return first;
        }

        var terms = new ListBuilder<CompoundTerm>();
        while (IsCompoundOperator())
        {
            SourcePosition termPosition = CurrentPosition;
            CompoundOperator op;
            if (TryConsume(Keyword.Union))
            {
                op = TryConsume(Keyword.All) ? CompoundOperator.UnionAll : CompoundOperator.Union;
            }
            else if (TryConsume(Keyword.Intersect))
            {
                op = CompoundOperator.Intersect;
            }
            else
            {
                Advance();
                op = CompoundOperator.Except;
            }

            if (terms.Count + 1 >= SqlLimits.MaxCompoundSelect)
            {
                // Each term is one more operator over the terms before it; SQLite bounds them the same way.
                throw TooComplex(termPosition.Line, termPosition.Column, $"too many terms in compound SELECT (at most {SqlLimits.Text(SqlLimits.MaxCompoundSelect)})");
            }

            terms.Add(new CompoundTerm(termPosition, op, ParseSelectCore()));
        }

        return new CompoundSelect(position, first, terms.ToImmutableAndClear());
    }

    private readonly bool IsCompoundOperator() => At(Keyword.Union) || At(Keyword.Intersect) || At(Keyword.Except);

    private SelectBody ParseSelectCore()
    {
        if (At(Keyword.Values))
        {
            return ParseValues();
        }

        if (!At(Keyword.Select))
        {
            throw Expected("\"SELECT\" or \"VALUES\"");
        }

        SourcePosition position = CurrentPosition;
        Advance();
        bool distinct = TryConsume(Keyword.Distinct);
        if (!distinct)
        {
            TryConsume(Keyword.All);
        }

        var columns = new ListBuilder<ResultColumn>();
        do
        {
            columns.Add(ParseResultColumn());
        }
        while (TryConsume(TokenKind.Comma));

        FromClause? from = TryConsume(Keyword.From) ? ParseFromClause() : null;
        Expression? where = TryConsume(Keyword.Where) ? ParseExpression() : null;
        ImmutableArray<Expression> groupBy = [];
        if (TryConsume(Keyword.Group))
        {
            Expect(Keyword.By);
            groupBy = ParseExpressionList();
        }

        Expression? having = TryConsume(Keyword.Having) ? ParseExpression() : null;
        ImmutableArray<NamedWindow> windows = ParseOptionalWindowClause();
        return new SelectCore(position, distinct, columns.ToImmutableAndClear(), from, where, groupBy, having) { Windows = windows };
    }

    private ValuesClause ParseValues()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        var rows = new ListBuilder<ImmutableArray<Expression>>();
        int width = -1;
        do
        {
            Token open = _current;
            ExpectLeftParen();
            ImmutableArray<Expression> row = ParseExpressionList();
            ExpectRightParen();
            if (width >= 0 && row.Length != width)
            {
                throw ErrorAt(open, "all VALUES rows must have the same number of values");
            }

            width = row.Length;
            rows.Add(row);
        }
        while (TryConsume(TokenKind.Comma));

        return new ValuesClause(position, rows.ToImmutableAndClear());
    }

    private ResultColumn ParseResultColumn()
    {
        Token token = _current;
        SourcePosition position = PositionOf(token);
        if (TryConsume(TokenKind.Star))
        {
            return new StarResultColumn(position, null);
        }

        if (IsName(token) && Peek().Kind == TokenKind.Dot && PeekSecond().Kind == TokenKind.Star)
        {
            string table = TokenText.Name(TextOf(token));
            Advance();
            Advance();
            Advance();
            return new StarResultColumn(position, table);
        }

        Expression expression = ParseExpression();
        string sourceText = SourceTextFrom(token.Start);
        string? alias = ParseOptionalAlias();
        return new ExpressionResultColumn(position, expression, alias, sourceText);
    }

    private FromClause ParseFromClause()
    {
        SourcePosition position = CurrentPosition;
        TableSource first = ParseTableSource();
        var joins = new ListBuilder<JoinClause>();
        while (TryParseJoinOperator(out JoinKind kind, out bool natural, out SourcePosition joinPosition))
        {
            TableSource table = ParseTableSource();
            Expression? on = null;
            ImmutableArray<Identifier> usingColumns = [];
            if (TryConsume(Keyword.On))
            {
                on = ParseExpression();
            }
            else if (TryConsume(Keyword.Using))
            {
                usingColumns = ParseParenthesizedIdentifiers("a column name");
            }

            joins.Add(new JoinClause(joinPosition, kind, natural, table, on, usingColumns));
        }

        return new FromClause(position, first, joins.ToImmutableAndClear());
    }

    private bool TryParseJoinOperator(out JoinKind kind, out bool natural, out SourcePosition position)
    {
        position = CurrentPosition;
        natural = false;
        kind = JoinKind.Comma;
        if (TryConsume(TokenKind.Comma))
        {
            return true;
        }

        if (_current.Kind != TokenKind.Identifier)
        {
            return false;
        }

        natural = TryConsume(Keyword.Natural);
        switch (_current.Keyword)
        {
            case Keyword.Join:
                kind = JoinKind.Inner;
                break;
            case Keyword.Inner:
                kind = JoinKind.Inner;
                Advance();
                break;
            case Keyword.Cross:
                kind = JoinKind.Cross;
                Advance();
                break;
            case Keyword.Left:
                kind = JoinKind.Left;
                Advance();
                TryConsume(Keyword.Outer);
                break;
            case Keyword.Right:
                kind = JoinKind.Right;
                Advance();
                TryConsume(Keyword.Outer);
                break;
            case Keyword.Full:
                kind = JoinKind.Full;
                Advance();
                TryConsume(Keyword.Outer);
                break;
            default:
                if (natural)
                {
                    throw ExpectedKeyword(Keyword.Join);
                }

                return false;
        }

        Expect(Keyword.Join);
        return true;
    }

    private TableSource ParseTableSource()
    {
        SourcePosition position = CurrentPosition;
        if (_current.Kind == TokenKind.LeftParen)
        {
            int savedDepth = _depth;
            Nest();
            Advance();
            TableSource source;
            if (AtQueryStart())
            {
                SelectStatement query = ParseSelectStatement();
                ExpectRightParen();
                source = new SubquerySource(position, query, ParseOptionalAlias());
            }
            else
            {
                FromClause join = ParseFromClause();
                ExpectRightParen();
                source = new NestedJoinSource(position, join);
            }

            _depth = savedDepth;
            return source;
        }

        QualifiedName name = ParseQualifiedName("a table name");
        if (_current.Kind == TokenKind.LeftParen && name.Schema is null)
        {
            return ParseTableFunction(position, name.Name);
        }

        string? alias = ParseOptionalAlias();
        string? indexedBy = null;
        bool notIndexed = false;
        if (TryConsume(Keyword.Indexed))
        {
            Expect(Keyword.By);
            indexedBy = ParseName("an index name");
        }
        else if (At(Keyword.Not) && Peek().Is(Keyword.Indexed))
        {
            Advance();
            Advance();
            notIndexed = true;
        }

        return new TableReference(position, name, alias, indexedBy, notIndexed);
    }

    // A table-valued function: name(arg, ...) [[AS] alias]. The arguments may read earlier FROM items.
    private TableFunctionSource ParseTableFunction(SourcePosition position, string name)
    {
        Advance();
        ImmutableArray<Expression> arguments = [];
        if (!TryConsume(TokenKind.RightParen))
        {
            arguments = ParseExpressionList();
            ExpectRightParen();
        }

        return new TableFunctionSource(position, name, arguments, ParseOptionalAlias());
    }

    private ImmutableArray<OrderingTerm> ParseOptionalOrderBy()
    {
        if (!TryConsume(Keyword.Order))
        {
            return [];
        }

        Expect(Keyword.By);
        var terms = new ListBuilder<OrderingTerm>();
        do
        {
            SourcePosition position = CurrentPosition;
            Expression expression = ParseExpression();
            SortOrder order = ParseSortOrder();
            NullsOrder nulls = NullsOrder.Unspecified;
            if (TryConsume(Keyword.Nulls))
            {
                if (TryConsume(Keyword.First))
                {
                    nulls = NullsOrder.First;
                }
                else if (TryConsume(Keyword.Last))
                {
                    nulls = NullsOrder.Last;
                }
                else
                {
                    throw Expected("\"FIRST\" or \"LAST\"");
                }
            }

            terms.Add(new OrderingTerm(position, expression, order, nulls));
        }
        while (TryConsume(TokenKind.Comma));

        return terms.ToImmutableAndClear();
    }

    private SortOrder ParseSortOrder()
    {
        if (TryConsume(Keyword.Asc))
        {
            return SortOrder.Ascending;
        }

        return TryConsume(Keyword.Desc) ? SortOrder.Descending : SortOrder.Unspecified;
    }
}
