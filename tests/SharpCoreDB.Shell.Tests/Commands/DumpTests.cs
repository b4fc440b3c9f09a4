using System.Globalization;
using System.Text;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Commands;

public sealed class DumpTests
{
    private const int Seed = 2023;
    private const int RowCount = 200;

    private static readonly string[] s_queries =
    [
        "SELECT id, name, price, data, note FROM items ORDER BY id",
        "SELECT \"a b\", c FROM \"odd \"\"name\"\"\" ORDER BY \"a b\"",
        "SELECT item FROM log ORDER BY item",
        "SELECT name FROM cheap ORDER BY name",
    ];

    // A database with the awkward values a dump must carry: quotes, line breaks, NULs' neighbours, unicode, blobs,
    // reals that need all 17 digits, extreme integers, a quoted table name, an index, a view and a trigger.
    private static string CreateSource(TempDirectory temp)
    {
        string path = temp.File("source.scdb");
        var random = new Random(Seed);
        var sql = new List<string>
        {
            "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, data BLOB, note TEXT)",
            "CREATE TABLE \"odd \"\"name\"\"\"(\"a b\" INTEGER, c TEXT)",
            "CREATE TABLE log(item INTEGER)",
            "CREATE INDEX items_name ON items(name)",
            "CREATE VIEW cheap AS SELECT name FROM items WHERE price < 10",
            "CREATE TRIGGER items_log AFTER INSERT ON items BEGIN INSERT INTO log VALUES (new.id); END",
            "INSERT INTO \"odd \"\"name\"\"\" VALUES (9223372036854775807, 'max'), (-9223372036854775808, 'min'), (0, NULL)",
        };
        for (int i = 1; i <= RowCount; i++)
        {
            double price = random.NextDouble() * Math.Pow(10, random.Next(-5, 6));
            string name = (i % 4) switch
            {
                0 => $"it's #{i}",
                1 => $"line\nbreak {i}",
                2 => $"ünïcødé ✓ {i}",
                _ => $"plain {i}",
            };
            byte[] blob = new byte[random.Next(0, 12)];
            random.NextBytes(blob);
            string priceText = i % 10 == 0 ? "NULL" : price.ToString("R", CultureInfo.InvariantCulture);
            string note = i % 3 == 0 ? "NULL" : "'" + i.ToString(CultureInfo.InvariantCulture) + "'";
            sql.Add($"INSERT INTO items VALUES ({i}, '{name.Replace("'", "''", StringComparison.Ordinal)}', {priceText}, X'{Convert.ToHexString(blob)}', {note})");
        }

        Database.Execute($"Data Source={path}", [.. sql]);
        return path;
    }

    private static string Dump(string path, string command = ".dump")
    {
        ShellResult result = InProcessShell.RunOn(path, command + "\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.Out;
    }

    [Fact]
    public void Dump_loads_into_sqlite_and_holds_the_same_rows()
    {
        using var temp = new TempDirectory();
        string path = CreateSource(temp);
        string dump = Dump(path);

        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using (SqliteCommand load = sqlite.CreateCommand())
        {
            load.CommandText = dump;
            load.ExecuteNonQuery();
        }

        foreach (string query in s_queries)
        {
            List<string> expected = Database.Rows($"Data Source={path}", query);
            Assert.True(expected.Count > 0, $"seed {Seed}: no rows for {query}");
            Assert.Equal(expected, Database.Rows(sqlite, query));
        }

        // The trigger came after the rows: loading did not fire it again, so log has each item once.
        Assert.Equal([$"integer:{RowCount}"], Database.Rows(sqlite, "SELECT count(*) FROM log"));
        Assert.Equal(
            ["index:items_name", "table:items", "table:log", "table:odd \"name\"", "trigger:items_log", "view:cheap"],
            Database.Rows(sqlite, "SELECT type || ':' || name FROM sqlite_master ORDER BY 1").Select(r => r["text:".Length..]));
    }

    [Fact]
    public void Dump_read_back_by_the_shell_recreates_the_database()
    {
        using var temp = new TempDirectory();
        string path = CreateSource(temp);
        string dumpFile = temp.File("dump.sql");
        File.WriteAllText(dumpFile, Dump(path), Encoding.UTF8);

        string copy = temp.File("copy.scdb");
        ShellResult load = InProcessShell.RunOn(copy, $".read {dumpFile}\n");
        Assert.True(load.ExitCode == 0, load.ToString());
        foreach (string query in s_queries)
        {
            Assert.Equal(Database.Rows($"Data Source={path}", query), Database.Rows($"Data Source={copy}", query));
        }

        Assert.Equal(Dump(path), Dump(copy));
    }

    [Fact]
    public void Dump_of_one_table_holds_only_that_table_and_its_index_and_trigger()
    {
        using var temp = new TempDirectory();
        string path = CreateSource(temp);
        string dump = Dump(path, ".dump items");
        Assert.Contains("CREATE TABLE items", dump, StringComparison.Ordinal);
        Assert.Contains("CREATE INDEX items_name", dump, StringComparison.Ordinal);
        Assert.Contains("CREATE TRIGGER items_log", dump, StringComparison.Ordinal);
        Assert.DoesNotContain("CREATE TABLE log", dump, StringComparison.Ordinal);
        Assert.DoesNotContain("odd", dump, StringComparison.Ordinal);
        Assert.StartsWith("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n", dump.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        Assert.EndsWith("COMMIT;\n", dump.ReplaceLineEndings("\n"), StringComparison.Ordinal);
    }
}
