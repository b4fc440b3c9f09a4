using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>ALTER TABLE … RENAME TO and RENAME COLUMN.</content>
/// <remarks>
/// Both edit stored SQL the way SQLite does (<see cref="StoredSqlEdit"/>, in Catalog): the name's tokens are replaced
/// where they stand and everything else stays as written, in the table's definition, its indexes, triggers, views and
/// other tables' foreign keys. This part decides which tokens those are where that takes binding (an unqualified
/// column in a view or trigger body), and builds the new schema objects. Then
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
        var edit = new StoredSqlEdit(table.Sql);
        edit.AddName(definition.Name.Position.Offset);
        edit.AddForeignKeyReferences(definition, oldName, column: null);
        var create = (CreateTableStatement)SqlParser.ParseStatement(edit.Apply(_ => quoted));
        TableSchema built = TableSchemaBuilder.Build(create, table.RootPage, name => RenamedIndexRoot(table, newName, name));
        TableSchema renamed = WithRewrittenIndexes(table, built, (createIndex, sql) =>
        {
            var indexEdit = new StoredSqlEdit(sql);
            indexEdit.AddName(createIndex.Table.Position.Offset);
            return indexEdit.Apply(_ => quoted);
        });
        Schema after = _schema.WithoutTable(table).WithTable(renamed);

        // Every trigger: those on the table move with it (their ON clause), and any body may name it.
        var triggers = new List<TriggerSchema>();
        foreach (TriggerSchema trigger in _schema.Triggers.Values)
        {
            var stored = (CreateTriggerStatement)SqlParser.ParseStatement(trigger.Sql);
            bool on = Same(trigger.TableName, oldName);
            var triggerEdit = new StoredSqlEdit(trigger.Sql);
            if (on)
            {
                triggerEdit.AddName(stored.Table.Position.Offset);
            }

            var roots = new List<SyntaxNode>(stored.Body);
            if (stored.When is not null)
            {
                roots.Add(stored.When);
            }

            triggerEdit.AddTableReferences(roots, oldName);
            if (!triggerEdit.IsEmpty)
            {
                TriggerSchema moved = Moved(trigger, on ? renamed.Name : trigger.TableName, triggerEdit.Apply(_ => quoted));
                triggers.Add(moved);
                after = after.WithTrigger(moved);
            }
        }

        var views = new List<ViewSchema>();
        foreach (ViewSchema view in _schema.Views.Values)
        {
            var stored = (CreateViewStatement)SqlParser.ParseStatement(view.Sql);
            var viewEdit = new StoredSqlEdit(view.Sql);
            viewEdit.AddTableReferences([stored.Query], oldName);
            if (!viewEdit.IsEmpty)
            {
                ViewSchema rewritten = CatalogStore.ViewBuilder((CreateViewStatement)SqlParser.ParseStatement(viewEdit.Apply(_ => quoted)));
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
        var edit = new StoredSqlEdit(table.Sql);
        foreach (ColumnDefinition defined in definition.Columns)
        {
            if (Same(defined.Name, oldName))
            {
                edit.AddName(defined.Position.Offset);
            }
        }

        edit.AddColumnReferences(definition, table.Name, oldName);
        foreach (TableConstraint constraint in definition.Constraints)
        {
            if (constraint is ForeignKeyTableConstraint foreignKey)
            {
                edit.AddIdentifiers(foreignKey.Columns, oldName);
            }
        }

        edit.AddForeignKeyReferences(definition, table.Name, oldName);
        var create = (CreateTableStatement)SqlParser.ParseStatement(edit.Apply(replacement));
        TableSchema built = TableSchemaBuilder.Build(create, table.RootPage, name => ExistingIndexRoot(table, name));
        TableSchema renamed = WithRewrittenIndexes(table, built, (createIndex, sql) =>
        {
            var indexEdit = new StoredSqlEdit(sql);
            indexEdit.AddColumnReferences(createIndex, table.Name, oldName);
            return indexEdit.Apply(replacement);
        });
        Schema after = _schema.WithTable(renamed);
        var triggers = new List<TriggerSchema>();
        foreach (TriggerSchema trigger in _schema.TriggersOf(table.Name))
        {
            var stored = (CreateTriggerStatement)SqlParser.ParseStatement(trigger.Sql);
            var triggerEdit = new StoredSqlEdit(trigger.Sql);
            triggerEdit.AddIdentifiers(stored.UpdateColumns, oldName);
            if (!triggerEdit.IsEmpty)
            {
                TriggerSchema moved = Moved(trigger, table.Name, triggerEdit.Apply(replacement));
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
            new Binder(probe, new Dictionary<string, int>(), _collations, _functions) { _columnResolved = record }.BindQuery(statement.Query, null);
        }

        foreach (TriggerSchema trigger in triggerTexts.Values)
        {
            var binder = new Binder(probe, new Dictionary<string, int>(), _collations, _functions) { _columnResolved = record };
            if (binder.TriggerTarget(trigger.TableName) is { } on)
            {
                binder.BindTriggers(on, trigger.Event, null, ConflictResolution.Unspecified);
            }
        }

        var views = new List<ViewSchema>();
        foreach ((ViewSchema view, CreateViewStatement statement) in viewStatements)
        {
            var edit = new StoredSqlEdit(view.Sql);
            AddUses(statement.Query, edit);
            if (!edit.IsEmpty)
            {
                ViewSchema rewritten = CatalogStore.ViewBuilder((CreateViewStatement)SqlParser.ParseStatement(edit.Apply(replacement)));
                views.Add(rewritten);
                after = after.WithView(rewritten);
            }
        }

        foreach (TriggerSchema trigger in triggerTexts.Values)
        {
            CreateTriggerStatement statement = trigger.Statement;
            var edit = new StoredSqlEdit(trigger.Sql);
            AddUses(statement.When, edit);
            foreach (Statement step in statement.Body)
            {
                AddUses(step, edit);
                edit.AddWrittenColumns(step, table.Name, column);
            }

            if (!edit.IsEmpty)
            {
                TriggerSchema rewritten = Moved(trigger, trigger.TableName, edit.Apply(replacement));
                triggers.RemoveAll(t => Same(t.Name, trigger.Name));
                triggers.Add(rewritten);
                after = after.WithTrigger(rewritten);
            }
        }

        return views;

        void AddUses(SyntaxNode? node, StoredSqlEdit edit) =>
            SyntaxWalker.Walk(node, n =>
            {
                if (n is ColumnReference reference && uses.Contains(reference))
                {
                    edit.AddName(reference.Position.Offset);
                }

                return true;
            });
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
            var edit = new StoredSqlEdit(other.Sql);
            edit.AddForeignKeyReferences(create, tableName, column);
            if (edit.IsEmpty)
            {
                continue;
            }

            var rewritten = (CreateTableStatement)SqlParser.ParseStatement(edit.Apply(replacement));
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

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
}
