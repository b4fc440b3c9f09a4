using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>Statement entry points, statement dispatch, and the small statements.</content>
internal ref partial struct Parser
{
    /// <summary>Parses every statement in the text; statements are separated by <c>;</c> and empty ones are skipped.</summary>
    /// <returns>The statements in order (empty for text with no statements).</returns>
    public ImmutableArray<Statement> ParseAll()
    {
        var statements = new ListBuilder<Statement>();
        while (true)
        {
            while (TryConsume(TokenKind.Semicolon))
            {
            }

            if (_current.Kind == TokenKind.EndOfInput)
            {
                return statements.ToImmutableAndClear();
            }

            statements.Add(ParseTopLevelStatement());
            if (_current.Kind is not (TokenKind.Semicolon or TokenKind.EndOfInput))
            {
                throw Expected("\";\" or the end of the input after the statement");
            }
        }
    }

    /// <summary>Parses exactly one statement, optionally followed by semicolons.</summary>
    /// <returns>The statement.</returns>
    public Statement ParseSingle()
    {
        while (TryConsume(TokenKind.Semicolon))
        {
        }

        Statement statement = ParseTopLevelStatement();
        while (TryConsume(TokenKind.Semicolon))
        {
        }

        if (_current.Kind != TokenKind.EndOfInput)
        {
            throw Expected("the end of the input after the statement (only one statement is allowed here)");
        }

        return statement;
    }

    /// <summary>Parses a whole text that must be exactly one expression.</summary>
    /// <returns>The expression.</returns>
    public Expression ParseStandaloneExpression()
    {
        Expression expression = ParseExpression();
        if (_current.Kind != TokenKind.EndOfInput)
        {
            throw Expected("the end of the expression");
        }

        return expression;
    }

    private Statement ParseTopLevelStatement()
    {
        ResetParameters();
        return ParseStatement();
    }

    private Statement ParseStatement()
    {
        if (_current.Kind == TokenKind.Identifier)
        {
            switch (_current.Keyword)
            {
                case Keyword.Select:
                case Keyword.Values:
                    return ParseSelectStatement();
                case Keyword.With:
                    return ParseWithStatement();
                case Keyword.Insert:
                case Keyword.Replace:
                    return ParseInsert();
                case Keyword.Update:
                    return ParseUpdate();
                case Keyword.Delete:
                    return ParseDelete();
                case Keyword.Create:
                    return ParseCreate();
                case Keyword.Drop:
                    return ParseDrop();
                case Keyword.Alter:
                    return ParseAlterTable();
                case Keyword.Begin:
                    return ParseBegin();
                case Keyword.Commit:
                case Keyword.End:
                    return ParseCommit();
                case Keyword.Rollback:
                    return ParseRollback();
                case Keyword.Savepoint:
                    {
                        SourcePosition savepoint = CurrentPosition;
                        Advance();
                        return new SavepointStatement(savepoint, ParseName("a savepoint name"));
                    }

                case Keyword.Release:
                    {
                        SourcePosition release = CurrentPosition;
                        Advance();
                        TryConsume(Keyword.Savepoint);
                        return new ReleaseStatement(release, ParseName("a savepoint name"));
                    }

                case Keyword.Explain:
                    return ParseExplain();
                case Keyword.Pragma:
                    return ParsePragma();
                case Keyword.Analyze:
                    return ParseAnalyze();
                case Keyword.Reindex:
                    return ParseReindex();
                case Keyword.Vacuum:
                    return ParseVacuum();
            }
        }

        throw Expected("a statement");
    }

    private Statement ParseAlterTable()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        Expect(Keyword.Table);
        QualifiedName table = ParseQualifiedName("a table name");
        if (TryConsume(Keyword.Drop))
        {
            TryConsume(Keyword.Column);
            SourcePosition columnPosition = CurrentPosition;
            return new DropColumnStatement(position, table, new Identifier(columnPosition, ParseName("a column name")));
        }

        if (TryConsume(Keyword.Rename))
        {
            if (TryConsume(Keyword.To))
            {
                SourcePosition namePosition = CurrentPosition;
                return new RenameTableStatement(position, table, new Identifier(namePosition, ParseName("a new table name")));
            }

            TryConsume(Keyword.Column);
            SourcePosition oldPosition = CurrentPosition;
            var renamed = new Identifier(oldPosition, ParseName("a column name"));
            Expect(Keyword.To);
            SourcePosition newPosition = CurrentPosition;
            bool quoted = _current.Kind == TokenKind.QuotedIdentifier;
            return new RenameColumnStatement(position, table, renamed, new Identifier(newPosition, ParseName("a new column name")), quoted);
        }

        if (!TryConsume(Keyword.Add))
        {
            throw Expected("ADD [COLUMN], DROP [COLUMN] or RENAME TO");
        }

        TryConsume(Keyword.Column);
        int start = _current.Start;
        ColumnDefinition column = ParseColumnDefinition();
        return new AlterTableStatement(position, table, column, SourceTextFrom(start));
    }

    private BeginStatement ParseBegin()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        TransactionMode mode = TransactionMode.Unspecified;
        if (TryConsume(Keyword.Deferred))
        {
            mode = TransactionMode.Deferred;
        }
        else if (TryConsume(Keyword.Immediate))
        {
            mode = TransactionMode.Immediate;
        }
        else if (TryConsume(Keyword.Exclusive))
        {
            mode = TransactionMode.Exclusive;
        }

        TryConsume(Keyword.Transaction);
        return new BeginStatement(position, mode);
    }

    private CommitStatement ParseCommit()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        TryConsume(Keyword.Transaction);
        return new CommitStatement(position);
    }

    private RollbackStatement ParseRollback()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        TryConsume(Keyword.Transaction);
        if (!TryConsume(Keyword.To))
        {
            return new RollbackStatement(position);
        }

        TryConsume(Keyword.Savepoint);
        return new RollbackStatement(position) { ToSavepoint = ParseName("a savepoint name") };
    }

    private ExplainStatement ParseExplain()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        bool queryPlan = false;
        if (At(Keyword.Query) && Peek().Is(Keyword.Plan))
        {
            Advance();
            Advance();
            queryPlan = true;
        }

        if (At(Keyword.Explain))
        {
            throw Expected("a statement to explain (EXPLAIN cannot be nested)");
        }

        return new ExplainStatement(position, queryPlan, ParseStatement());
    }

    private PragmaStatement ParsePragma()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        QualifiedName name = ParseQualifiedName("a pragma name");
        Expression? value = null;
        if (TryConsume(TokenKind.Equal))
        {
            value = ParsePragmaValue();
        }
        else if (TryConsume(TokenKind.LeftParen))
        {
            value = ParsePragmaValue();
            ExpectRightParen();
        }

        return new PragmaStatement(position, name, value);
    }

    /// <summary>
    /// A signed number, a string, or a word, which SQLite treats as text. Words include ON, DELETE, DEFAULT and
    /// the join keywords (so <c>synchronous = FULL</c> works), as in SQLite's grammar.
    /// </summary>
    private Expression ParsePragmaValue()
    {
        Token token = _current;
        SourcePosition position = PositionOf(token);
        switch (token.Kind)
        {
            case TokenKind.Minus:
            case TokenKind.Plus:
            case TokenKind.Integer:
            case TokenKind.Real:
                return ParseSignedNumber();
            case TokenKind.String:
                Advance();
                return new StringLiteral(position, TokenText.StringValue(TextOf(token)));
            case TokenKind.QuotedIdentifier:
            case TokenKind.Identifier when IsName(token) || token.Keyword is Keyword.On or Keyword.Delete or Keyword.Default
                or Keyword.Full or Keyword.Left or Keyword.Right or Keyword.Inner or Keyword.Outer or Keyword.Cross or Keyword.Natural:
                Advance();
                return new StringLiteral(position, TokenText.Name(TextOf(token)));
            default:
                throw Expected("a pragma value (a number, a string or a name)");
        }
    }

    private AnalyzeStatement ParseAnalyze()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        return new AnalyzeStatement(position, IsName(_current) ? ParseQualifiedName("a name") : null);
    }

    private ReindexStatement ParseReindex()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        return new ReindexStatement(position, IsName(_current) ? ParseQualifiedName("a name") : null);
    }

    // VACUUM [schema] [INTO 'file']: the file name as a string literal (SQLite also takes an expression).
    private VacuumStatement ParseVacuum()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        Identifier? schema = null;
        if (!At(Keyword.Into) && IsName(_current))
        {
            SourcePosition schemaPosition = CurrentPosition;
            schema = new Identifier(schemaPosition, ParseName("a schema name"));
        }

        StringLiteral? into = null;
        if (TryConsume(Keyword.Into))
        {
            Token file = _current;
            into = ParsePrimary() as StringLiteral
                ?? throw ErrorAt(file, "VACUUM INTO takes the file name as a string literal, as in VACUUM INTO 'copy.scdb'");
        }

        return new VacuumStatement(position, schema, into);
    }
}
