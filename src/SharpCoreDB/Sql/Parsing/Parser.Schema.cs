using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>CREATE TABLE, INDEX, VIEW and TRIGGER, and DROP.</content>
internal ref partial struct Parser
{
    private Statement ParseCreate()
    {
        Token create = _current;
        Advance();
        bool temporary = TryConsume(Keyword.Temp) || TryConsume(Keyword.Temporary);
        if (At(Keyword.Table))
        {
            return ParseCreateTable(create, temporary);
        }

        if (At(Keyword.View))
        {
            return ParseCreateView(create, temporary);
        }

        if (At(Keyword.Trigger))
        {
            return ParseCreateTrigger(create, temporary);
        }

        if (!temporary)
        {
            bool unique = TryConsume(Keyword.Unique);
            if (At(Keyword.Index))
            {
                return ParseCreateIndex(create, unique);
            }

            if (unique)
            {
                throw ExpectedKeyword(Keyword.Index);
            }

            throw Expected("\"TABLE\", \"INDEX\", \"VIEW\" or \"TRIGGER\"");
        }

        throw Expected("\"TABLE\", \"VIEW\" or \"TRIGGER\"");
    }

    private bool ParseIfNotExists()
    {
        if (!At(Keyword.If) || !Peek().Is(Keyword.Not))
        {
            return false;
        }

        Advance();
        Advance();
        Expect(Keyword.Exists);
        return true;
    }

    private bool ParseIfExists()
    {
        if (!At(Keyword.If) || !Peek().Is(Keyword.Exists))
        {
            return false;
        }

        Advance();
        Advance();
        return true;
    }

    private CreateIndexStatement ParseCreateIndex(in Token create, bool unique)
    {
        Advance();
        bool ifNotExists = ParseIfNotExists();
        QualifiedName name = ParseQualifiedName("an index name");
        Expect(Keyword.On);
        SourcePosition tablePosition = CurrentPosition;
        QualifiedName table = new(tablePosition, null, ParseName("a table name"));
        ExpectLeftParen();
        ImmutableArray<IndexedColumn> columns = ParseIndexedColumns();
        ExpectRightParen();
        Expression? where = TryConsume(Keyword.Where) ? ParseExpression() : null;
        return new CreateIndexStatement(PositionOf(create), unique, ifNotExists, name, table, columns, where,
            SourceTextFrom(create.Start));
    }

    private CreateViewStatement ParseCreateView(in Token create, bool temporary)
    {
        Advance();
        bool ifNotExists = ParseIfNotExists();
        QualifiedName name = ParseQualifiedName("a view name");
        ImmutableArray<Identifier> columns = _current.Kind == TokenKind.LeftParen
            ? ParseParenthesizedIdentifiers("a column name")
            : [];
        Expect(Keyword.As);
        SelectStatement query = ParseSelectStatement();
        return new CreateViewStatement(PositionOf(create), temporary, ifNotExists, name, columns, query,
            SourceTextFrom(create.Start));
    }

    private CreateTriggerStatement ParseCreateTrigger(in Token create, bool temporary)
    {
        Advance();
        bool ifNotExists = ParseIfNotExists();
        QualifiedName name = ParseQualifiedName("a trigger name");
        TriggerTiming timing = TriggerTiming.Unspecified;
        if (TryConsume(Keyword.Before))
        {
            timing = TriggerTiming.Before;
        }
        else if (TryConsume(Keyword.After))
        {
            timing = TriggerTiming.After;
        }
        else if (TryConsume(Keyword.Instead))
        {
            Expect(Keyword.Of);
            timing = TriggerTiming.InsteadOf;
        }

        TriggerEvent triggerEvent;
        ImmutableArray<Identifier> updateColumns = [];
        if (TryConsume(Keyword.Delete))
        {
            triggerEvent = TriggerEvent.Delete;
        }
        else if (TryConsume(Keyword.Insert))
        {
            triggerEvent = TriggerEvent.Insert;
        }
        else if (TryConsume(Keyword.Update))
        {
            triggerEvent = TriggerEvent.Update;
            if (TryConsume(Keyword.Of))
            {
                var columns = new ListBuilder<Identifier>();
                do
                {
                    columns.Add(ParseIdentifier("a column name"));
                }
                while (TryConsume(TokenKind.Comma));

                updateColumns = columns.ToImmutableAndClear();
            }
        }
        else
        {
            throw Expected("\"DELETE\", \"INSERT\" or \"UPDATE\"");
        }

        Expect(Keyword.On);
        QualifiedName table = ParseQualifiedName("a table name");
        bool forEachRow = false;
        if (TryConsume(Keyword.For))
        {
            Expect(Keyword.Each);
            Expect(Keyword.Row);
            forEachRow = true;
        }

        Expression? when = TryConsume(Keyword.When) ? ParseExpression() : null;
        Expect(Keyword.Begin);
        var body = new ListBuilder<Statement>();
        do
        {
            body.Add(ParseTriggerBodyStatement());
            Expect(TokenKind.Semicolon, "\";\" after a trigger statement");
        }
        while (!At(Keyword.End));

        Advance();
        return new CreateTriggerStatement(PositionOf(create), temporary, ifNotExists, name, timing, triggerEvent,
            updateColumns, table, forEachRow, when, body.ToImmutableAndClear(), SourceTextFrom(create.Start));
    }

    private Statement ParseTriggerBodyStatement()
    {
        _inTriggerBody = true;
        try
        {
            return ParseTriggerBodyStep();
        }
        finally
        {
            _inTriggerBody = false;
        }
    }

    private Statement ParseTriggerBodyStep()
    {
        if (_current.Kind == TokenKind.Identifier)
        {
            switch (_current.Keyword)
            {
                case Keyword.Select:
                case Keyword.Values:
                    return ParseSelectStatement();
                case Keyword.Insert:
                case Keyword.Replace:
                    return ParseInsert();
                case Keyword.Update:
                    return ParseUpdate();
                case Keyword.Delete:
                    return ParseDelete();
            }
        }

        throw Expected("\"INSERT\", \"UPDATE\", \"DELETE\" or \"SELECT\" in the trigger body");
    }

    private DropStatement ParseDrop()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        SchemaObjectKind kind;
        if (TryConsume(Keyword.Table))
        {
            kind = SchemaObjectKind.Table;
        }
        else if (TryConsume(Keyword.Index))
        {
            kind = SchemaObjectKind.Index;
        }
        else if (TryConsume(Keyword.View))
        {
            kind = SchemaObjectKind.View;
        }
        else if (TryConsume(Keyword.Trigger))
        {
            kind = SchemaObjectKind.Trigger;
        }
        else
        {
            throw Expected("\"TABLE\", \"INDEX\", \"VIEW\" or \"TRIGGER\"");
        }

        bool ifExists = ParseIfExists();
        return new DropStatement(position, kind, ifExists, ParseQualifiedName("a name"));
    }
}
