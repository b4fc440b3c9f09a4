using System.Data.Common;
using System.Text;

namespace SharpCoreDB.Shell.Commands;

/// <summary>
/// Writes SQL text that recreates the database, in the layout of SQLite's <c>.dump</c> so SQLite's own shell loads it:
/// one transaction; each table's CREATE TABLE followed by its rows as INSERTs; then the indexes, views and triggers in
/// catalog (creation) order, after the rows so triggers do not fire while the rows load and indexes are built once.
/// Values are written by the engine's <c>quote()</c>, which writes them as SQLite's does (reals that read back exactly,
/// blobs as X'…').
/// </summary>
/// <param name="connection">The open database.</param>
/// <param name="output">Where the SQL goes.</param>
internal sealed class DumpWriter(SharpCoreDBConnection connection, TextWriter output)
{
    /// <summary>Writes the dump.</summary>
    /// <param name="pattern">Only the tables (and their indexes and triggers) whose name is LIKE this, or null for all.</param>
    public void Write(string? pattern)
    {
        output.WriteLine("PRAGMA foreign_keys=OFF;");
        output.WriteLine("BEGIN TRANSACTION;");
        var tables = new List<(string Name, string Sql)>();
        var others = new List<string>();
        using (DbCommand command = connection.CreateCommand())
        {
            command.CommandText = "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite~_%' ESCAPE '~'"
                + (pattern is null ? string.Empty : " AND tbl_name LIKE @pattern");
            if (pattern is not null)
            {
                DbParameter parameter = command.CreateParameter();
                parameter.ParameterName = "@pattern";
                parameter.Value = pattern;
                command.Parameters.Add(parameter);
            }

            using DbDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                if (string.Equals(reader.GetString(0), "table", StringComparison.OrdinalIgnoreCase))
                {
                    tables.Add((reader.GetString(1), reader.GetString(2)));
                }
                else
                {
                    others.Add(reader.GetString(2));
                }
            }
        }

        foreach ((string name, string sql) in tables)
        {
            output.WriteLine(sql + ";");
            WriteRows(name);
        }

        foreach (string sql in others)
        {
            output.WriteLine(sql + ";");
        }

        output.WriteLine("COMMIT;");
    }

    private void WriteRows(string table)
    {
        List<string> columns = ColumnNames(connection, table);
        if (columns.Count == 0)
        {
            return;
        }

        var select = new StringBuilder("SELECT ");
        for (int i = 0; i < columns.Count; i++)
        {
            select.Append(i == 0 ? "quote(" : ", quote(").Append(SqlText.Identifier(columns[i])).Append(')');
        }

        select.Append(" FROM ").Append(SqlText.Identifier(table));
        string prefix = "INSERT INTO " + SqlText.Identifier(table) + " VALUES(";
        var line = new StringBuilder();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = select.ToString();
        using DbDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            line.Clear().Append(prefix);
            for (int i = 0; i < columns.Count; i++)
            {
                if (i > 0)
                {
                    line.Append(',');
                }

                line.Append(reader.GetString(i));
            }

            output.WriteLine(line.Append(");"));
        }
    }

    /// <summary>The table's column names in order (empty when there is no such table).</summary>
    /// <param name="connection">The open database.</param>
    /// <param name="table">The table.</param>
    /// <returns>The names.</returns>
    public static List<string> ColumnNames(SharpCoreDBConnection connection, string table)
    {
        var names = new List<string>();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = "PRAGMA table_info(" + SqlText.Identifier(table) + ")";
        using DbDataReader reader = command.ExecuteReader();
        int nameColumn = reader.GetOrdinal("name");
        while (reader.Read())
        {
            names.Add(reader.GetString(nameColumn));
        }

        return names;
    }
}
