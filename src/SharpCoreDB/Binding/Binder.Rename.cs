using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;
using SharpCoreDB.Sql.Parsing;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>ALTER TABLE … RENAME TO and RENAME COLUMN.</content>
/// <remarks>
/// Both edit stored SQL the way SQLite does: the name's tokens are replaced where they stand and everything else
/// stays as written, in the table's definition, its indexes, triggers, views and other tables' foreign keys. Then
/// every view and trigger is bound against the new schema: one that still names the old table or column (text this
/// engine could not rewrite safely) is reported, and nothing changes.
/// </remarks>
internal sealed partial class Binder
{
    // Told of every column reference this binder resolves, with the source and column it resolved to (RENAME COLUMN
    // uses it to find the references to the renamed column in views and trigger bodies).
    private Action<ColumnReference, SourceBinding, SourceColumn>? _columnResolved;

    // ALTER TABLE … RENAME TO: the table keeps its rows and root page; its stored CREATE TABLE, its indexes (constraint
    // indexes are renamed with it), its triggers' ON clause, its AUTOINCREMENT sequence and every foreign key that
    // references it (its own included) take the new name, always quoted (as SQLite writes it).
    private RenamePlan BindRenameTable(RenameTableStatement rename)
    {
        if (_schema.FindTable(rename.Table.Name) is null && _schema.FindView(rename.Table.Name) is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"view {rename.Table.Name} may not be altered", rename.Table.Position);
        }

