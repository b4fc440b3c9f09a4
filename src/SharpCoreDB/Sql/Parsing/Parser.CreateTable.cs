using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Parsing;

/// <content>CREATE TABLE: column definitions, column and table constraints, foreign keys, defaults.</content>
internal ref partial struct Parser
{
    private CreateTableStatement ParseCreateTable(in Token create, bool temporary)
    {
        Advance();
        bool ifNotExists = ParseIfNotExists();
        QualifiedName name = ParseQualifiedName("a table name");
        if (TryConsume(Keyword.As))
        {
            SelectStatement query = ParseSelectStatement();
            return new CreateTableStatement(PositionOf(create), temporary, ifNotExists, name, [], [], query,
                WithoutRowId: false, Strict: false, SourceTextFrom(create.Start));
        }

        Expect(TokenKind.LeftParen, "\"(\" or \"AS\"");
        var columns = new ListBuilder<ColumnDefinition>();
        var constraints = new ListBuilder<TableConstraint>();
        columns.Add(ParseColumnDefinition());
        while (TryConsume(TokenKind.Comma))
        {
            if (IsTableConstraintStart())
            {
                ParseTableConstraints(ref constraints);
                break;
            }

            if (columns.Count >= SqlLimits.MaxColumns)
            {
                throw TooComplex(_current.Line, _current.Column, $"too many columns on {name.Name} (at most {SqlLimits.Text(SqlLimits.MaxColumns)})");
            }

            columns.Add(ParseColumnDefinition());
        }

        ExpectRightParen();
        bool withoutRowId = false;
        bool strict = false;
        if (At(Keyword.Without) || At(Keyword.Strict))
        {
            do
            {
                if (TryConsume(Keyword.Strict))
                {
                    strict = true;
                }
                else if (TryConsume(Keyword.Without))
                {
                    if (_current.Kind != TokenKind.Identifier || !TextOf(_current).Equals("rowid", StringComparison.OrdinalIgnoreCase))
                    {
                        throw Expected("\"ROWID\"");
                    }

                    Advance();
                    withoutRowId = true;
                }
                else
                {
                    throw Expected("\"WITHOUT ROWID\" or \"STRICT\"");
                }
            }
            while (TryConsume(TokenKind.Comma));
        }

        return new CreateTableStatement(PositionOf(create), temporary, ifNotExists, name, columns.ToImmutableAndClear(),
            constraints.ToImmutableAndClear(), null, withoutRowId, strict, SourceTextFrom(create.Start));
    }

    private ColumnDefinition ParseColumnDefinition()
    {
        SourcePosition position = CurrentPosition;
        string name = ParseNameOrString("a column name or a table constraint");
        TypeName? type = ParseTypeName();
        var constraints = new ListBuilder<ColumnConstraint>();
        while (TryParseColumnConstraint(out ColumnConstraint? constraint))
        {
            if (constraint is not null)
            {
                constraints.Add(constraint);
            }
        }

        return new ColumnDefinition(position, name, type, constraints.ToImmutableAndClear());
    }

    /// <summary>Parses one column constraint; false when none starts here. A bare NULL parses to no node.</summary>
    private bool TryParseColumnConstraint(out ColumnConstraint? constraint)
    {
        constraint = null;
        SourcePosition position = CurrentPosition;
        string? name = TryConsume(Keyword.Constraint) ? ParseName("a constraint name") : null;
        switch (_current.Kind == TokenKind.Identifier ? _current.Keyword : Keyword.None)
        {
            case Keyword.Primary:
            {
                Advance();
                Expect(Keyword.Key);
                SortOrder order = ParseSortOrder();
                ConflictResolution onConflict = ParseOnConflict();
                bool autoIncrement = TryConsume(Keyword.Autoincrement);
                constraint = new PrimaryKeyColumnConstraint(position, name, order, onConflict, autoIncrement);
                return true;
            }

            case Keyword.Not:
                Advance();
                Expect(Keyword.Null);
                constraint = new NotNullColumnConstraint(position, name, ParseOnConflict());
                return true;
            case Keyword.Null:
                // "NULL" is accepted and means nothing: columns are nullable unless NOT NULL is written.
                Advance();
                ParseOnConflict();
                return true;
            case Keyword.Unique:
                Advance();
                constraint = new UniqueColumnConstraint(position, name, ParseOnConflict());
                return true;
            case Keyword.Check:
                Advance();
                constraint = new CheckColumnConstraint(position, name, ParseParenthesizedExpression());
                return true;
            case Keyword.Default:
                Advance();
                constraint = new DefaultColumnConstraint(position, name, ParseDefaultValue());
                return true;
            case Keyword.Collate:
                Advance();
                constraint = new CollateColumnConstraint(position, name, ParseNameOrString("a collation name"));
                return true;
            case Keyword.References:
                constraint = new ReferencesColumnConstraint(position, name, ParseForeignKeyClause());
                return true;
            case Keyword.Generated:
                Advance();
                Expect(Keyword.Always);
                Expect(Keyword.As);
                constraint = ParseGeneratedTail(position, name);
                return true;
            case Keyword.As:
                Advance();
                constraint = ParseGeneratedTail(position, name);
                return true;
            default:
                if (name is not null)
                {
                    throw Expected("a column constraint after the constraint name");
                }

                return false;
        }
    }

    private GeneratedColumnConstraint ParseGeneratedTail(SourcePosition position, string? name)
    {
        Expression expression = ParseParenthesizedExpression();
        bool stored = TryConsume(Keyword.Stored);
        if (!stored)
        {
            TryConsume(Keyword.Virtual);
        }

        return new GeneratedColumnConstraint(position, name, expression, stored);
    }

    private Expression ParseParenthesizedExpression()
    {
        ExpectLeftParen();
        Expression expression = ParseExpression();
        ExpectRightParen();
        return expression;
    }

    /// <summary>DEFAULT takes a literal, a signed number, a bare name (a string to SQLite) or a parenthesized expression.</summary>
    private Expression ParseDefaultValue()
    {
        Token token = _current;
        if (token.Kind == TokenKind.LeftParen)
        {
            return ParseParenthesizedExpression();
        }

        if (token.Kind is TokenKind.Minus or TokenKind.Plus)
        {
            if (Peek().Kind is TokenKind.Integer or TokenKind.Real)
            {
                return ParseSignedNumber();
            }

            // SQLite also accepts a sign before the other literals (DEFAULT -'x', DEFAULT -NULL).
            Advance();
            Expression term = ParseDefaultTerm();
            return token.Kind == TokenKind.Plus ? term : new UnaryExpression(PositionOf(token), UnaryOperator.Negate, term);
        }

        if (token.Kind == TokenKind.Identifier && token.Keyword is Keyword.True or Keyword.False
            or Keyword.CurrentDate or Keyword.CurrentTime or Keyword.CurrentTimestamp)
        {
            return ParsePrimary();
        }

        if (IsName(token))
        {
            Advance();
            return new StringLiteral(PositionOf(token), TokenText.Name(TextOf(token)));
        }

        return ParseDefaultTerm();
    }

    private Expression ParseDefaultTerm()
    {
        bool isLiteral = _current.Kind is TokenKind.Integer or TokenKind.Real or TokenKind.String or TokenKind.Blob
            || (_current.Kind == TokenKind.Identifier && _current.Keyword is Keyword.Null or Keyword.True or Keyword.False
                or Keyword.CurrentDate or Keyword.CurrentTime or Keyword.CurrentTimestamp);
        if (!isLiteral)
        {
            throw Expected("a default value (a literal, a signed number or a parenthesized expression)");
        }

        return ParsePrimary();
    }

    private ConflictResolution ParseOnConflict()
    {
        if (!At(Keyword.On) || !Peek().Is(Keyword.Conflict))
        {
            return ConflictResolution.Unspecified;
        }

        Advance();
        Advance();
        return ParseConflictAction();
    }

    private ForeignKeyClause ParseForeignKeyClause()
    {
        SourcePosition position = CurrentPosition;
        Expect(Keyword.References);
        string table = ParseName("a table name");
        ImmutableArray<Identifier> columns = _current.Kind == TokenKind.LeftParen
            ? ParseParenthesizedIdentifiers("a column name")
            : [];
        ForeignKeyAction onDelete = ForeignKeyAction.Unspecified;
        ForeignKeyAction onUpdate = ForeignKeyAction.Unspecified;
        string? match = null;
        while (true)
        {
            if (TryConsume(Keyword.On))
            {
                if (TryConsume(Keyword.Delete))
                {
                    onDelete = ParseForeignKeyAction();
                }
                else if (TryConsume(Keyword.Update))
                {
                    onUpdate = ParseForeignKeyAction();
                }
                else
                {
                    throw Expected("\"DELETE\" or \"UPDATE\"");
                }
            }
            else if (TryConsume(Keyword.Match))
            {
                // SQLite takes any word here, keywords included (MATCH FULL), and ignores it.
                if (_current.Kind == TokenKind.Identifier && !IsName(_current))
                {
                    match = TokenText.Name(TextOf(_current));
                    Advance();
                }
                else
                {
                    match = ParseName("a match type");
                }
            }
            else
            {
                break;
            }
        }

        bool initiallyDeferred = false;
        bool notDeferrable = At(Keyword.Not) && Peek().Is(Keyword.Deferrable);
        if (notDeferrable)
        {
            Advance();
        }

        if (TryConsume(Keyword.Deferrable))
        {
            if (TryConsume(Keyword.Initially))
            {
                if (TryConsume(Keyword.Deferred))
                {
                    // NOT DEFERRABLE INITIALLY DEFERRED is still checked immediately.
                    initiallyDeferred = !notDeferrable;
                }
                else
                {
                    Expect(Keyword.Immediate);
                }
            }
        }

        return new ForeignKeyClause(position, table, columns, onDelete, onUpdate, match, initiallyDeferred);
    }

    private ForeignKeyAction ParseForeignKeyAction()
    {
        if (TryConsume(Keyword.Set))
        {
            if (TryConsume(Keyword.Null))
            {
                return ForeignKeyAction.SetNull;
            }

            Expect(Keyword.Default);
            return ForeignKeyAction.SetDefault;
        }

        if (TryConsume(Keyword.Cascade))
        {
            return ForeignKeyAction.Cascade;
        }

        if (TryConsume(Keyword.Restrict))
        {
            return ForeignKeyAction.Restrict;
        }

        if (TryConsume(Keyword.No))
        {
            Expect(Keyword.Action);
            return ForeignKeyAction.NoAction;
        }

        throw Expected("\"SET NULL\", \"SET DEFAULT\", \"CASCADE\", \"RESTRICT\" or \"NO ACTION\"");
    }

    private readonly bool IsTableConstraintStart() =>
        At(Keyword.Constraint) || At(Keyword.Primary) || At(Keyword.Unique) || At(Keyword.Check) || At(Keyword.Foreign);

    private void ParseTableConstraints(ref ListBuilder<TableConstraint> constraints)
    {
        while (true)
        {
            constraints.Add(ParseTableConstraint());

            // SQLite lets table constraints follow each other with or without a comma.
            if (TryConsume(TokenKind.Comma))
            {
                if (!IsTableConstraintStart())
                {
                    throw Expected("a table constraint (columns must come before table constraints)");
                }
            }
            else if (!IsTableConstraintStart())
            {
                return;
            }
        }
    }

    private TableConstraint ParseTableConstraint()
    {
        SourcePosition position = CurrentPosition;
        string? name = TryConsume(Keyword.Constraint) ? ParseName("a constraint name") : null;
        if (TryConsume(Keyword.Primary))
        {
            Expect(Keyword.Key);
            ExpectLeftParen();
            ImmutableArray<IndexedColumn> columns = ParseIndexedColumns();
            bool autoIncrement = TryConsume(Keyword.Autoincrement);
            ExpectRightParen();
            return new PrimaryKeyTableConstraint(position, name, columns, ParseOnConflict(), autoIncrement);
        }

        if (TryConsume(Keyword.Unique))
        {
            ExpectLeftParen();
            ImmutableArray<IndexedColumn> columns = ParseIndexedColumns();
            ExpectRightParen();
            return new UniqueTableConstraint(position, name, columns, ParseOnConflict());
        }

        if (TryConsume(Keyword.Check))
        {
            return new CheckTableConstraint(position, name, ParseParenthesizedExpression());
        }

        if (TryConsume(Keyword.Foreign))
        {
            Expect(Keyword.Key);
            ImmutableArray<Identifier> columns = ParseParenthesizedIdentifiers("a column name");
            return new ForeignKeyTableConstraint(position, name, columns, ParseForeignKeyClause());
        }

        throw Expected("\"PRIMARY KEY\", \"UNIQUE\", \"CHECK\" or \"FOREIGN KEY\"");
    }

    private ImmutableArray<IndexedColumn> ParseIndexedColumns()
    {
        var columns = new ListBuilder<IndexedColumn>();
        do
        {
            SourcePosition position = CurrentPosition;
            Expression expression = ParseExpression();
            string? collation = null;

            // The expression parser reads "c COLLATE x" as one expression; the collation belongs to the column.
            if (expression is CollateExpression collate)
            {
                expression = collate.Operand;
                collation = collate.Collation;
            }

            columns.Add(new IndexedColumn(position, expression, collation, ParseSortOrder()));
        }
        while (TryConsume(TokenKind.Comma));

        return columns.ToImmutableAndClear();
    }
}
