using Microsoft.Data.Sqlite;
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// ALTER TABLE … RENAME COLUMN against SQLite: the stored definitions of the table, its indexes, its triggers' UPDATE OF
/// lists and the foreign keys that reference the column read exactly as SQLite stores them, and rows, constraints and
/// indexes go on working under the new name; SQLite's refusals; transactions and reopening.
/// </summary>
public sealed class RenameColumnTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE p(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, v INT CHECK (v >= 0), w INT, CHECK (p.w > v), UNIQUE (v, w)); " +
        "CREATE INDEX pv ON p(v DESC, w); " +
        "CREATE TABLE c(id INTEGER PRIMARY KEY, pid INT REFERENCES p(id), x INT, y INT, FOREIGN KEY (x, y) REFERENCES \"p\"(v, w)); " +
        "CREATE TABLE l(msg TEXT); CREATE TRIGGER pu AFTER UPDATE OF w, v ON p BEGIN INSERT INTO l VALUES ('upd'); END; " +
        "INSERT INTO p(name, v, w) VALUES ('a', 1, 5), ('b', 2, 6); INSERT INTO c(pid, x, y) VALUES (1, 1, 5)";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("ALTER TABLE p RENAME COLUMN v TO vv", "vv")]
    [InlineData("ALTER TABLE p RENAME v TO \"V v\"", "\"V v\"")]
    [InlineData("ALTER TABLE p RENAME COLUMN V TO v2", "v2")]
    [InlineData("ALTER TABLE p RENAME COLUMN v TO V", "V")]
    public void Definitions_and_rows_follow_the_new_column_name(string sql, string newColumn)
    {
        _both.Execute(sql);
        foreach ((string type, string name) in (ReadOnlySpan<(string, string)>)[("table", "p"), ("index", "pv"), ("table", "c"), ("trigger", "pu")])
        {
            string? stored = type switch
            {
                "table" => _both.Engine.Database.Schema.FindTable(name)!.Sql,
                "index" => _both.Engine.Database.Schema.FindIndex(name)!.Sql,
                _ => _both.Engine.Database.Schema.FindTrigger(name)!.Sql,
            };
            Assert.Equal(_both.SqliteDefinition(type, name), stored);
        }

        _both.Execute($"INSERT INTO p(name, {newColumn}, w) VALUES ('c', 3, 9); UPDATE p SET {newColumn} = {newColumn} + 10, w = w + 20 WHERE name = 'b'");
        foreach (string query in (string[])["SELECT * FROM p ORDER BY id", $"SELECT name FROM p WHERE {newColumn} = 12 ORDER BY name", "SELECT * FROM l", "SELECT * FROM c"])
        {
            _both.AssertSame(query);
        }

        // The CHECKs and the composite UNIQUE hold under the new name.
        foreach (string bad in (string[])[$"INSERT INTO p(name, {newColumn}, w) VALUES ('d', -1, 9)", $"INSERT INTO p(name, {newColumn}, w) VALUES ('d', 3, 2)", $"INSERT INTO p(name, {newColumn}, w) VALUES ('d', 3, 9)"])
        {
            Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(bad));
            Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(bad));
        }

        _both.AssertSame("SELECT count(*) FROM p");
    }

    [Fact]
    public void Renaming_the_row_id_alias_renames_the_references_to_it()
    {
        _both.Execute("ALTER TABLE p RENAME COLUMN id TO pk");
        Assert.Equal(_both.SqliteDefinition("table", "p"), _both.Engine.Database.Schema.FindTable("p")!.Sql);
        Assert.Equal(_both.SqliteDefinition("table", "c"), _both.Engine.Database.Schema.FindTable("c")!.Sql);
        _both.Execute("INSERT INTO p(name, v, w) VALUES ('c', 3, 9)");
        _both.AssertSame("SELECT pk, rowid, name FROM p WHERE pk >= 2 ORDER BY pk");
    }

    [Theory]
    [InlineData("ALTER TABLE p RENAME COLUMN nosuch TO z", "no such column: \"nosuch\"")]
    [InlineData("ALTER TABLE p RENAME COLUMN v TO w", "duplicate column name: w")]
    [InlineData("ALTER TABLE p RENAME COLUMN v TO NAME", "duplicate column name: NAME")]
    [InlineData("ALTER TABLE nosuch RENAME COLUMN v TO z", "no such table: nosuch")]
    public void Refused_renames_change_nothing(string sql, string message)
    {
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
        Assert.Contains(message, Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql)).Message, StringComparison.Ordinal);
        _both.AssertSame("SELECT * FROM p ORDER BY id");
        Assert.Equal(_both.SqliteDefinition("table", "p"), _both.Engine.Database.Schema.FindTable("p")!.Sql);
    }

    [Theory]
    [InlineData("ALTER TABLE p RENAME COLUMN v TO vv")]
    [InlineData("ALTER TABLE p RENAME COLUMN name TO \"Title\"")]
    [InlineData("ALTER TABLE p RENAME COLUMN w TO ww")]
    public void Views_and_trigger_bodies_that_use_the_column_are_rewritten_as_sqlite_rewrites_them(string sql)
    {
        _both.Execute(
            "CREATE VIEW names AS SELECT name, v FROM p WHERE w > 0; " +
            "CREATE VIEW joined AS SELECT c.x, p.name, (SELECT max(v) FROM p AS inner_p WHERE inner_p.id = c.pid) AS mv FROM c JOIN p ON p.id = c.pid; " +
            "CREATE VIEW other AS SELECT x, y FROM c; " +
            "CREATE TRIGGER pw AFTER UPDATE ON p WHEN new.v > old.v BEGIN INSERT INTO l VALUES (new.name || ':' || new.v); END; " +
            "CREATE TABLE src(name TEXT, v INT, w INT); " +
            "CREATE TRIGGER si AFTER INSERT ON src BEGIN INSERT INTO p(name, v, w) VALUES (new.name, new.v, new.w) ON CONFLICT(name) DO UPDATE SET v = excluded.v, w = excluded.w; UPDATE p SET w = w + 100 WHERE name = new.name AND v = new.v; END");
        _both.Execute(sql);
        Schema schema = _both.Engine.Database.Schema;
        foreach (string view in (string[])["names", "joined", "other"])
        {
            Assert.Equal(_both.SqliteDefinition("view", view), schema.FindView(view)!.Sql);
            _both.AssertSame($"SELECT * FROM {view} ORDER BY 1, 2");
        }

        foreach (string trigger in (string[])["pw", "si", "pu"])
        {
            Assert.Equal(_both.SqliteDefinition("trigger", trigger), schema.FindTrigger(trigger)!.Sql);
        }

        // The rewritten programs run: an insert into src inserts or updates p; a raised column fires pw.
        _both.Execute("INSERT INTO src VALUES ('k', 4, 10), ('b', 3, 20)");
        _both.AssertSame("SELECT * FROM p ORDER BY id");
        _both.AssertSame("SELECT * FROM l ORDER BY rowid");
    }

    [Fact]
    public void A_view_that_stops_binding_after_the_rename_makes_it_refused()
    {
        // Rewriting a view over the table renames its output column; a view reading that column by its old name
        // then no longer binds, in SQLite as here.
        _both.Execute("CREATE VIEW v1 AS SELECT v FROM p; CREATE VIEW v2 AS SELECT v FROM v1");
        Assert.Contains("v2", Assert.Throws<SqliteException>(() => _both.ExecuteSqlite("ALTER TABLE p RENAME COLUMN v TO vv")).Message, StringComparison.Ordinal);
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute("ALTER TABLE p RENAME COLUMN v TO vv"));
        Assert.Contains("error in view v2", error.Message, StringComparison.Ordinal);
        _both.AssertSame("SELECT * FROM v2 ORDER BY 1");
    }

    [Fact]
    public void A_column_rename_rolls_back_and_survives_reopening()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute(Setup);
            db.Execute("BEGIN; ALTER TABLE p RENAME COLUMN v TO vv; ROLLBACK");
            Assert.Equal(["1", "2"], db.Query("SELECT v FROM p ORDER BY v"));
            db.Execute("BEGIN; SAVEPOINT s; ALTER TABLE p RENAME COLUMN v TO vv; ROLLBACK TO s; COMMIT");
            Assert.Equal(["1", "2"], db.Query("SELECT v FROM p ORDER BY v"));
            db.Execute("ALTER TABLE p RENAME COLUMN v TO vv");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(["1", "2"], db.Query("SELECT vv FROM p ORDER BY vv"));
            Assert.Equal(["b"], db.Query("SELECT name FROM p WHERE vv = 2"));
            Assert.Equal(SharpCoreDBErrorCode.CheckViolation, Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO p(name, vv, w) VALUES ('x', -1, 1)")).ErrorCode);
            db.Execute("UPDATE p SET vv = 3 WHERE name = 'b'");
            Assert.Equal(["upd"], db.Query("SELECT msg FROM l"));
        }
    }
}
