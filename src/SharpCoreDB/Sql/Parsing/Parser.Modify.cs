using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>INSERT, REPLACE, UPDATE and DELETE.</content>
internal ref partial struct Parser
{
    private InsertStatement ParseInsert()
    {
        SourcePosition position = CurrentPosition;
        ConflictResolution onConflict;
        if (TryConsume(Keyword.Replace))
        {
            onConflict = ConflictResolution.Replace;
        }
        else
        {
            Expect(Keyword.Insert);
            onConflict = TryConsume(Keyword.Or) ? ParseConflictAction() : ConflictResolution.Unspecified;
        }

        Expect(Keyword.Into);
        QualifiedName table = ParseQualifiedName("a table name");
        string? alias = TryConsume(Keyword.As) ? ParseName("an alias") : null;
        ImmutableArray<Identifier> columns = _current.Kind == TokenKind.LeftParen
            ? ParseParenthesizedIdentifiers("a column name")
            : [];

        SelectStatement? source;
        if (TryConsume(Keyword.Default))
        {
            Expect(Keyword.Values);
            source = null;
        }
        else if (AtQueryStart())
        {
            source = ParseSelectStatement();
        }
        else
        {
            throw Expected("\"VALUES\", \"SELECT\" or \"DEFAULT VALUES\"");
        }

        var upserts = new ListBuilder<UpsertClause>();
        bool targetless = false;
        while (source is not null && _current.Keyword == Keyword.On)
        {
            if (targetless)
            {
                throw SyntaxErrors.At(_source, _current, "only the last ON CONFLICT clause may omit the conflict target");
            }

            UpsertClause upsert = ParseUpsert();
            targetless = upsert.Target.IsDefaultOrEmpty;
            upserts.Add(upsert);
        }

        return new InsertStatement(position, onConflict, table, alias, columns, source) { Upserts = upserts.ToImmutableAndClear(), Returning = ParseReturning() };
    }

    private UpsertClause ParseUpsert()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        Expect(Keyword.Conflict);
        ImmutableArray<Identifier> target = _current.Kind == TokenKind.LeftParen
            ? ParseParenthesizedIdentifiers("a column name")
            : [];
        // A WHERE on the target selects a partial index; SQLite ignores it for a full one, and every index is full.
        Expression? targetWhere = !target.IsDefaultOrEmpty && TryConsume(Keyword.Where) ? ParseExpression() : null;

        Expect(Keyword.Do);
        if (TryConsume(Keyword.Nothing))
        {
            return new UpsertClause(position, target, targetWhere, DoNothing: true, [], null);
        }

        Expect(Keyword.Update);
        Expect(Keyword.Set);
        ImmutableArray<UpdateAssignment> assignments = ParseAssignments();
        Expression? where = TryConsume(Keyword.Where) ? ParseExpression() : null;
        return new UpsertClause(position, target, targetWhere, DoNothing: false, assignments, where);
    }

    private ImmutableArray<UpdateAssignment> ParseAssignments()
    {
        var assignments = new ListBuilder<UpdateAssignment>();
        do
        {
            SourcePosition columnPosition = CurrentPosition;
            string column = ParseName("a column name");
            Expect(TokenKind.Equal, "\"=\"");
            assignments.Add(new UpdateAssignment(columnPosition, column, ParseExpression()));
        }
        while (TryConsume(TokenKind.Comma));

        return assignments.ToImmutableAndClear();
    }

    private UpdateStatement ParseUpdate()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        ConflictResolution onConflict = TryConsume(Keyword.Or) ? ParseConflictAction() : ConflictResolution.Unspecified;
        QualifiedName table = ParseQualifiedName("a table name");
        string? alias = TryConsume(Keyword.As) ? ParseName("an alias") : null;
        Expect(Keyword.Set);
        ImmutableArray<UpdateAssignment> assignments = ParseAssignments();
        FromClause? from = TryConsume(Keyword.From) ? ParseFromClause() : null;
        Expression? where = TryConsume(Keyword.Where) ? ParseExpression() : null;
        return new UpdateStatement(position, onConflict, table, alias, assignments, where) { From = from, Returning = ParseReturning() };
    }

    private DeleteStatement ParseDelete()
    {
        SourcePosition position = CurrentPosition;
        Advance();
        Expect(Keyword.From);
        QualifiedName table = ParseQualifiedName("a table name");
        string? alias = TryConsume(Keyword.As) ? ParseName("an alias") : null;
        Expression? where = TryConsume(Keyword.Where) ? ParseExpression() : null;
        return new DeleteStatement(position, table, alias, where) { Returning = ParseReturning() };
    }

    // RETURNING result-column, ... after INSERT, UPDATE or DELETE; empty when absent.
    private ImmutableArray<ResultColumn> ParseReturning()
    {
        if (_current.Keyword != Keyword.Returning)
        {
            return [];
        }

        if (_inTriggerBody)
        {
            throw SyntaxErrors.At(_source, _current, "RETURNING is not allowed in a trigger");
        }

        Advance();

        var columns = new ListBuilder<ResultColumn>();
        do
        {
            columns.Add(ParseResultColumn());
        }
        while (TryConsume(TokenKind.Comma));

        return columns.ToImmutableAndClear();
    }

    private ConflictResolution ParseConflictAction()
    {
        ConflictResolution action = _current.Keyword switch
        {
            Keyword.Rollback => ConflictResolution.Rollback,
            Keyword.Abort => ConflictResolution.Abort,
            Keyword.Fail => ConflictResolution.Fail,
            Keyword.Ignore => ConflictResolution.Ignore,
            Keyword.Replace => ConflictResolution.Replace,
            _ => ConflictResolution.Unspecified,
        };
        if (action == ConflictResolution.Unspecified || _current.Kind != TokenKind.Identifier)
        {
            throw Expected("\"ROLLBACK\", \"ABORT\", \"FAIL\", \"IGNORE\" or \"REPLACE\"");
        }

        Advance();
        return action;
    }
}