        TableSchema table = TargetTable(rename.Table);
        string newName = rename.NewName.Name;
        if (_schema.KindOf(newName) is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.AlreadyExists, $"there is already another table or index with this name: {newName}", rename.NewName.Position);
        }

        string oldName = table.Name;
        string quoted = Quote(newName);
        var definition = (CreateTableStatement)SqlParser.ParseStatement(table.Sql);
        var edits = new List<(int Start, int Length)> { NameToken(table.Sql, definition.Name.Position.Offset, afterReferences: false) };
        AddReferenceEdits(definition, table.Sql, oldName, column: null, edits);
        var create = (CreateTableStatement)SqlParser.ParseStatement(Apply(table.Sql, edits, _ => quoted));
        TableSchema built = TableSchemaBuilder.Build(create, table.RootPage, name => RenamedIndexRoot(table, newName, name));
        TableSchema renamed = WithRewrittenIndexes(table, built, (createIndex, sql) =>
            Apply(sql, [NameToken(sql, createIndex.Table.Position.Offset, afterReferences: false)], _ => quoted));
        Schema after = _schema.WithoutTable(table).WithTable(renamed);

        // Every trigger: those on the table move with it (their ON clause), and any body may name it.
        var triggers = new List<TriggerSchema>();
        foreach (TriggerSchema trigger in _schema.Triggers.Values)
        {
            var stored = (CreateTriggerStatement)SqlParser.ParseStatement(trigger.Sql);
            bool on = Same(trigger.TableName, oldName);
            var triggerEdits = new List<(int Start, int Length)>();
            if (on)
            {
                triggerEdits.Add(NameToken(trigger.Sql, stored.Table.Position.Offset, afterReferences: false));
            }

            var roots = new List<SyntaxNode>(stored.Body);
            if (stored.When is not null)
            {
                roots.Add(stored.When);
            }

            AddTableReferenceEdits(roots, trigger.Sql, oldName, triggerEdits);
            if (triggerEdits.Count > 0)
            {
                TriggerSchema moved = Moved(trigger, on ? renamed.Name : trigger.TableName, Apply(trigger.Sql, triggerEdits, _ => quoted));
                triggers.Add(moved);
                after = after.WithTrigger(moved);
            }
        }

        var views = new List<ViewSchema>();
        foreach (ViewSchema view in _schema.Views.Values)
        {
            var stored = (CreateViewStatement)SqlParser.ParseStatement(view.Sql);
            var viewEdits = new List<(int Start, int Length)>();
            AddTableReferenceEdits([stored.Query], view.Sql, oldName, viewEdits);
            if (viewEdits.Count > 0)
            {
                ViewSchema rewritten = CatalogStore.ViewBuilder((CreateViewStatement)SqlParser.ParseStatement(Apply(view.Sql, viewEdits, _ => quoted)));
                views.Add(rewritten);
                after = after.WithView(rewritten);
            }
        }

        List<TableSchema> referencing = Referencing(table, oldName, column: null, _ => quoted, ref after);
        ValidateDependents(after, $"rename of {oldName} to {newName}");
        return new RenamePlan(_schema, SlotWidths, table, renamed, triggers, referencing, after, $"RenameTable {oldName} TO {newName}") { Views = views };
    }

    // ALTER TABLE … RENAME [COLUMN] old TO new: rows stay as they are (columns are stored by position); the column's
    // definition and every reference to it in the table's CHECKs, constraints and generated columns, in its indexes,
    // in triggers' UPDATE OF lists, WHEN clauses and bodies, in views and in foreign keys that reference it take the
    // new name: bare where the old one was bare (unless the new name was written quoted), quoted where it was quoted,
    // as SQLite writes it.
    private RenamePlan BindRenameColumn(RenameColumnStatement rename)
    {
        if (_schema.FindTable(rename.Table.Name) is null && _schema.FindView(rename.Table.Name) is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot rename columns of view \"{rename.Table.Name}\"", rename.Table.Position);
        }

        TableSchema table = TargetTable(rename.Table);
        string newName = rename.NewName.Name;
        ColumnSchema column = table.FindColumn(rename.Column.Name)
            ?? throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: \"{rename.Column.Name}\"", rename.Column.Position);

        // The name as the table spells it: references are matched case-insensitively, messages use this spelling.
        string oldName = column.Name;
        if (table.FindColumn(newName) is { } taken && taken.Ordinal != column.Ordinal)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.AlreadyExists, $"error in table {table.Name} after rename: duplicate column name: {newName}", rename.NewName.Position);
        }

        string bare = rename.NewNameQuoted ? Quote(newName) : newName;
        string quotedName = Quote(newName);
        Func<char, string> replacement = first => first is '"' or '`' or '[' or '\'' ? quotedName : bare;

        var definition = (CreateTableStatement)SqlParser.ParseStatement(table.Sql);
        var edits = new List<(int Start, int Length)>();
        foreach (ColumnDefinition defined in definition.Columns)
        {
            if (Same(defined.Name, oldName))
            {
                edits.Add(NameToken(table.Sql, defined.Position.Offset, afterReferences: false));
            }
        }

        AddColumnReferenceEdits(definition, table.Sql, table.Name, oldName, edits);
        foreach (TableConstraint constraint in definition.Constraints)
        {
            if (constraint is ForeignKeyTableConstraint foreignKey)
            {
                AddIdentifierEdits(foreignKey.Columns, table.Sql, oldName, edits);
            }
        }

        AddReferenceEdits(definition, table.Sql, table.Name, oldName, edits);
        var create = (CreateTableStatement)SqlParser.ParseStatement(Apply(table.Sql, edits, replacement));
        TableSchema built = TableSchemaBuilder.Build(create, table.RootPage, name => ExistingIndexRoot(table, name));
        TableSchema renamed = WithRewrittenIndexes(table, built, (createIndex, sql) =>
        {
            var indexEdits = new List<(int Start, int Length)>();
            AddColumnReferenceEdits(createIndex, sql, table.Name, oldName, indexEdits);
            return Apply(sql, indexEdits, replacement);
        });
        Schema after = _schema.WithTable(renamed);
        var triggers = new List<TriggerSchema>();
        foreach (TriggerSchema trigger in _schema.TriggersOf(table.Name))
        {
            var stored = (CreateTriggerStatement)SqlParser.ParseStatement(trigger.Sql);
            var triggerEdits = new List<(int Start, int Length)>();
            AddIdentifierEdits(stored.UpdateColumns, trigger.Sql, oldName, triggerEdits);
            if (triggerEdits.Count > 0)
            {
                TriggerSchema moved = Moved(trigger, table.Name, Apply(trigger.Sql, triggerEdits, replacement));
                triggers.Add(moved);
                after = after.WithTrigger(moved);
            }
        }

        List<TableSchema> referencing = Referencing(table, table.Name, oldName, replacement, ref after);
        List<ViewSchema> views = RewriteColumnUses(table, oldName, replacement, triggers, ref after);
        (SourceBinding row, Scope scope) = TableScope(renamed, null);
        row.MarkAllUsed();
        BindChecks(renamed, scope);
        ValidateDependents(after, $"rename of column {table.Name}.{oldName} to {newName}");
        return new RenamePlan(_schema, SlotWidths, table, renamed, triggers, referencing, after, $"RenameColumn {table.Name}.{oldName} TO {newName}") { Views = views };
    }

    // The references to table `table` in a view's query or a trigger's body: table names in FROM clauses and as the
    // target of INSERT, UPDATE and DELETE, and the qualifier of `table.column`. When the text gives the name another
    // meaning as well (an alias or a common table expression of that name), nothing is rewritten: the statement is
    // then bound as it is, and if it still names the old table the rename is refused.
    private static void AddTableReferenceEdits(List<SyntaxNode> roots, string sql, string table, List<(int Start, int Length)> edits)
    {
        var found = new List<(int Start, int Length)>();
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
                        found.Add(QualifierToken(sql, column.Position.Offset, column.Schema is not null));
                        break;
                }

                return true;
            });
        }

        if (!ambiguous)
        {
            edits.AddRange(found);
        }

        void AddTarget(QualifiedName name)
        {
            if (Same(name.Name, table))
            {
                found.Add(NameToken(sql, name.Position.Offset, afterReferences: false));
            }
        }
    }

    // The table part of `[schema.]table.column` starting at `offset`.
    private static (int Start, int Length) QualifierToken(string sql, int offset, bool hasSchema)
    {
        var lexer = new Lexer(sql.AsSpan(offset));
        Token token = lexer.Next();
        if (hasSchema)
        {
            lexer.Next();
            token = lexer.Next();
        }

        return (offset + token.Start, token.Length);
    }

    // The rebuilt table with the old table's indexes: constraint indexes as the rebuild made them (matched by root
    // page), CREATE INDEX ones with their stored text rewritten.
    private static TableSchema WithRewrittenIndexes(TableSchema table, TableSchema built, Func<CreateIndexStatement, string, string> rewrite)
    {
        var indexes = ImmutableArray.CreateBuilder<IndexSchema>(table.Indexes.Length);
        foreach (IndexSchema index in table.Indexes)
        {
            if (index.Sql is null)
            {
                indexes.Add(built.Indexes.First(i => i.RootPage == index.RootPage));
                continue;
            }

            string sql = rewrite((CreateIndexStatement)SqlParser.ParseStatement(index.Sql), index.Sql);
            indexes.Add(IndexSchemaBuilder.Build((CreateIndexStatement)SqlParser.ParseStatement(sql), built, index.RootPage));
        }

        return built.WithIndexes(indexes.MoveToImmutable());
    }

    // The references to column `column` of `table` in views and trigger bodies, found by binding them against the
    // schema as it is (so an unqualified name counts only where it resolves to this table's column), plus the column
    // lists of INSERT, UPDATE and upsert steps that write the table. Triggers already rewritten (UPDATE OF) are
    // edited on top of that text. Returns the rewritten views; rewritten triggers are added to `triggers`.
    private List<ViewSchema> RewriteColumnUses(TableSchema table, string column, Func<char, string> replacement, List<TriggerSchema> triggers, ref Schema after)
    {
        // Statements re-parsed from their stored text, so positions are offsets into that text.
        Schema probe = _schema;
        var triggerTexts = new Dictionary<string, TriggerSchema>(StringComparer.OrdinalIgnoreCase);
        foreach (TriggerSchema trigger in _schema.Triggers.Values)
        {
            TriggerSchema current = triggers.Find(t => Same(t.Name, trigger.Name)) ?? trigger;
            TriggerSchema reparsed = Moved(current, current.TableName, current.Sql);
            triggerTexts[trigger.Name] = reparsed;
            probe = probe.WithTrigger(reparsed);
        }

        var uses = new HashSet<ColumnReference>(ReferenceEqualityComparer.Instance);
        Action<ColumnReference, SourceBinding, SourceColumn> record = (reference, source, resolved) =>
        {
            if (source.Table is { } owner && Same(owner.Name, table.Name) && Same(resolved.Name, column))
            {
                uses.Add(reference);
            }
        };

        var viewStatements = new List<(ViewSchema View, CreateViewStatement Statement)>();
        foreach (ViewSchema view in _schema.Views.Values)
        {
            var statement = (CreateViewStatement)SqlParser.ParseStatement(view.Sql);
            viewStatements.Add((view, statement));
            new Binder(probe, new Dictionary<string, int>(), _collations, _functions, _planner) { _columnResolved = record }.BindQuery(statement.Query, null);
        }

        foreach (TriggerSchema trigger in triggerTexts.Values)
        {
            var binder = new Binder(probe, new Dictionary<string, int>(), _collations, _functions, _planner) { _columnResolved = record };
            if (binder.TriggerTarget(trigger.TableName) is { } on)
            {
                binder.BindTriggers(on, trigger.Event, null, ConflictResolution.Unspecified);
            }
        }

        var views = new List<ViewSchema>();
        foreach ((ViewSchema view, CreateViewStatement statement) in viewStatements)
        {
            var edits = new List<(int Start, int Length)>();
            AddUses(statement.Query, view.Sql, edits);
            if (edits.Count > 0)
            {
                ViewSchema rewritten = CatalogStore.ViewBuilder((CreateViewStatement)SqlParser.ParseStatement(Apply(view.Sql, edits, replacement)));
                views.Add(rewritten);
                after = after.WithView(rewritten);
            }
        }

        foreach (TriggerSchema trigger in triggerTexts.Values)
        {
            CreateTriggerStatement statement = trigger.Statement;
            var edits = new List<(int Start, int Length)>();
            AddUses(statement.When, trigger.Sql, edits);
            foreach (Statement step in statement.Body)
            {
                AddUses(step, trigger.Sql, edits);
                AddWrittenColumns(step, trigger.Sql, table.Name, column, edits);
            }

            if (edits.Count > 0)
            {
                TriggerSchema rewritten = Moved(trigger, trigger.TableName, Apply(trigger.Sql, edits, replacement));
                triggers.RemoveAll(t => Same(t.Name, trigger.Name));
                triggers.Add(rewritten);
                after = after.WithTrigger(rewritten);
            }
        }

        return views;

        void AddUses(SyntaxNode? node, string sql, List<(int Start, int Length)> edits) =>
            SyntaxWalker.Walk(node, n =>
            {
                if (n is ColumnReference reference && uses.Contains(reference))
                {
                    edits.Add(NameToken(sql, reference.Position.Offset, afterReferences: false));
                }

                return true;
            });
    }

    // The column names an INSERT, UPDATE or upsert step writes in table `table`.
    private static void AddWrittenColumns(Statement step, string sql, string table, string column, List<(int Start, int Length)> edits)
    {
        switch (step)
        {
            case InsertStatement insert when Same(insert.Table.Name, table):
                AddIdentifierEdits(insert.Columns, sql, column, edits);
                foreach (UpsertClause upsert in insert.Upserts)
                {
                    AddIdentifierEdits(upsert.Target, sql, column, edits);
                    AddAssignmentEdits(upsert.Assignments, sql, column, edits);
                }

                break;
            case UpdateStatement update when Same(update.Table.Name, table):
                AddAssignmentEdits(update.Assignments, sql, column, edits);
                break;
        }
    }

    private static void AddAssignmentEdits(ImmutableArray<UpdateAssignment> assignments, string sql, string column, List<(int Start, int Length)> edits)
    {
        if (assignments.IsDefault)
        {
            return;
        }

        foreach (UpdateAssignment assignment in assignments)
        {
            if (Same(assignment.Column, column))
            {
                edits.Add(NameToken(sql, assignment.Position.Offset, afterReferences: false));
            }
        }
    }

    private static TriggerSchema Moved(TriggerSchema trigger, string tableName, string sql) => new()
    {
        Name = trigger.Name,
        TableName = tableName,
        Statement = (CreateTriggerStatement)SqlParser.ParseStatement(sql),
        Order = trigger.Order,
    };

    // Every other table with a foreign key to `tableName` (to its `column`, when one is named), rewritten.
    private List<TableSchema> Referencing(TableSchema table, string tableName, string? column, Func<char, string> replacement, ref Schema after)
    {
        var referencing = new List<TableSchema>();
        foreach (TableSchema other in _schema.Tables.Values)
        {
            if (ReferenceEquals(other, table))
            {
                continue;
            }

            var create = (CreateTableStatement)SqlParser.ParseStatement(other.Sql);
            var edits = new List<(int Start, int Length)>();
            AddReferenceEdits(create, other.Sql, tableName, column, edits);
            if (edits.Count == 0)
            {
                continue;
            }

            var rewritten = (CreateTableStatement)SqlParser.ParseStatement(Apply(other.Sql, edits, replacement));
            TableSchema updated = TableSchemaBuilder.Build(rewritten, other.RootPage, name => ExistingIndexRoot(other, name))
                .WithIndexes(other.Indexes);
            referencing.Add(updated);
            after = after.WithTable(updated);
        }

        return referencing;
    }

    // The root of the old table's index that a constraint index of the renamed table stands for: the same number.
    private static uint RenamedIndexRoot(TableSchema table, string newName, string name)
    {
        for (int number = 1; number <= table.Indexes.Length; number++)
        {
            if (Same(name, TableSchemaBuilder.AutoIndexName(newName, number)))
            {
                return ExistingIndexRoot(table, TableSchemaBuilder.AutoIndexName(table.Name, number));
            }
        }

        return ExistingIndexRoot(table, name);
    }

    // The REFERENCES clauses of a CREATE TABLE that name `table`: the table name itself (no column given) or the
    // referenced column names equal to `column`.
    private static void AddReferenceEdits(CreateTableStatement create, string sql, string table, string? column, List<(int Start, int Length)> edits)
    {
        foreach (ColumnDefinition definition in create.Columns)
        {
            foreach (ColumnConstraint constraint in definition.Constraints)
            {
                if (constraint is ReferencesColumnConstraint references)
                {
                    AddReferenceEdit(references.ForeignKey, sql, table, column, edits);
                }
            }
        }

        foreach (TableConstraint constraint in create.Constraints)
        {
            if (constraint is ForeignKeyTableConstraint foreignKey)
            {
                AddReferenceEdit(foreignKey.ForeignKey, sql, table, column, edits);
            }
        }
    }

    private static void AddReferenceEdit(ForeignKeyClause clause, string sql, string table, string? column, List<(int Start, int Length)> edits)
    {
        if (!Same(clause.Table, table))
        {
            return;
        }

        if (column is null)
        {
            edits.Add(NameToken(sql, clause.Position.Offset, afterReferences: true));
        }
        else
        {
            AddIdentifierEdits(clause.Columns, sql, column, edits);
        }
    }

    private static void AddIdentifierEdits(ImmutableArray<Identifier> names, string sql, string column, List<(int Start, int Length)> edits)
    {
        if (names.IsDefault)
        {
            return;
        }

        foreach (Identifier name in names)
        {
            if (Same(name.Name, column))
            {
                edits.Add(NameToken(sql, name.Position.Offset, afterReferences: false));
            }
        }
    }

    // Column references to `column` of `table` (unqualified, or qualified with the table's name) anywhere in `node`.
    private static void AddColumnReferenceEdits(SyntaxNode node, string sql, string table, string column, List<(int Start, int Length)> edits)
    {
        SyntaxWalker.Walk(node, n =>
        {
            if (n is ColumnReference reference && Same(reference.Column, column) && (reference.Table is null || Same(reference.Table, table)))
            {
                edits.Add(NameToken(sql, reference.Position.Offset, afterReferences: false));
            }

            return true;
        });
    }

    // The name token that starts at `offset` (after a REFERENCES keyword when asked): the last part of a dotted name.
    private static (int Start, int Length) NameToken(string sql, int offset, bool afterReferences)
    {
        var lexer = new Lexer(sql.AsSpan(offset));
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
                return (offset + token.Start, token.Length);
            }

            token = lexer.Next();
        }
    }

    // Replaces each token with what `replacement` gives for its first character (a quote, or not), last first so the
    // earlier offsets stay valid.
    private static string Apply(string sql, List<(int Start, int Length)> edits, Func<char, string> replacement)
    {
        edits.Sort((a, b) => b.Start.CompareTo(a.Start));
        foreach ((int start, int length) in edits)
        {
            sql = string.Concat(sql.AsSpan(0, start), replacement(sql[start]), sql.AsSpan(start + length));
        }

        return sql;
    }

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
}
