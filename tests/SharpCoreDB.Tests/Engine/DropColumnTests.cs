using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>ALTER TABLE … DROP COLUMN against SQLite: the rows rewritten, later inserts, indexes on other columns, and SQLite's refusals.</summary>
public sealed class DropColumnTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT CHECK (length(a) < 10), b INT, c REAL DEFAULT 1.5, u TEXT UNIQUE, CHECK (b >= 0)); " +
        "INSERT INTO t(a, b, c, u) VALUES ('x', 1, 2.5, 'p'), ('y', 2, NULL, 'q'), (NULL, 3, 4, NULL); " +
        "CREATE INDEX tb ON t(b); ALTER TABLE t ADD COLUMN d TEXT DEFAULT 'dd'; INSERT INTO t(a, b, d) VALUES ('z', 4, 'e'); " +
        "CREATE TABLE s(k INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT, w TEXT); INSERT INTO s(v, w) VALUES ('1', 'one'), ('2', 'two'); " +
        "CREATE VIEW sv AS SELECT k, v FROM s; " +
        "CREATE TRIGGER t_up AFTER UPDATE ON t BEGIN UPDATE s SET v = new.b WHERE k = 1; END";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("ALTER TABLE t DROP COLUMN a")]
    [InlineData("ALTER TABLE t DROP c")]
    [InlineData("ALTER TABLE t DROP COLUMN d")]
    [InlineData("ALTER TABLE s DROP COLUMN w")]
    [InlineData("ALTER TABLE t DROP COLUMN c; ALTER TABLE t DROP COLUMN a; INSERT INTO t(b, d) VALUES (9, 'n')")]
    [InlineData("ALTER TABLE t DROP COLUMN d; ALTER TABLE t ADD COLUMN e INT DEFAULT 7; INSERT INTO t(b) VALUES (5)")]
    public void Rows_and_later_changes_match_sqlite(string sql)
    {
        _both.Execute(sql);
        AssertSameState();
        _both.Execute("INSERT INTO t(b) VALUES (11); UPDATE t SET b = b + 1 WHERE b > 2; INSERT INTO s(v) VALUES ('3')");
        AssertSameState();
    }

    [Theory]
    [InlineData("ALTER TABLE t DROP COLUMN id", "cannot drop PRIMARY KEY column")]
    [InlineData("ALTER TABLE t DROP COLUMN u", "cannot drop UNIQUE column")]
    [InlineData("ALTER TABLE t DROP COLUMN b", "after drop column")]
    [InlineData("ALTER TABLE s DROP COLUMN v", "error in view sv")]
    [InlineData("ALTER TABLE t DROP COLUMN nosuch", "no such column")]
    public void Refused_drops_change_nothing(string sql, string message)
    {
        Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql));
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        AssertSameState();
    }

    [Fact]
    public void A_column_named_by_a_table_check_or_a_trigger_cannot_be_dropped()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE c(x INT, y INT, z INT, CHECK (x < y)); CREATE TABLE l(v INT); CREATE TRIGGER cz AFTER INSERT ON c BEGIN INSERT INTO l VALUES (new.z); END");
        Assert.Throws<SharpCoreDBException>(() => db.Execute("ALTER TABLE c DROP COLUMN x"));
        Assert.Contains("error in trigger cz", Assert.Throws<SharpCoreDBException>(() => db.Execute("ALTER TABLE c DROP COLUMN z")).Message, StringComparison.Ordinal);
        db.Execute("CREATE TABLE only1(q INT)");
        Assert.Contains("no other columns", Assert.Throws<SharpCoreDBException>(() => db.Execute("ALTER TABLE only1 DROP COLUMN q")).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_dropped_column_stays_dropped_after_reopening()
    {
        using var file = new TempDatabase();
        using (var db = new EngineHarness(file.Options()))
        {
            db.Execute("CREATE TABLE r(id INTEGER PRIMARY KEY, a TEXT, b INT); CREATE INDEX rb ON r(b); INSERT INTO r VALUES (1, 'x', 10), (2, 'y', 20)");
            db.Execute("ALTER TABLE r DROP COLUMN a");
        }

        using (var db = new EngineHarness(file.Options()))
        {
            Assert.Equal(["1|10", "2|20"], db.Query("SELECT * FROM r ORDER BY id"));
            Assert.Equal(["2"], db.Query("SELECT id FROM r WHERE b = 20"));
            db.Execute("INSERT INTO r VALUES (3, 30)");
            Assert.Equal(["3"], db.Query("SELECT count(*) FROM r"));
        }
    }

    [Fact]
    public void A_column_added_to_a_table_with_table_constraints_survives_reopening()
    {
        // The added column must go before the table constraints in the stored CREATE TABLE, or it no longer parses.
        using var file = new TempDatabase();
        using (var db = new EngineHarness(file.Options()))
        {
            db.Execute("CREATE TABLE k(a INT, b INT, UNIQUE (a, b), CHECK (a < 100)); INSERT INTO k VALUES (1, 2)");
            db.Execute("ALTER TABLE k ADD COLUMN c TEXT DEFAULT 'c'");
        }

        using (var db = new EngineHarness(file.Options()))
        {
            db.Execute("INSERT INTO k VALUES (3, 4, 'z')");
            Assert.Equal(["1|2|c", "3|4|z"], db.Query("SELECT * FROM k ORDER BY a"));
            Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO k VALUES (1, 2, 'dup')"));
            Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO k VALUES (500, 2, 'big')"));
        }
    }

    private void AssertSameState()
    {
        foreach (string query in (string[])["SELECT * FROM t ORDER BY id", "SELECT * FROM s ORDER BY k", "SELECT * FROM sv ORDER BY k", "SELECT id FROM t WHERE b = 2"])
        {
            _both.AssertSame(query);
        }
    }
}
