using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>Window functions: FILTER, OVER, window definitions, frames and the WINDOW clause.</content>
internal ref partial struct Parser
{
    // FILTER (WHERE ..) and OVER .. after a call's ")". Both words are non-reserved, so, as SQLite's tokenizer does,
    // they count only when followed by what they introduce: "sum(x) over" alone is the call with the alias "over".
    private FunctionCallExpression ParseWindowSuffix(FunctionCallExpression call)
    {
        if (At(Keyword.Filter) && Peek().Kind == TokenKind.LeftParen && PeekSecond().Is(Keyword.Where))
        {
            Advance();
            Advance();
            Advance();
            Expression filter = ParseExpression();
            ExpectRightParen();
            call = call with { Filter = filter };
        }

        if (!AtOver())
        {
            return call;
        }

        SourcePosition position = CurrentPosition;
        Advance();
        if (_current.Kind != TokenKind.LeftParen)
        {
            string name = ParseName("a window name");
            return call with { Over = new WindowDefinition(position, name, [], [], null, IsReference: true) };
        }

        Advance();
        WindowDefinition over = ParseWindowBody(position);
        ExpectRightParen();
        return call with { Over = over };
    }

    private readonly bool AtOver()
    {
        if (!At(Keyword.Over))
        {
            return false;
        }

        Token next = Peek();
        return next.Kind == TokenKind.LeftParen || IsName(next);
    }

    // [base-window-name] [PARTITION BY ..] [ORDER BY ..] [frame], after the "(".
    private WindowDefinition ParseWindowBody(SourcePosition position)
    {
        string? baseName = null;
        if (IsName(_current) && !AtPartitionBy() && !AtFrameUnit())
        {
            baseName = ParseName("a window name");
        }

        ImmutableArray<Expression> partitionBy = [];
        if (AtPartitionBy())
        {
            Advance();
            Advance();
            partitionBy = ParseExpressionList();
        }

        ImmutableArray<OrderingTerm> orderBy = ParseOptionalOrderBy();
        FrameSpec? frame = AtFrameUnit() ? ParseFrame() : null;
        return new WindowDefinition(position, baseName, partitionBy, orderBy, frame, IsReference: false);
    }

    private readonly bool AtPartitionBy() => At(Keyword.Partition) && Peek().Is(Keyword.By);

    private readonly bool AtFrameUnit() => At(Keyword.Rows) || At(Keyword.Range) || At(Keyword.Groups);

    // {ROWS|RANGE|GROUPS} {start | BETWEEN start AND end} [EXCLUDE {NO OTHERS|CURRENT ROW|GROUP|TIES}]
    private FrameSpec ParseFrame()
    {
        Token unitToken = _current;
        SourcePosition position = CurrentPosition;
        FrameUnit unit = _current.Keyword switch
        {
            Keyword.Rows => FrameUnit.Rows,
            Keyword.Range => FrameUnit.Range,
            _ => FrameUnit.Groups,
        };
        Advance();
        FrameBound start;
        FrameBound end;
        if (TryConsume(Keyword.Between))
        {
            start = ParseFrameBound(isStart: true);
            Expect(Keyword.And);
            end = ParseFrameBound(isStart: false);
        }
        else
        {
            start = ParseFrameBound(isStart: true);
            end = new FrameBound(start.Position, FrameBoundKind.CurrentRow, null);
        }

        // As in SQLite, the end may not come before the start (kinds in the enum's order), and a frame may not
        // start after the current row yet end at it.
        if (end.Kind < start.Kind || (start.Kind == FrameBoundKind.Following && end.Kind == FrameBoundKind.CurrentRow))
        {
            throw ErrorAt(unitToken, "unsupported frame specification");
        }

        FrameExclude exclude = FrameExclude.NoOthers;
        if (TryConsume(Keyword.Exclude))
        {
            if (TryConsume(Keyword.No))
            {
                Expect(Keyword.Others);
            }
            else if (TryConsume(Keyword.Current))
            {
                Expect(Keyword.Row);
                exclude = FrameExclude.CurrentRow;
            }
            else if (TryConsume(Keyword.Group))
            {
                exclude = FrameExclude.Group;
            }
            else if (TryConsume(Keyword.Ties))
            {
                exclude = FrameExclude.Ties;
            }
            else
            {
                throw Expected("NO OTHERS, CURRENT ROW, GROUP or TIES");
            }
        }

        return new FrameSpec(position, unit, start, end, exclude);
    }

    private FrameBound ParseFrameBound(bool isStart)
    {
        SourcePosition position = CurrentPosition;
        if (At(Keyword.Unbounded))
        {
            Advance();
            if (isStart)
            {
                Expect(Keyword.Preceding);
                return new FrameBound(position, FrameBoundKind.UnboundedPreceding, null);
            }

            Expect(Keyword.Following);
            return new FrameBound(position, FrameBoundKind.UnboundedFollowing, null);
        }

        if (At(Keyword.Current) && Peek().Is(Keyword.Row))
        {
            Advance();
            Advance();
            return new FrameBound(position, FrameBoundKind.CurrentRow, null);
        }

        Expression offset = ParseExpression();
        if (TryConsume(Keyword.Preceding))
        {
            return new FrameBound(position, FrameBoundKind.Preceding, offset);
        }

        Expect(Keyword.Following);
        return new FrameBound(position, FrameBoundKind.Following, offset);
    }

    // WINDOW name AS (window), ... after HAVING. WINDOW is non-reserved: it starts the clause only before "name AS".
    private ImmutableArray<NamedWindow> ParseOptionalWindowClause()
    {
        if (!At(Keyword.Window) || !IsName(Peek()) || !PeekSecond().Is(Keyword.As))
        {
            return [];
        }

        Advance();
        var windows = new ListBuilder<NamedWindow>();
        do
        {
            SourcePosition position = CurrentPosition;
            string name = ParseName("a window name");
            Expect(Keyword.As);
            SourcePosition bodyPosition = CurrentPosition;
            ExpectLeftParen();
            WindowDefinition definition = ParseWindowBody(bodyPosition);
            ExpectRightParen();
            windows.Add(new NamedWindow(position, name, definition));
        }
        while (TryConsume(TokenKind.Comma));

        return windows.ToImmutableAndClear();
    }
}
