using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>last_insert_rowid(), changes() and total_changes() against SQLite, statement by statement.</summary>
public sealed class ConnectionCounterTests
{
    private const string Counters = "SELECT last_insert_rowid(), changes(), total_changes()";

    // Each step runs on both engines; after each, the three counters must agree. Covers multi-row INSERT, INSERT ...
    // SELECT, UPDATE, DELETE, failed and ignored inserts, OR REPLACE, DDL and SELECT (which leave the counters alone),
    // a rolled-back transaction (counters are not rolled back), trigger programs (their inserts count in
    // total_changes() only, and last_insert_rowid() reverts when they end), RAISE(IGNORE) and RAISE(FAIL).
    private static readonly string[] Script =
    [
        "CREATE TABLE t(a INTEGER PRIMARY KEY, b)",
        "CREATE TABLE log(x)",
        "INSERT INTO t(b) VALUES(1),(2),(3)",
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES(new.a); INSERT INTO log VALUES(new.a); END",
        "INSERT INTO t(b) VALUES(9)",
        "UPDATE t SET b = b + 1",
        "SELECT * FROM t",
        "CREATE TABLE u(z)",
        "INSERT INTO t VALUES(1, 5)",
        "INSERT OR IGNORE INTO t VALUES(1, 5)",
        "INSERT OR REPLACE INTO t VALUES(1, 5)",
        "DELETE FROM t WHERE a > 2",
        "INSERT INTO t VALUES(100, 5)",
        "CREATE TABLE v(x)",
        "INSERT INTO v SELECT b FROM t",
        "DELETE FROM v",
        "BEGIN",
        "INSERT INTO v VALUES(1)",
        "ROLLBACK",
        "CREATE TRIGGER tr2 BEFORE INSERT ON v BEGIN SELECT RAISE(IGNORE); END",
        "INSERT INTO v VALUES(5)",
        "UPDATE t SET b = b WHERE 0",
        "CREATE TABLE w(a INTEGER PRIMARY KEY, b)",
        "CREATE TRIGGER tr3 BEFORE INSERT ON w WHEN new.b = 3 BEGIN INSERT INTO log VALUES(1); SELECT RAISE(FAIL, 'no'); END",
        "INSERT INTO w(b) VALUES(1),(2),(3),(4)",
        "INSERT INTO w(b) SELECT 7",
    ];

    [Fact]
    public void Counters_match_sqlite_after_every_statement()
    {
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using var engine = new EngineHarness();
        Assert.Equal(DifferentialTests.SqliteRows(sqlite, Counters, 0), DifferentialTests.EngineRows(engine, Counters, 0));
        foreach (string sql in Script)
        {
            bool sqliteFailed = Fails(() =>
            {
                using SqliteCommand command = sqlite.CreateCommand();
                command.CommandText = sql;
                command.ExecuteNonQuery();
            });
            bool engineFailed = Fails(() => engine.Execute(sql));
            Assert.True(sqliteFailed == engineFailed, $"{sql}: SQLite {(sqliteFailed ? "failed" : "succeeded")}, the engine did not");
            Assert.Equal(DifferentialTests.SqliteRows(sqlite, Counters, 0), DifferentialTests.EngineRows(engine, Counters, 0));
        }

        // RAISE(FAIL) kept the two rows before the third, so the last insert took row id 3.
        Assert.Equal(["3|1|3"], engine.Query("SELECT last_insert_rowid(), changes(), (SELECT count(*) FROM w)"));
    }

    [Fact]
    public void Counter_functions_take_no_arguments()
    {
        using var engine = new EngineHarness();
        var error = Assert.Throws<SharpCoreDBException>(() => engine.Query("SELECT 1, changes(1)"));
        Assert.Contains("wrong number of arguments to function changes()", error.Message, StringComparison.Ordinal);
        Assert.Contains("column 11", error.Message, StringComparison.Ordinal);
    }

    private static bool Fails(Action run)
    {
        try
        {
            run();
            return false;
        }
        catch (Exception e) when (e is SqliteException or SharpCoreDBException)
        {
            return true;
        }
    }
}
