using System.Data;
using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Metadata;

/// <content>Tables, Columns, Indexes, IndexColumns, Views and Triggers.</content>
internal static partial class MetadataCollections
{
    private static DataTable Tables(Schema schema, Restrictions filter)
    {
        DataTable table = NewTable(
            ("TABLE_CATALOG", typeof(string)), ("TABLE_SCHEMA", typeof(string)), ("TABLE_NAME", typeof(string)),
            ("TABLE_TYPE", typeof(string)), ("TABLE_ROOTPAGE", typeof(long)), ("TABLE_DEFINITION", typeof(string)));
        if (!filter.MatchCatalog(MainCatalog))
        {
            return table;
        }

        // sqlite_schema is readable as a table, as in SQLite, so tools list it as a system table.
        if (filter.Match(2, "sqlite_schema") && filter.Match(3, "SYSTEM_TABLE"))
        {
            table.Rows.Add(MainCatalog, DBNull.Value, "sqlite_schema", "SYSTEM_TABLE", 1L, DBNull.Value);
        }

        foreach (TableSchema source in Sorted(schema.Tables.Values, t => t.Name))
        {
            if (filter.Match(2, source.Name) && filter.Match(3, "table"))
            {
                table.Rows.Add(MainCatalog, DBNull.Value, source.Name, "table", (long)source.RootPage, source.Sql);
            }
        }

        return table;
    }

    private static DataTable Columns(Schema schema, Restrictions filter)
    {
        DataTable table = NewTable(
            ("TABLE_CATALOG", typeof(string)), ("TABLE_SCHEMA", typeof(string)), ("TABLE_NAME", typeof(string)),
            ("COLUMN_NAME", typeof(string)), ("ORDINAL_POSITION", typeof(int)), ("COLUMN_HASDEFAULT", typeof(bool)),
            ("COLUMN_DEFAULT", typeof(string)), ("IS_NULLABLE", typeof(bool)), ("DATA_TYPE", typeof(string)),
            ("NUMERIC_PRECISION", typeof(int)), ("NUMERIC_SCALE", typeof(int)), ("PRIMARY_KEY", typeof(bool)),
            ("AUTOINCREMENT", typeof(bool)), ("UNIQUE", typeof(bool)));
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

            var definition = (CreateTableStatement)SqlParser.ParseStatement(source.Sql);
            foreach (ColumnSchema column in source.Columns)
            {
                if (!filter.Match(3, column.Name))
                {
                    continue;
                }

                string? defaultText = Binder.DefaultText(source.Sql, definition.Columns[column.Ordinal]);
                (short Precision, short Scale)? numeric = DeclaredPrecision.Of(column.DeclaredTypeName);
                table.Rows.Add(
                    MainCatalog, DBNull.Value, source.Name, column.Name, column.Ordinal + 1, defaultText is not null, OrNull(defaultText),
                    !column.NotNull, column.DeclaredTypeName,
                    numeric is { } p ? (int)p.Precision : DBNull.Value, numeric is { } s ? (int)s.Scale : DBNull.Value,
                    IsPrimaryKey(source, column.Ordinal), source.AutoIncrement && column.IsRowIdAlias, IsUniqueAlone(source, column));
            }
        }

