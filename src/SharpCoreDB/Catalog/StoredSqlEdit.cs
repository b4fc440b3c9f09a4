using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Catalog;

/// <summary>
/// The edits ALTER TABLE … RENAME makes to one piece of stored SQL (a CREATE TABLE, INDEX, TRIGGER or VIEW): it
/// collects the tokens that name the renamed table or column, then replaces each where it stands, leaving every other
/// character as written — SQLite's way, so <c>sqlite_schema</c> keeps the user's text, comments and spacing.
/// </summary>
/// <remarks>
/// Positions in the syntax nodes handed in must be offsets into <see cref="Sql"/>: the statement is parsed from that
/// text. Which references are the renamed column's in views and trigger bodies is a question of binding (an
/// unqualified name may belong to another table); the binder answers it and adds those tokens with
/// <see cref="AddName"/>.
/// </remarks>
internal sealed class StoredSqlEdit
{
    private readonly List<(int Start, int Length)> _tokens = [];

    /// <summary>Starts the edits of <paramref name="sql"/>.</summary>
    /// <param name="sql">The stored text.</param>
    public StoredSqlEdit(string sql)
    {
        Sql = sql;
    }

    /// <summary>The stored text being edited.</summary>
    public string Sql { get; }

    /// <summary>True when no token was found to replace.</summary>
    public bool IsEmpty => _tokens.Count == 0;

    /// <summary>
    /// Adds the name token that starts at <paramref name="offset"/> (the last part of a dotted name; after a
    /// REFERENCES keyword when <paramref name="afterReferences"/>).
    /// </summary>
    /// <param name="offset">Where the name (or the REFERENCES keyword) starts.</param>
    /// <param name="afterReferences">True when the offset is that of a REFERENCES keyword.</param>
    public void AddName(int offset, bool afterReferences = false)
    {
        var lexer = new Lexer(Sql.AsSpan(offset));
        Token token = lexer.Next();
        if (afterReferences)
        {
            token = lexer.Next();
        }

        while (true)
        {
            Token next = lexer.Next();
            if (next.Kind != TokenKind.Dot)
            {
                _tokens.Add((offset + token.Start, token.Length));
                return;
            }

            token = lexer.Next();
        }
    }

    /// <summary>
    /// Adds the REFERENCES clauses of <paramref name="create"/> that name <paramref name="table"/>: the table name
    /// itself when <paramref name="column"/> is null, else the referenced column names equal to it.
    /// </summary>
    /// <param name="create">The CREATE TABLE parsed from <see cref="Sql"/>.</param>
    /// <param name="table">The referenced table.</param>
    /// <param name="column">The referenced column, or null for the table name.</param>
    public void AddForeignKeyReferences(CreateTableStatement create, string table, string? column)
    {
        foreach (ColumnDefinition definition in create.Columns)
        {
            foreach (ColumnConstraint constraint in definition.Constraints)
            {
                if (constraint is ReferencesColumnConstraint references)
                {
                    AddForeignKeyReference(references.ForeignKey, table, column);
                }
            }
        }

        foreach (TableConstraint constraint in create.Constraints)
        {
            if (constraint is ForeignKeyTableConstraint foreignKey)
            {
                AddForeignKeyReference(foreignKey.ForeignKey, table, column);
            }
        }
    }

    /// <summary>Adds every name in <paramref name="names"/> equal to <paramref name="column"/>.</summary>
    /// <param name="names">A column list (may be default: none).</param>
    /// <param name="column">The column.</param>
    public void AddIdentifiers(ImmutableArray<Identifier> names, string column)
    {
        if (names.IsDefault)
        {
            return;
        }

        foreach (Identifier name in names)
        {
            if (Same(name.Name, column))
            {
                AddName(name.Position.Offset);
            }
        }
    }

    /// <summary>
    /// Adds the references to <paramref name="column"/> of <paramref name="table"/> (unqualified, or qualified with the
    /// table's name) anywhere in <paramref name="node"/>: right inside the table's own definition and its indexes,
    /// where no other table is in scope.
    /// </summary>
    /// <param name="node">The statement or expression.</param>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    public void AddColumnReferences(SyntaxNode node, string table, string column)
    {
        SyntaxWalker.Walk(node, n =>
        {
            if (n is ColumnReference reference && Same(reference.Column, column) && (reference.Table is null || Same(reference.Table, table)))
            {
                AddName(reference.Position.Offset);
            }

            return true;
        });
    }

