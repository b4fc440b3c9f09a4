using System.Data;
using System.Globalization;
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Metadata;

/// <content>
/// ForeignKeys: the catalog's foreign keys of each table, numbered as <c>PRAGMA foreign_key_list</c> numbers them
/// (the last declared constraint is id 0).
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

            // The catalog keeps them newest first (id 0 is the last declared): list them in declaration order.
            for (int k = source.ForeignKeys.Length - 1; k >= 0; k--)
            {
                ForeignKeySchema key = source.ForeignKeys[k];
                string name = key.Name ?? string.Create(CultureInfo.InvariantCulture, $"FK_{source.Name}_{key.Id}");
                if (!filter.Match(3, name))
                {
                    continue;
                }

                string?[] to = Referenced(key, schema);
                for (int i = 0; i < key.ChildColumns.Length; i++)
                {
                    table.Rows.Add(
                        MainCatalog, DBNull.Value, name, MainCatalog, DBNull.Value, source.Name, "FOREIGN KEY",
                        key.Deferred, key.Id, source.Columns[key.ChildColumns[i]].Name, i + 1,
                        MainCatalog, DBNull.Value, key.ParentTable, OrNull(i < to.Length ? to[i] : null),
                        ActionText(key.OnUpdate), ActionText(key.OnDelete), key.Match);
                }
            }
        }

        return table;
    }

    // The parent columns: as written, or the parent's primary key when the clause names none (null when the parent
    // does not exist yet, as PRAGMA foreign_key_list says NULL).
    private static string?[] Referenced(ForeignKeySchema key, Schema schema)
    {
        if (key.ParentColumns.Length > 0)
        {
            return [.. key.ParentColumns];
        }

        int count = key.ChildColumns.Length;
        if (schema.FindTable(key.ParentTable) is not { } parent)
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
                var primaryKey = new string?[index.Columns.Length];
                for (int i = 0; i < primaryKey.Length; i++)
                {
                    primaryKey[i] = parent.Columns[index.Columns[i].Ordinal].Name;
                }

                return primaryKey;
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
