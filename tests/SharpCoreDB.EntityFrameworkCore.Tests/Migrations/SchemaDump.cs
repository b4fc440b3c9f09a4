using System.Data.Common;
using System.Globalization;
using System.Text;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations;

/// <summary>
/// A database's schema and data as text, read through plain ADO.NET so the same code reads SQLite and SharpCoreDB:
/// every table's <c>PRAGMA table_info</c>, indexes (<c>index_list</c>, <c>index_info</c>), foreign keys
/// (<c>foreign_key_list</c>) and rows.
/// </summary>
internal static class SchemaDump
{
    public static string Of(DbConnection connection)
    {
        var text = new StringBuilder();
        foreach (var table in Rows(connection,
            "SELECT \"name\" FROM \"sqlite_master\" WHERE \"type\" = 'table' AND \"name\" NOT LIKE 'sqlite%' ORDER BY \"name\""))
        {
            string name = table[0];
            text.Append("table ").AppendLine(name);
            Append(text, "  column ", Rows(connection, $"PRAGMA table_info(\"{name}\")"));
            // Index and foreign key ids are internal numbering: compare the indexes and constraints, not their order.
            var indexes = Rows(connection, $"PRAGMA index_list(\"{name}\")").Select(r => r[1..]).OrderBy(r => r[0], StringComparer.Ordinal).ToList();
            foreach (var index in indexes)
            {
                // Both name the indexes behind UNIQUE and PRIMARY KEY constraints sqlite_autoindex_<table>_<n>.
                text.Append("  index ").Append(index[0])
                    .Append(" | ").AppendJoin(" | ", index[1..]).Append(" on ")
                    .AppendJoin(", ", Rows(connection, $"PRAGMA index_info(\"{index[0]}\")").Select(r => r[2])).AppendLine();
            }

            Append(text, "  foreign key ", Rows(connection, $"PRAGMA foreign_key_list(\"{name}\")")
                .Select(r => r[1..]).OrderBy(r => string.Join("|", r), StringComparer.Ordinal).ToList());
            Append(text, "  row ", Rows(connection, $"SELECT * FROM \"{name}\" ORDER BY 1"));
        }

        return text.ToString();
    }

    private static void Append(StringBuilder text, string prefix, List<string[]> rows)
    {
        foreach (var row in rows)
        {
            text.Append(prefix).AppendJoin(" | ", row).AppendLine();
        }
    }

    private static List<string[]> Rows(DbConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        var rows = new List<string[]>();
        while (reader.Read())
        {
            var row = new string[reader.FieldCount];
            for (int i = 0; i < row.Length; i++)
            {
                row[i] = reader.IsDBNull(i) ? "NULL" : Convert.ToString(reader.GetValue(i), CultureInfo.InvariantCulture)!;
            }

            rows.Add(row);
        }

        return rows;
    }
}
