using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Binding;

/// <content>ALTER TABLE … RENAME TO.</content>
internal sealed partial class Binder
{
    // ALTER TABLE … RENAME TO, as SQLite does it: the table keeps its rows and root page; its stored CREATE TABLE, its
    // indexes (constraint indexes are renamed with it), its triggers' ON clause, its AUTOINCREMENT sequence and every
    // foreign key that references it (its own included) take the new name, each in the text as written. Views and
    // trigger bodies are not rewritten: one that names the table is reported and nothing changes.
    private RenameTablePlan BindRenameTable(RenameTableStatement rename)
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
        var definition = (CreateTableStatement)SqlParser.ParseStatement(table.Sql);
        string sql = RenameReferences(SpliceName(table.Sql, definition.Name.Position.Offset, newName), oldName, newName);
        var create = (CreateTableStatement)SqlParser.ParseStatement(sql);
        TableSchema built = TableSchemaBuilder.Build(create, table.RootPage, name => RenamedIndexRoot(table, newName, name));
        var indexes = ImmutableArray.CreateBuilder<IndexSchema>(table.Indexes.Length);
        foreach (IndexSchema index in table.Indexes)
        {
            if (index.Sql is null)
            {
                indexes.Add(built.Indexes.First(i => i.RootPage == index.RootPage));
                continue;
            }

            var createIndex = (CreateIndexStatement)SqlParser.ParseStatement(index.Sql);
            string indexSql = SpliceName(index.Sql, createIndex.Table.Position.Offset, newName);
            indexes.Add(IndexSchemaBuilder.Build((CreateIndexStatement)SqlParser.ParseStatement(indexSql), built, index.RootPage));
        }

        TableSchema renamed = built.WithIndexes(indexes.MoveToImmutable());
        Schema after = _schema.WithoutTable(table).WithTable(renamed);
        var triggers = new List<TriggerSchema>();
        foreach (TriggerSchema trigger in _schema.TriggersOf(oldName))
        {
            var stored = (CreateTriggerStatement)SqlParser.ParseStatement(trigger.Sql);
            string triggerSql = SpliceName(trigger.Sql, stored.Table.Position.Offset, newName);
            var statement = (CreateTriggerStatement)SqlParser.ParseStatement(triggerSql);
            TriggerSchema moved = new() { Name = trigger.Name, TableName = renamed.Name, Statement = statement, Order = trigger.Order };
            triggers.Add(moved);
            after = after.WithTrigger(moved);
        }

        var referencing = new List<TableSchema>();
        foreach (TableSchema other in _schema.Tables.Values)
        {
            if (ReferenceEquals(other, table))
            {
                continue;
            }

            string otherSql = RenameReferences(other.Sql, oldName, newName);
            if (!ReferenceEquals(otherSql, other.Sql))
            {
                var otherCreate = (CreateTableStatement)SqlParser.ParseStatement(otherSql);
                TableSchema updated = TableSchemaBuilder.Build(otherCreate, other.RootPage, name => ExistingIndexRoot(other, name))
                    .WithIndexes(other.Indexes);
                referencing.Add(updated);
                after = after.WithTable(updated);
            }
        }

        ValidateDependents(after, $"rename of {oldName} to {newName}");
        return new RenameTablePlan(_schema, SlotWidths, table, renamed, triggers, referencing, after);
    }

    // The root of the old table's index that a constraint index of the renamed table stands for: the same number.
    private static uint RenamedIndexRoot(TableSchema table, string newName, string name)
    {
        for (int number = 1; number <= table.Indexes.Length; number++)
        {
            if (string.Equals(name, TableSchemaBuilder.AutoIndexName(newName, number), StringComparison.OrdinalIgnoreCase))
            {
                return ExistingIndexRoot(table, TableSchemaBuilder.AutoIndexName(table.Name, number));
            }
        }

        return ExistingIndexRoot(table, name);
    }

    // Every REFERENCES clause of a CREATE TABLE that names the old table, pointed at the new one; the same string
    // instance when there is none.
    private static string RenameReferences(string sql, string oldName, string newName)
    {
        var create = (CreateTableStatement)SqlParser.ParseStatement(sql);
        var offsets = new List<int>();
        foreach (ColumnDefinition column in create.Columns)
        {
            foreach (ColumnConstraint constraint in column.Constraints)
            {
                if (constraint is ReferencesColumnConstraint references && Names(references.ForeignKey.Table, oldName))
                {
                    offsets.Add(references.ForeignKey.Position.Offset);
                }
            }
        }

        foreach (TableConstraint constraint in create.Constraints)
        {
            if (constraint is ForeignKeyTableConstraint foreignKey && Names(foreignKey.ForeignKey.Table, oldName))
            {
                offsets.Add(foreignKey.ForeignKey.Position.Offset);
            }
        }

        // Last first, so the earlier offsets stay valid.
        offsets.Sort();
        for (int i = offsets.Count - 1; i >= 0; i--)
        {
            sql = SpliceName(sql, offsets[i], newName, afterReferences: true);
        }

        return sql;

        static bool Names(string table, string name) => string.Equals(table, name, StringComparison.OrdinalIgnoreCase);
    }

    // Replaces the object name that starts at `offset` (after a REFERENCES keyword when asked; past a schema prefix)
    // with the quoted new name, leaving the rest of the text as written.
    private static string SpliceName(string sql, int offset, string newName, bool afterReferences = false)
    {
        var lexer = new Lexer(sql.AsSpan(offset));
        Token token = lexer.Next();
        if (afterReferences)
        {
            token = lexer.Next();
        }

        Token next = lexer.Next();
        if (next.Kind == TokenKind.Dot)
        {
            token = lexer.Next();
        }

        return string.Concat(sql.AsSpan(0, offset + token.Start), Quote(newName), sql.AsSpan(offset + token.End));
    }
}
