using SharpCoreDB.Engine;

namespace SharpCoreDB.Tests.Engine;

public sealed class PersistenceTests
{
    [Fact]
    public void Schema_and_data_survive_reopen()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, score REAL CHECK (score >= 0))");
            db.Execute("CREATE INDEX t_score ON t(score DESC)");
            db.Execute("CREATE VIEW best AS SELECT name FROM t WHERE score > 5");
            db.Execute("INSERT INTO t(name, score) VALUES ('a', 1.5), ('b', 7), ('c', 9.25)");
            db.Execute("DELETE FROM t WHERE name = 'c'");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(["1|a|1.5", "2|b|7.0"], db.Query("SELECT * FROM t ORDER BY id"));
            Assert.Equal(["b"], db.Query("SELECT * FROM best"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t(name, score) VALUES ('a', 2)").ErrorCode);
            Assert.Equal(SharpCoreDBErrorCode.CheckViolation, db.Fails("INSERT INTO t(name, score) VALUES ('z', -1)").ErrorCode);

            // AUTOINCREMENT remembers 3 even though row 3 was deleted before the reopen.
            db.Execute("INSERT INTO t(name, score) VALUES ('d', 3)");
            Assert.Equal(["4"], db.Query("SELECT id FROM t WHERE name = 'd'"));
            Assert.Contains(db.Query("EXPLAIN SELECT name FROM t WHERE score > 2"), line => line.Contains("USING INDEX t_score", StringComparison.Ordinal));
            Assert.Equal(["b", "d"], db.Query("SELECT name FROM t WHERE score > 2 ORDER BY score DESC"));
        }
    }

    [Fact]
    public void Rolled_back_ddl_is_gone_after_reopen()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE kept(a INTEGER)");
            db.Execute("BEGIN; CREATE TABLE dropped(a INTEGER); INSERT INTO kept VALUES (1); ROLLBACK");
            db.Execute("BEGIN; DROP TABLE kept; ROLLBACK");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Empty(db.Query("SELECT * FROM kept"));
            Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT * FROM dropped").ErrorCode);
        }
    }

    [Fact]
    public void Dropped_objects_stay_dropped_after_reopen()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE t(a INTEGER, b TEXT)");
            db.Execute("CREATE INDEX t_a ON t(a)");
            db.Execute("CREATE VIEW v AS SELECT a FROM t");
            db.Execute("INSERT INTO t VALUES (1, 'x')");
            db.Execute("DROP INDEX t_a");
            db.Execute("DROP VIEW v");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(SharpCoreDBErrorCode.UnknownIndex, db.Fails("DROP INDEX t_a").ErrorCode);
            Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT * FROM v").ErrorCode);
            Assert.DoesNotContain(db.Query("EXPLAIN SELECT b FROM t WHERE a = 1"), line => line.Contains("INDEX", StringComparison.Ordinal));
            db.Execute("DROP TABLE t");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT * FROM t").ErrorCode);
            db.Execute("CREATE TABLE t(z INTEGER)");
            Assert.Empty(db.Query("SELECT * FROM t"));
        }
    }

    [Fact]
    public void Connections_to_one_file_share_one_database()
    {
        using var file = new TempDatabase();
        Database first = Database.Acquire(file.Options());
        Database second = Database.Acquire(file.Options());
        try
        {
            Assert.Same(first, second);
            Assert.Equal(
                SharpCoreDBErrorCode.WrongPassword,
                Assert.Throws<SharpCoreDBException>(() => Database.Acquire(file.Options() with { Password = "secret" })).ErrorCode);
        }
        finally
        {
            second.Release();
            first.Release();
        }
    }

    [Fact]
    public void Read_only_open_rejects_writes()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE t(a INTEGER); INSERT INTO t VALUES (1)");
        }

        using (EngineHarness db = file.Open(SharpCoreDBOpenMode.ReadOnly))
        {
            Assert.Equal(["1"], db.Query("SELECT a FROM t"));
            Assert.Equal(SharpCoreDBErrorCode.ReadOnly, db.Fails("INSERT INTO t VALUES (2)").ErrorCode);
        }
    }

    [Fact]
    public void Encrypted_database_reopens_with_its_password_only()
    {
        using var file = new TempDatabase();
        DatabaseOptions options = file.Options() with { Password = "correct horse" };
        using (var db = new EngineHarness(options))
        {
            db.Execute("CREATE TABLE t(secret TEXT); INSERT INTO t VALUES ('hidden')");
        }

        Assert.Equal(
            SharpCoreDBErrorCode.WrongPassword,
            Assert.Throws<SharpCoreDBException>(() => Database.Acquire(options with { Password = "wrong" })).ErrorCode);
        using (var db = new EngineHarness(options))
        {
            Assert.Equal(["hidden"], db.Query("SELECT secret FROM t"));
        }
    }
}
