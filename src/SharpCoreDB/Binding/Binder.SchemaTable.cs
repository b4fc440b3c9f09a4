using System.Globalization;
using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Binding;

/// <content>sqlite_schema (sqlite_master) and sqlite_temp_schema: the schema as a read-only table.</content>
internal sealed partial class Binder
{
    private static readonly string[] SchemaTableColumns = ["type", "name", "tbl_name", "rootpage", "sql"];

    // SQLite's schema table for `name`, as the rows it holds now (the plan is bound per schema version, so they stay
    // current), or null when `name` is not one of its names. Each table comes with its indexes (constraint indexes
    // have no SQL), then views, then triggers in creation order.
    private SelectStatement? SchemaTableQuery(string name)
    {
        bool main = name.Equals("sqlite_schema", StringComparison.OrdinalIgnoreCase) || name.Equals("sqlite_master", StringComparison.OrdinalIgnoreCase);
        bool temp = name.Equals("sqlite_temp_schema", StringComparison.OrdinalIgnoreCase) || name.Equals("sqlite_temp_master", StringComparison.OrdinalIgnoreCase);
        if (!main && !temp)
        {
            return null;
        }

        var rows = new List<(string Type, string Name, string Table, long Root, string? Sql)>();
        if (main)
        {
            foreach (TableSchema table in _schema.Tables.Values.OrderBy(t => t.RootPage))
            {
                rows.Add(("table", table.Name, table.Name, table.RootPage, table.Sql));
                foreach (IndexSchema index in table.Indexes.OrderBy(i => i.RootPage))
                {
                    rows.Add(("index", index.Name, table.Name, index.RootPage, index.Sql));
                }
            }

            foreach (ViewSchema view in _schema.Views.Values.OrderBy(v => v.Name, StringComparer.OrdinalIgnoreCase))
            {
                rows.Add(("view", view.Name, view.Name, 0, view.Sql));
            }

            foreach (TriggerSchema trigger in _schema.Triggers.Values.OrderBy(t => t.Order))
            {
                rows.Add(("trigger", trigger.Name, trigger.TableName, 0, trigger.Sql));
            }
        }
        else
        {
            foreach (ViewSchema view in _schema.TemporaryViews.Values.OrderBy(v => v.Name, StringComparer.OrdinalIgnoreCase))
            {
                rows.Add(("view", view.Name, view.Name, 0, WithoutTemp(view.Sql)));
            }
        }

        var sql = new StringBuilder();
        if (rows.Count == 0)
        {
            sql.Append("SELECT NULL, NULL, NULL, NULL, NULL WHERE 0");
        }
        else
        {
            sql.Append("VALUES ");
            for (int i = 0; i < rows.Count; i++)
            {
                (string type, string objectName, string table, long root, string? text) = rows[i];
                sql.Append(i == 0 ? "(" : ", (")
                    .Append(Text(type)).Append(", ").Append(Text(objectName)).Append(", ").Append(Text(table)).Append(", ")
                    .Append(root.ToString(CultureInfo.InvariantCulture)).Append(", ").Append(text is null ? "NULL" : Text(text)).Append(')');
            }
        }

        return (SelectStatement)SqlParser.ParseStatement(sql.ToString());

        static string Text(string value) => "'" + value.Replace("'", "''", StringComparison.Ordinal) + "'";
    }

    // SQLite stores a temporary object's CREATE without its TEMP (or TEMPORARY) word.
    private static string WithoutTemp(string sql)
    {
        var lexer = new Sql.Lexing.Lexer(sql);
        lexer.Next();
        Sql.Lexing.Token temp = lexer.Next();
        if (!temp.Is(Sql.Lexing.Keyword.Temp) && !temp.Is(Sql.Lexing.Keyword.Temporary))
        {
            return sql;
        }

        Sql.Lexing.Token next = lexer.Next();
        return string.Concat(sql.AsSpan(0, temp.Start), sql.AsSpan(next.Start));
    }
}
