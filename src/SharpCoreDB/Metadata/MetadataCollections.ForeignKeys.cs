using System.Data;
using System.Globalization;
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Metadata;

/// <content>
/// ForeignKeys: read from the REFERENCES and FOREIGN KEY clauses of each table's CREATE TABLE text, numbered as
/// <c>PRAGMA foreign_key_list</c> numbers them (the last declared constraint is id 0).
/// </content>
internal static partial class MetadataCollections
{
    private static DataTable ForeignKeys(Schema schema, Restrictions filter)
    {
        DataTable table = NewTable(
            ("CONSTRAINT_CATALOG", typeof(string)), ("CONSTRAINT_SCHEMA", typeof(string)), ("CONSTRAINT_NAME", typeof(string)),
            ("TABLE_CATALOG", typeof(string)), ("TABLE_SCHEMA", typeof(string)), ("TABLE_NAME", typeof(string)),
            ("CONSTRAINT_TYPE", typeof(string)), ("INITIALLY_DEFERRED", typeof(bool)),
            ("FKEY_ID", typeof(int)), ("FKEY_FROM_COLUMN", typeof(string)), ("FKEY_FROM_ORDINAL_POSITION", typeof(int)),
            ("FKEY_TO_CATALOG", typeof(string)), ("FKEY_TO_SCHEMA", typeof(string)), ("FKEY_TO_TABLE", typeof(string)),
            ("FKEY_TO_COLUMN", typeof(string)), ("FKEY_ON_UPDATE", typeof(string)), ("FKEY_ON_DELETE", typeof(string)),
            ("FKEY_MATCH", typeof(string)));
        if (!filter.MatchCatalog(MainCatalog))
        {
            return table;
        }

        foreach (TableSchema source in Sorted(schema.Tables.Values, t => t.Name))
        {
            if (!filter.Match(2, source.Name))
            {
                continue;
            }

            List<(string? Name, IReadOnlyList<string> From, ForeignKeyClause Clause)> keys = Declared((CreateTableStatement)SqlParser.ParseStatement(source.Sql));
            for (int k = 0; k < keys.Count; k++)
            {
                (string? constraintName, IReadOnlyList<string> from, ForeignKeyClause clause) = keys[k];
                int id = keys.Count - 1 - k;
                string name = constraintName ?? string.Create(CultureInfo.InvariantCulture, $"FK_{source.Name}_{id}");
                if (!filter.Match(3, name))
                {
                    continue;
                }

                string?[] to = Referenced(clause, schema, from.Count);
                for (int i = 0; i < from.Count; i++)
                {
                    table.Rows.Add(
                        MainCatalog, DBNull.Value, name, MainCatalog, DBNull.Value, source.Name, "FOREIGN KEY",
                        clause.InitiallyDeferred, id, from[i], i + 1,
                        MainCatalog, DBNull.Value, clause.Table, OrNull(i < to.Length ? to[i] : null),
                        ActionText(clause.OnUpdate), ActionText(clause.OnDelete), clause.Match ?? "NONE");
                }
            }
        }

        return table;
    }

    // The foreign keys in declaration order: column REFERENCES first by column, then table FOREIGN KEYs, as SQLite
    // collects them while parsing the CREATE TABLE from left to right.
    private static List<(string? Name, IReadOnlyList<string> From, ForeignKeyClause Clause)> Declared(CreateTableStatement create)
    {
        var keys = new List<(string?, IReadOnlyList<string>, ForeignKeyClause)>();
        foreach (ColumnDefinition column in create.Columns)
        {
            foreach (ColumnConstraint constraint in column.Constraints)
            {
                if (constraint is ReferencesColumnConstraint references)
                {
                    keys.Add((references.ConstraintName, [column.Name], references.ForeignKey));
                }
            }
        }

        foreach (TableConstraint constraint in create.Constraints)
        {
            if (constraint is ForeignKeyTableConstraint foreignKey)
            {
                var from = new string[foreignKey.Columns.Length];
                for (int i = 0; i < from.Length; i++)
                {
                    from[i] = foreignKey.Columns[i].Name;
                }

                keys.Add((foreignKey.ConstraintName, from, foreignKey.ForeignKey));
            }
        }

        return keys;
    }

    // The parent columns: as written, or the parent's primary key when the clause names none (null when the parent
    // does not exist yet, as PRAGMA foreign_key_list says NULL).
    private static string?[] Referenced(ForeignKeyClause clause, Schema schema, int count)
    {
        if (clause.Columns.Length > 0)
        {
            var named = new string?[clause.Columns.Length];
            for (int i = 0; i < named.Length; i++)
            {
                named[i] = clause.Columns[i].Name;
            }

            return named;
        }

        if (schema.FindTable(clause.Table) is not { } parent)
        {
            return new string?[count];
        }

        if (parent.RowIdAlias >= 0)
        {
            return [parent.Columns[parent.RowIdAlias].Name];
        }

        foreach (IndexSchema index in parent.Indexes)
        {
            if (index.Origin == IndexOrigin.PrimaryKey)
            {
                var key = new string?[index.Columns.Length];
                for (int i = 0; i < key.Length; i++)
                {
                    key[i] = parent.Columns[index.Columns[i].Ordinal].Name;
                }

                return key;
            }
        }

        return new string?[count];
    }

    private static string ActionText(ForeignKeyAction action) => action switch
    {
        ForeignKeyAction.Restrict => "RESTRICT",
        ForeignKeyAction.SetNull => "SET NULL",
        ForeignKeyAction.SetDefault => "SET DEFAULT",
        ForeignKeyAction.Cascade => "CASCADE",
        _ => "NO ACTION",
    };
}