    /// <summary>
    /// Adds the references to table <paramref name="table"/> in a view's query or a trigger's body: table names in
    /// FROM clauses and as the target of INSERT, UPDATE and DELETE, and the qualifier of <c>table.column</c>. When the
    /// text gives the name another meaning as well (an alias or a common table expression of that name), nothing is
    /// added: the statement is then bound as it is, and if it still names the old table the rename is refused.
    /// </summary>
    /// <param name="roots">The nodes to search.</param>
    /// <param name="table">The table.</param>
    public void AddTableReferences(List<SyntaxNode> roots, string table)
    {
        var found = new List<(int Offset, bool Qualifier, bool HasSchema)>();
        bool ambiguous = false;
        foreach (SyntaxNode root in roots)
        {
            SyntaxWalker.Walk(root, node =>
            {
                switch (node)
                {
                    case TableReference reference:
                        ambiguous |= reference.Alias is not null && Same(reference.Alias, table);
                        AddTarget(reference.Name);
                        break;
                    case CommonTableExpression cte:
                        ambiguous |= Same(cte.Name.Name, table);
                        break;
                    case InsertStatement insert:
                        ambiguous |= insert.Alias is not null && Same(insert.Alias, table);
                        AddTarget(insert.Table);
                        break;
                    case UpdateStatement update:
                        ambiguous |= update.Alias is not null && Same(update.Alias, table);
                        AddTarget(update.Table);
                        break;
                    case DeleteStatement delete:
                        ambiguous |= delete.Alias is not null && Same(delete.Alias, table);
                        AddTarget(delete.Table);
                        break;
                    case ColumnReference column when column.Table is not null && Same(column.Table, table):
                        found.Add((column.Position.Offset, true, column.Schema is not null));
                        break;
                }

                return true;
            });
        }

        if (ambiguous)
        {
            return;
        }

        foreach ((int offset, bool qualifier, bool hasSchema) in found)
        {
            if (qualifier)
            {
                AddQualifier(offset, hasSchema);
            }
            else
            {
                AddName(offset);
            }
        }

        void AddTarget(QualifiedName name)
        {
            if (Same(name.Name, table))
            {
                found.Add((name.Position.Offset, false, false));
            }
        }
    }

    /// <summary>
    /// Adds the column names an INSERT, UPDATE or upsert step of a trigger writes in <paramref name="table"/> that
    /// equal <paramref name="column"/>.
    /// </summary>
    /// <param name="step">The trigger step.</param>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    public void AddWrittenColumns(Statement step, string table, string column)
    {
        switch (step)
        {
            case InsertStatement insert when Same(insert.Table.Name, table):
                AddIdentifiers(insert.Columns, column);
                foreach (UpsertClause upsert in insert.Upserts)
                {
                    AddIdentifiers(upsert.Target, column);
                    AddAssignments(upsert.Assignments, column);
                }

                break;
            case UpdateStatement update when Same(update.Table.Name, table):
                AddAssignments(update.Assignments, column);
                break;
        }
    }

    /// <summary>
    /// The edited text: each token replaced by what <paramref name="replacement"/> gives for its first character (a
    /// quote, or not).
    /// </summary>
    /// <param name="replacement">The new name for a token starting with the given character.</param>
    /// <returns>The new text (the stored text when nothing was found).</returns>
    public string Apply(Func<char, string> replacement)
    {
        // Last first, so the earlier offsets stay valid.
        _tokens.Sort((a, b) => b.Start.CompareTo(a.Start));
        string sql = Sql;
        foreach ((int start, int length) in _tokens)
        {
            sql = string.Concat(sql.AsSpan(0, start), replacement(sql[start]), sql.AsSpan(start + length));
        }

        return sql;
    }

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);

    private void AddForeignKeyReference(ForeignKeyClause clause, string table, string? column)
    {
        if (!Same(clause.Table, table))
        {
            return;
        }

        if (column is null)
        {
            AddName(clause.Position.Offset, afterReferences: true);
        }
        else
        {
            AddIdentifiers(clause.Columns, column);
        }
    }

    // The table part of `[schema.]table.column` starting at `offset`.
    private void AddQualifier(int offset, bool hasSchema)
    {
        var lexer = new Lexer(Sql.AsSpan(offset));
        Token token = lexer.Next();
        if (hasSchema)
        {
            lexer.Next();
            token = lexer.Next();
        }

        _tokens.Add((offset + token.Start, token.Length));
    }

    private void AddAssignments(ImmutableArray<UpdateAssignment> assignments, string column)
    {
        if (assignments.IsDefault)
        {
            return;
        }

        foreach (UpdateAssignment assignment in assignments)
        {
            if (Same(assignment.Column, column))
            {
                AddName(assignment.Position.Offset);
            }
        }
    }
}