        return table;
    }

    private static DataTable Indexes(Schema schema, Restrictions filter)
    {
        DataTable table = NewTable(
            ("TABLE_CATALOG", typeof(string)), ("TABLE_SCHEMA", typeof(string)), ("TABLE_NAME", typeof(string)),
            ("INDEX_CATALOG", typeof(string)), ("INDEX_SCHEMA", typeof(string)), ("INDEX_NAME", typeof(string)),
            ("PRIMARY_KEY", typeof(bool)), ("UNIQUE", typeof(bool)), ("ORIGIN", typeof(string)),
            ("INDEX_ROOTPAGE", typeof(long)), ("INDEX_DEFINITION", typeof(string)));
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

            foreach (IndexSchema index in Sorted(source.Indexes, i => i.Name))
            {
                if (filter.Match(3, index.Name))
                {
                    table.Rows.Add(
                        MainCatalog, DBNull.Value, source.Name, MainCatalog, DBNull.Value, index.Name,
                        index.Origin == IndexOrigin.PrimaryKey, index.IsUnique, Origin(index.Origin), (long)index.RootPage, OrNull(index.Sql));
                }
            }
        }

        return table;
    }

    private static DataTable IndexColumns(Schema schema, Restrictions filter)
    {
        DataTable table = NewTable(
            ("CONSTRAINT_CATALOG", typeof(string)), ("CONSTRAINT_SCHEMA", typeof(string)), ("CONSTRAINT_NAME", typeof(string)),
            ("TABLE_CATALOG", typeof(string)), ("TABLE_SCHEMA", typeof(string)), ("TABLE_NAME", typeof(string)),
            ("COLUMN_NAME", typeof(string)), ("ORDINAL_POSITION", typeof(int)), ("INDEX_NAME", typeof(string)),
            ("SORT_MODE", typeof(string)));
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

            foreach (IndexSchema index in Sorted(source.Indexes, i => i.Name))
            {
                if (!filter.Match(3, index.Name))
                {
                    continue;
                }

                for (int i = 0; i < index.Columns.Length; i++)
                {
                    IndexColumn key = index.Columns[i];
                    string? name = key.Ordinal >= 0 && key.Ordinal < source.Columns.Length ? source.Columns[key.Ordinal].Name : null;
                    if (filter.Match(4, name))
                    {
                        table.Rows.Add(
                            MainCatalog, DBNull.Value, index.Name, MainCatalog, DBNull.Value, source.Name, OrNull(name), i + 1, index.Name,
                            key.Descending ? "DESC" : "ASC");
                    }
                }
            }
        }

        return table;
    }

    private static DataTable Views(Schema schema, Restrictions filter)
    {
        DataTable table = NewTable(
            ("TABLE_CATALOG", typeof(string)), ("TABLE_SCHEMA", typeof(string)), ("TABLE_NAME", typeof(string)),
            ("VIEW_DEFINITION", typeof(string)), ("IS_UPDATABLE", typeof(bool)));
        AddViews(table, MainCatalog, schema.Views.Values, filter);
        AddViews(table, TempCatalog, schema.TemporaryViews.Values, filter);
        return table;

        static void AddViews(DataTable table, string catalog, IEnumerable<ViewSchema> views, Restrictions filter)
        {
            if (!filter.MatchCatalog(catalog))
            {
                return;
            }

            foreach (ViewSchema view in Sorted(views, v => v.Name))
            {
                if (filter.Match(2, view.Name))
                {
                    // Writable only through INSTEAD OF triggers, which GetSchema("Triggers") lists.
                    table.Rows.Add(catalog, DBNull.Value, view.Name, view.Sql, false);
                }
            }
        }
    }

    private static DataTable Triggers(Schema schema, Restrictions filter)
    {
        DataTable table = NewTable(
            ("TABLE_CATALOG", typeof(string)), ("TABLE_SCHEMA", typeof(string)), ("TABLE_NAME", typeof(string)),
            ("TRIGGER_NAME", typeof(string)), ("TRIGGER_DEFINITION", typeof(string)));
        if (!filter.MatchCatalog(MainCatalog))
        {
            return table;
        }

        foreach (TriggerSchema trigger in Sorted(schema.Triggers.Values, t => t.Name))
        {
            if (filter.Match(2, trigger.TableName) && filter.Match(3, trigger.Name))
            {
                table.Rows.Add(MainCatalog, DBNull.Value, trigger.TableName, trigger.Name, trigger.Sql);
            }
        }

        return table;
    }

    private static string Origin(IndexOrigin origin) => origin switch
    {
        IndexOrigin.PrimaryKey => "pk",
        IndexOrigin.UniqueConstraint => "u",
        _ => "c",
    };

    private static bool IsPrimaryKey(TableSchema table, int ordinal)
    {
        if (table.RowIdAlias == ordinal)
        {
            return true;
        }

        foreach (IndexSchema index in table.Indexes)
        {
            if (index.Origin == IndexOrigin.PrimaryKey && Contains(index, ordinal))
            {
                return true;
            }
        }

        return false;
    }

    // Unique on its own: the row-id alias, or the only column of a unique index.
    private static bool IsUniqueAlone(TableSchema table, ColumnSchema column)
    {
        if (column.IsRowIdAlias)
        {
            return true;
        }

        foreach (IndexSchema index in table.Indexes)
        {
            if (index.IsUnique && index.Columns.Length == 1 && index.Columns[0].Ordinal == column.Ordinal)
            {
                return true;
            }
        }

        return false;
    }

    private static bool Contains(IndexSchema index, int ordinal)
    {
        foreach (IndexColumn column in index.Columns)
        {
            if (column.Ordinal == ordinal)
            {
                return true;
            }
        }

        return false;
    }

    private static List<T> Sorted<T>(IEnumerable<T> items, Func<T, string> name)
    {
        var list = new List<T>(items);
        list.Sort((a, b) => StringComparer.OrdinalIgnoreCase.Compare(name(a), name(b)));
        return list;
    }
}
