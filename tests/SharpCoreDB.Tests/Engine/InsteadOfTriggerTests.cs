using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>INSTEAD OF triggers make a view writable: INSERT, UPDATE and DELETE on it run the programs, checked against SQLite.</summary>
public sealed class InsteadOfTriggerTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE a(id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE b(aid INT, qty INT); CREATE TABLE log(m); " +
        "INSERT INTO a VALUES (1, 'x'), (2, 'y'); INSERT INTO b VALUES (1, 5), (2, 7), (1, 1); " +
        "CREATE VIEW v AS SELECT a.id, a.name, sum(b.qty) AS total FROM a JOIN b ON b.aid = a.id GROUP BY a.id; " +
        "CREATE TRIGGER vi INSTEAD OF INSERT ON v BEGIN INSERT INTO a VALUES (new.id, new.name); INSERT INTO b VALUES (new.id, new.total); END; " +
        "CREATE TRIGGER vu INSTEAD OF UPDATE OF name ON v BEGIN UPDATE a SET name = new.name WHERE id = old.id; " +
        "INSERT INTO log VALUES (old.name || '>' || new.name || ' ' || old.total); END; " +
        "CREATE TRIGGER vd INSTEAD OF DELETE ON v WHEN old.total > 0 BEGIN DELETE FROM b WHERE aid = old.id; DELETE FROM a WHERE id = old.id; END";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("INSERT INTO v VALUES (3, 'z', 9)")]
    [InlineData("INSERT INTO v(name, id) VALUES ('w', 4), ('u', 5)")]
    [InlineData("INSERT INTO v SELECT id + 10, name || '!', 1 FROM a")]
    [InlineData("INSERT INTO v DEFAULT VALUES")]
    [InlineData("UPDATE v SET name = upper(name) WHERE total > 5")]
    [InlineData("UPDATE v AS w SET name = w.name || w.total")]
    [InlineData("DELETE FROM v WHERE id = 1")]
    [InlineData("DELETE FROM v")]
    [InlineData("INSERT INTO v VALUES (3, 'z', 9); UPDATE v SET name = 'q' WHERE id = 3; DELETE FROM v WHERE name = 'q'")]
    public void Writes_to_the_view_run_its_programs_as_in_sqlite(string sql)
    {
        foreach (string statement in sql.Split("; "))
        {
            Assert.True(DifferentialTests.Both(_both.Engine, _both.Sqlite, statement, 0));
            AssertSameState();
        }
    }

    [Theory]
    [InlineData("UPDATE v SET total = 1", "cannot modify v because it is a view")]
    [InlineData("UPDATE v SET nosuch = 1", "cannot modify v because it is a view")]
    [InlineData("INSERT INTO v VALUES (1, 2)", "table v has 3 columns but 2 values were supplied")]
    [InlineData("DELETE FROM v WHERE nosuch = 1", "no such column: nosuch")]
    [InlineData("INSERT INTO v VALUES (5, 'q', 1) ON CONFLICT DO NOTHING", "cannot UPSERT a view")]
    [InlineData("CREATE TRIGGER bad BEFORE INSERT ON v BEGIN SELECT 1; END", "cannot create BEFORE trigger on view: v")]
    [InlineData("CREATE TRIGGER bad INSTEAD OF INSERT ON a BEGIN SELECT 1; END", "cannot create INSTEAD OF trigger on table: a")]
    [InlineData("ALTER TABLE a RENAME COLUMN name TO title", "error in trigger v")]
    public void Refused_writes_change_nothing(string sql, string message)
    {
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
        Assert.Contains(message, Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql)).Message, StringComparison.Ordinal);
        AssertSameState();
    }

    [Fact]
    public void A_view_without_a_program_for_the_statement_cannot_be_written_and_dropping_the_view_drops_its_triggers()
    {
        _both.Execute("CREATE VIEW plain AS SELECT * FROM a");
        foreach (string sql in (string[])["INSERT INTO plain VALUES (9, 'n')", "UPDATE plain SET name = 'n'", "DELETE FROM plain"])
        {
            Assert.Contains("cannot modify plain because it is a view", Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
            Assert.Contains("cannot modify plain because it is a view", Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql)).Message, StringComparison.Ordinal);
        }

        _both.Execute("DROP VIEW v; CREATE VIEW v AS SELECT id, name, 0 AS total FROM a");
        Assert.Contains("cannot modify v because it is a view", Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute("DELETE FROM v")).Message, StringComparison.Ordinal);
        Assert.Null(_both.Engine.Database.Schema.FindTrigger("vd"));
    }

    [Fact]
    public void The_statement_reports_no_changes_and_the_programs_survive_reopening()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute(Setup);
            Assert.Equal(0, db.Execute("INSERT INTO v VALUES (3, 'z', 9)"));
            Assert.Equal(0, db.Execute("UPDATE v SET name = 'Z' WHERE id = 3"));
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Contains(db.Query("EXPLAIN DELETE FROM v WHERE id = 2"), line => line.Contains("Delete on view v (INSTEAD OF)", StringComparison.Ordinal));
            db.Execute("DELETE FROM v WHERE id = 2");
            Assert.Equal(["1|x|6", "3|Z|9"], db.Query("SELECT * FROM v ORDER BY id"));
            Assert.Equal(["z>Z 9"], db.Query("SELECT m FROM log"));
        }
    }

    [Fact]
    public void A_trigger_program_can_write_a_view_in_turn()
    {
        _both.Execute("CREATE TABLE inbox(id INT, name TEXT); CREATE TRIGGER route AFTER INSERT ON inbox BEGIN INSERT INTO v VALUES (new.id, new.name, 2); END");
        Assert.True(DifferentialTests.Both(_both.Engine, _both.Sqlite, "INSERT INTO inbox VALUES (7, 'seven'), (8, 'eight')", 0));
        AssertSameState();
    }

    [Theory]
    [InlineData("ALTER TABLE a RENAME TO aa")]
    [InlineData("ALTER TABLE b RENAME TO bb")]
    [InlineData("ALTER TABLE b RENAME COLUMN qty TO amount")]
    public void Renames_rewrite_the_view_programs_as_sqlite_does(string sql)
    {
        _both.Execute(sql);
        SharpCoreDB.Catalog.Schema schema = _both.Engine.Database.Schema;
        Assert.Equal(_both.SqliteDefinition("view", "v"), schema.FindView("v")!.Sql);
        foreach (string trigger in (string[])["vi", "vu", "vd"])
        {
            Assert.Equal(_both.SqliteDefinition("trigger", trigger), schema.FindTrigger(trigger)!.Sql);
        }

        foreach (string statement in (string[])["INSERT INTO v VALUES (3, 'z', 9)", "UPDATE v SET name = 'q' WHERE id = 3", "DELETE FROM v WHERE id = 1"])
        {
            Assert.True(DifferentialTests.Both(_both.Engine, _both.Sqlite, statement, 0));
        }

        foreach (string query in (string[])["SELECT * FROM log ORDER BY rowid", "SELECT * FROM v ORDER BY id"])
        {
            _both.AssertSame(query);
        }
    }

    private void AssertSameState()
    {
        foreach (string query in (string[])["SELECT * FROM a ORDER BY id", "SELECT * FROM b ORDER BY rowid", "SELECT * FROM log ORDER BY rowid", "SELECT * FROM v ORDER BY id"])
        {
            _both.AssertSame(query);
        }
    }
}
