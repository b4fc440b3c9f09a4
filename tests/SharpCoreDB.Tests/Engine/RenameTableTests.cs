using Microsoft.Data.Sqlite;
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// ALTER TABLE … RENAME TO against SQLite: rows, indexes, constraints, AUTOINCREMENT, triggers and foreign keys follow
/// the table to its new name; SQLite's refusals; transactions, savepoints and reopening.
/// </summary>
public sealed class RenameTableTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE p(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, v INT CHECK (v >= 0)); CREATE INDEX pv ON p(v); " +
        "CREATE TABLE c(id INTEGER PRIMARY KEY, pid INT REFERENCES p(id), note TEXT, FOREIGN KEY (note) REFERENCES \"p\"(name)); " +
        "CREATE TABLE l(msg TEXT); CREATE TRIGGER pi AFTER INSERT ON p BEGIN INSERT INTO l VALUES ('ins ' || new.name); END; " +
        "INSERT INTO p(name, v) VALUES ('a', 1), ('b', 2), ('c', 3); DELETE FROM p WHERE name = 'c'; " +
        "INSERT INTO c(pid, note) VALUES (1, 'a'), (2, 'b')";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("ALTER TABLE p RENAME TO q")]
    [InlineData("ALTER TABLE main.p RENAME TO \"q\"")]
    [InlineData("ALTER TABLE P RENAME TO Q")]
    [InlineData("ALTER TABLE p RENAME TO x; ALTER TABLE x RENAME TO q")]
    [InlineData("ALTER TABLE p RENAME TO q; CREATE TABLE p(z INT); INSERT INTO p VALUES (42)")]
    public void Rows_indexes_constraints_sequence_and_triggers_follow_the_new_name(string sql)
    {
        _both.Execute(sql);

        // The sequence continues past the deleted row (AUTOINCREMENT), the trigger fires, the index answers.
        _both.Execute("INSERT INTO q(name, v) VALUES ('d', 4); UPDATE q SET v = v + 10 WHERE name = 'a'");
        foreach (string query in (string[])["SELECT * FROM q ORDER BY id", "SELECT * FROM l ORDER BY rowid", "SELECT id FROM q WHERE v = 2", "SELECT name FROM q WHERE v > 10", "SELECT * FROM c ORDER BY id"])
        {
            _both.AssertSame(query);
        }

        // Its UNIQUE and CHECK constraints went with it.
        Assert.Throws<SqliteException>(() => _both.ExecuteSqlite("INSERT INTO q(name, v) VALUES ('a', 5)"));
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute("INSERT INTO q(name, v) VALUES ('a', 5)")).ErrorCode);
        Assert.Throws<SqliteException>(() => _both.ExecuteSqlite("INSERT INTO q(name, v) VALUES ('e', -1)"));
        Assert.Equal(SharpCoreDBErrorCode.CheckViolation, Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute("INSERT INTO q(name, v) VALUES ('e', -1)")).ErrorCode);
        _both.AssertSame("SELECT count(*) FROM q");
    }

    [Fact]
    public void The_stored_definitions_read_as_sqlite_stores_them()
    {
        _both.Execute("ALTER TABLE p RENAME TO q");
        var schema = _both.Engine.Database.Schema;
        Assert.Equal(_both.SqliteDefinition("table", "q"), schema.FindTable("q")!.Sql);
        Assert.Equal(_both.SqliteDefinition("table", "c"), schema.FindTable("c")!.Sql);
        Assert.Equal(_both.SqliteDefinition("index", "pv"), schema.FindIndex("pv")!.Sql);
        Assert.Equal(_both.SqliteDefinition("trigger", "pi"), schema.FindTrigger("pi")!.Sql);
        Assert.Equal("q", schema.FindTrigger("pi")!.TableName);
        Assert.Null(schema.FindTable("p"));
    }

    [Theory]
    [InlineData("ALTER TABLE p RENAME TO c", "there is already another table or index with this name: c")]
    [InlineData("ALTER TABLE p RENAME TO pv", "there is already another table or index with this name: pv")]
    [InlineData("ALTER TABLE p RENAME TO P", "there is already another table or index with this name: P")]
    [InlineData("ALTER TABLE nosuch RENAME TO z", "no such table: nosuch")]
    public void Refused_renames_change_nothing(string sql, string message)
    {
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        _both.AssertSame("SELECT * FROM p ORDER BY id");
        _both.Execute("INSERT INTO p(name, v) VALUES ('z', 9)");
        _both.AssertSame("SELECT * FROM l ORDER BY rowid");
    }

    [Fact]
    public void A_view_cannot_be_renamed()
    {
        _both.Execute("CREATE VIEW pn AS SELECT note FROM c");
        foreach ((string sql, string message) in (ReadOnlySpan<(string, string)>)[("ALTER TABLE pn RENAME TO z", "view pn may not be altered"), ("ALTER TABLE pn RENAME COLUMN note TO z", "cannot rename columns of view \"pn\"")])
        {
            Assert.Contains(message, Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
            Assert.Contains(message, Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql)).Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Views_and_trigger_bodies_that_name_the_table_are_rewritten_as_sqlite_rewrites_them()
    {
        _both.Execute(
            "CREATE VIEW named AS SELECT name FROM p; " +
            "CREATE VIEW qualified AS SELECT p.name, c.note FROM p JOIN c ON c.pid = p.id WHERE p.v IN (SELECT v FROM main.p); " +
            "CREATE VIEW aliased AS SELECT p.note FROM c AS p; " +
            "CREATE VIEW shadowed AS WITH p AS (SELECT 1 AS x) SELECT x FROM p; " +
            "CREATE TRIGGER cd AFTER DELETE ON c WHEN old.pid IN (SELECT id FROM p) BEGIN UPDATE p SET v = v + 1 WHERE p.id = old.pid; INSERT INTO l SELECT name FROM p WHERE id = old.pid; END");
        _both.Execute("ALTER TABLE p RENAME TO q");
        Schema schema = _both.Engine.Database.Schema;
        foreach (string view in (string[])["named", "qualified", "aliased", "shadowed"])
        {
            Assert.Equal(_both.SqliteDefinition("view", view), schema.FindView(view)!.Sql);
            _both.AssertSame($"SELECT * FROM {view} ORDER BY 1");
        }

        Assert.Equal(_both.SqliteDefinition("trigger", "cd"), schema.FindTrigger("cd")!.Sql);
        _both.Execute("DELETE FROM c WHERE id = 1");
        _both.AssertSame("SELECT * FROM q ORDER BY id");
        _both.AssertSame("SELECT * FROM l ORDER BY rowid");
    }

    [Fact]
    public void A_view_that_also_uses_the_name_as_an_alias_is_not_rewritten_and_the_rename_is_refused()
    {
        // SQLite resolves every name and rewrites only the table's; this engine rewrites only text where the name
        // means nothing else, so here it refuses and changes nothing.
        using var db = new EngineHarness();
        db.Execute(Setup);
        db.Execute("CREATE VIEW mixed AS SELECT x.name FROM p AS x WHERE EXISTS (SELECT 1 FROM c AS p WHERE p.pid = x.id)");
        var error = Assert.Throws<SharpCoreDBException>(() => db.Execute("ALTER TABLE p RENAME TO q"));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
        Assert.Contains("error in view mixed after rename of p to q", error.Message, StringComparison.Ordinal);
        Assert.Equal(["a", "b"], db.Query("SELECT * FROM mixed ORDER BY name"));
    }

    [Fact]
    public void A_rename_rolls_back_with_its_transaction_and_its_savepoint()
    {
        using var db = new EngineHarness();
        db.Execute(Setup);
        db.Execute("BEGIN; ALTER TABLE p RENAME TO q; INSERT INTO q(name, v) VALUES ('t', 7); ROLLBACK");
        Assert.Equal(["1|a|1", "2|b|2"], db.Query("SELECT * FROM p ORDER BY id"));
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT * FROM q")).ErrorCode);

        db.Execute("BEGIN; SAVEPOINT s; ALTER TABLE p RENAME TO q; ROLLBACK TO s; INSERT INTO p(name, v) VALUES ('u', 8); COMMIT");
        Assert.Equal(["1|a|1", "2|b|2", "4|u|8"], db.Query("SELECT * FROM p ORDER BY id"));
        Assert.Equal(["ins a", "ins b", "ins c", "ins u"], db.Query("SELECT msg FROM l ORDER BY rowid"));
    }

    [Fact]
    public void A_statement_prepared_before_the_rename_reports_the_old_name_as_gone()
    {
        using var db = new EngineHarness();
        db.Execute(Setup);
        Assert.Equal(["2"], db.Query("SELECT count(*) FROM p"));
        db.Execute("ALTER TABLE p RENAME TO q");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT count(*) FROM p")).ErrorCode);
        Assert.Equal(["2"], db.Query("SELECT count(*) FROM q"));
    }

    [Fact]
    public void A_renamed_table_keeps_everything_after_reopening()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute(Setup);
            db.Execute("ALTER TABLE p RENAME TO q");
        }

        using (EngineHarness db = file.Open())
        {
            db.Execute("INSERT INTO q(name, v) VALUES ('d', 4)");
            Assert.Equal(["1|a|1", "2|b|2", "4|d|4"], db.Query("SELECT * FROM q ORDER BY id"));
            Assert.Equal(["4"], db.Query("SELECT id FROM q WHERE v = 4"));
            Assert.Equal(["ins a", "ins b", "ins c", "ins d"], db.Query("SELECT msg FROM l ORDER BY rowid"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO q(name) VALUES ('a')")).ErrorCode);
            db.Execute("CREATE TABLE p(z INT)");
            Assert.Equal(["0"], db.Query("SELECT count(*) FROM p"));
        }
    }
}
