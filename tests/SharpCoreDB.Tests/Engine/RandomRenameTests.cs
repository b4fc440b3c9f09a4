using Microsoft.Data.Sqlite;
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Seeded random schema evolution against SQLite: tables, indexes, views and triggers are created, filled, renamed
/// (tables and columns) and extended; after every step both engines agree on success or failure, on every stored
/// definition (the text of each table, index, view and trigger) and on every table's and view's rows.
/// </summary>
public sealed class RandomRenameTests
{
    [Theory]
    [InlineData(31)]
    [InlineData(32)]
    [InlineData(33)]
    public void Random_renames_match_sqlite(int seed)
    {
        using var both = new DualDatabase("CREATE TABLE log(msg)");
        var random = new Random(seed);
        var tables = new List<Table>();
        var views = new List<string>();
        int steps = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? 2_000 : 150;
        int serial = 0;
        for (int step = 0; step < steps; step++)
        {
            string sql = NextStatement(random, tables, views, ref serial);
            bool ok = DifferentialTests.Both(both.Engine, both.Sqlite, sql, seed);
            if (ok)
            {
                Apply(sql, tables, views);
            }

            AssertSameSchemaAndRows(both, tables, views, $"seed {seed}, step {step}: {sql}");
        }
    }

    private static string NextStatement(Random random, List<Table> tables, List<string> views, ref int serial)
    {
        serial++;
        if (tables.Count == 0 || random.Next(12) == 0)
        {
            string name = $"t{serial}";
            return $"CREATE TABLE {name}(id INTEGER PRIMARY KEY, a INT CHECK (a > -1000), \"b b\" TEXT, c INT, UNIQUE (c))";
        }

        Table table = tables[random.Next(tables.Count)];
        string column = table.Columns[random.Next(table.Columns.Count)];
        string quoted = Quote(column);
        switch (random.Next(10))
        {
            case 0:
                return $"ALTER TABLE {Quote(table.Name)} RENAME TO {(random.Next(2) == 0 ? $"r{serial}" : $"\"R {serial}\"")}";
            case 1:
            case 2:
                string renamed = random.Next(4) switch
                {
                    0 => $"\"col {serial}\"",
                    1 => table.Columns[random.Next(table.Columns.Count)],
                    _ => $"k{serial}",
                };
                return $"ALTER TABLE {Quote(table.Name)} RENAME {(random.Next(2) == 0 ? "COLUMN " : string.Empty)}{quoted} TO {renamed}";
            case 3:
                return $"ALTER TABLE {Quote(table.Name)} ADD COLUMN n{serial} INT DEFAULT {random.Next(5)}";
            case 4:
                return $"CREATE INDEX i{serial} ON {Quote(table.Name)}({quoted}{(random.Next(2) == 0 ? " DESC" : string.Empty)})";
            case 5:
                string other = Quote(table.Columns[random.Next(table.Columns.Count)]);
                return random.Next(2) == 0
                    ? $"CREATE VIEW v{serial} AS SELECT {quoted}, {other} FROM {Quote(table.Name)} WHERE {quoted} IS NOT NULL"
                    : $"CREATE VIEW v{serial} AS SELECT x.{quoted}, (SELECT count(*) FROM {Quote(table.Name)} WHERE {Quote(table.Name)}.{other} = x.{other}) AS n FROM {Quote(table.Name)} AS x";
            case 6:
                return $"CREATE TRIGGER g{serial} AFTER UPDATE OF {quoted} ON {Quote(table.Name)} WHEN new.{quoted} IS NOT old.{quoted} " +
                       $"BEGIN INSERT INTO log VALUES ('g{serial} ' || coalesce(new.{quoted}, 'null')); END";
            case 7:
                return $"UPDATE {Quote(table.Name)} SET {quoted} = {(column == "id" ? $"{quoted} + 1000" : $"{random.Next(20)}")} WHERE rowid % 3 = {random.Next(3)}";
            default:
                string values = string.Join(", ", table.Columns.Select(c => c == "id" ? "NULL" : random.Next(5) == 0 ? "NULL" : random.Next(50).ToString(System.Globalization.CultureInfo.InvariantCulture)));
                return $"INSERT OR IGNORE INTO {Quote(table.Name)}({string.Join(", ", table.Columns.Select(Quote))}) VALUES ({values})";
        }
    }

    // Tracks the model of names the generator draws from; the engines themselves are compared, not this.
    private static void Apply(string sql, List<Table> tables, List<string> views)
    {
        if (sql.StartsWith("CREATE VIEW ", StringComparison.Ordinal))
        {
            views.Add(sql.Split(' ')[2]);
            return;
        }

        if (sql.StartsWith("CREATE TABLE ", StringComparison.Ordinal))
        {
            string name = sql["CREATE TABLE ".Length..sql.IndexOf('(', StringComparison.Ordinal)];
            tables.Add(new Table(name, ["id", "a", "b b", "c"]));
            return;
        }

        if (!sql.StartsWith("ALTER TABLE ", StringComparison.Ordinal))
        {
            return;
        }

        Table table = tables.First(t => sql.StartsWith($"ALTER TABLE {Quote(t.Name)} ", StringComparison.Ordinal));
        string rest = sql[$"ALTER TABLE {Quote(table.Name)} ".Length..];
        if (rest.StartsWith("RENAME TO ", StringComparison.Ordinal))
        {
            table.Name = Unquote(rest["RENAME TO ".Length..]);
        }
        else if (rest.StartsWith("ADD COLUMN ", StringComparison.Ordinal))
        {
            table.Columns.Add(rest["ADD COLUMN ".Length..].Split(' ')[0]);
        }
        else if (rest.StartsWith("RENAME ", StringComparison.Ordinal))
        {
            string[] parts = rest["RENAME ".Length..].Replace("COLUMN ", string.Empty, StringComparison.Ordinal).Split(" TO ");
            int at = table.Columns.FindIndex(c => string.Equals(c, Unquote(parts[0]), StringComparison.OrdinalIgnoreCase));
            table.Columns[at] = Unquote(parts[1]);
        }
    }

    private static void AssertSameSchemaAndRows(DualDatabase both, List<Table> tables, List<string> views, string context)
    {
        Schema schema = both.Engine.Database.Schema;
        using (SqliteCommand command = both.Sqlite.CreateCommand())
        {
            command.CommandText = "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY name";
            using SqliteDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                string type = reader.GetString(0);
                string name = reader.GetString(1);
                string? stored = type switch
                {
                    "table" => schema.FindTable(name)?.Sql,
                    "index" => schema.FindIndex(name)?.Sql,
                    "view" => schema.FindView(name)?.Sql,
                    _ => schema.FindTrigger(name)?.Sql,
                };
                Assert.True(reader.GetString(2) == stored, $"{context}\n  {type} {name}: SQLite stores {reader.GetString(2)}\n  this engine stores {stored ?? "nothing"}");
            }
        }

        foreach (string query in tables.Select(t => $"SELECT * FROM {Quote(t.Name)} ORDER BY rowid").Concat(views.Select(v => $"SELECT * FROM {v} ORDER BY 1, 2")).Append("SELECT * FROM log ORDER BY rowid"))
        {
            Assert.True(
                DifferentialTests.SqliteRows(both.Sqlite, query, 0).SequenceEqual(DifferentialTests.EngineRows(both.Engine, query, 0)),
                $"{context}\n  differs on {query}");
        }
    }

    private static string Quote(string name) =>
        name.All(c => char.IsAsciiLetterOrDigit(c) || c == '_') && !char.IsAsciiDigit(name[0]) ? name : "\"" + name + "\"";

    private static string Unquote(string name) => name.Trim('"');

    private sealed class Table(string name, List<string> columns)
    {
        public string Name { get; set; } = name;

        public List<string> Columns { get; } = columns;
    }
}
