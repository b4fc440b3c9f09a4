using System.Globalization;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// SAVEPOINT, RELEASE and ROLLBACK TO against SQLite: nested and repeated names, savepoints that begin (and whose
/// release commits) the transaction, data and schema changes taken back, failing statements inside a savepoint, and a
/// seeded random run of changes and savepoint operations; then the provider's DbTransaction.Save/Rollback/Release.
/// </summary>
public sealed class SavepointTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT UNIQUE, n INT); INSERT INTO t VALUES (1, 'a', 1), (2, 'b', 2); " +
        "CREATE TABLE log(what TEXT); CREATE TRIGGER t_in AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.v); END";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("BEGIN; INSERT INTO t VALUES (3, 'c', 3); SAVEPOINT s1; INSERT INTO t VALUES (4, 'd', 4); ROLLBACK TO s1; INSERT INTO t VALUES (5, 'e', 5); COMMIT")]
    [InlineData("SAVEPOINT a; INSERT INTO t VALUES (3, 'c', 3); SAVEPOINT b; UPDATE t SET n = n * 10; ROLLBACK TO a; INSERT INTO t VALUES (6, 'f', 6); RELEASE a")]
    [InlineData("SAVEPOINT a; INSERT INTO t VALUES (3, 'c', 3); ROLLBACK TO a; INSERT INTO t VALUES (4, 'd', 4); ROLLBACK TRANSACTION TO SAVEPOINT a; INSERT INTO t VALUES (5, 'e', 5); RELEASE SAVEPOINT a")]
    [InlineData("SAVEPOINT a; INSERT INTO t VALUES (3, 'c', 3); SAVEPOINT a; INSERT INTO t VALUES (4, 'd', 4); ROLLBACK TO a; RELEASE a; RELEASE a")]
    [InlineData("BEGIN; SAVEPOINT a; DELETE FROM t WHERE id = 1; SAVEPOINT b; UPDATE t SET v = 'z'; RELEASE b; ROLLBACK TO a; COMMIT")]
    [InlineData("BEGIN; SAVEPOINT a; CREATE TABLE x(k INTEGER PRIMARY KEY, w TEXT); INSERT INTO x VALUES (1, 'q'); CREATE INDEX xw ON x(w); ROLLBACK TO a; CREATE TABLE x(k TEXT); INSERT INTO x VALUES ('again'); COMMIT")]
    [InlineData("BEGIN; SAVEPOINT a; CREATE UNIQUE INDEX tn ON t(n); ROLLBACK TO a; INSERT INTO t VALUES (9, 'i', 1); COMMIT")]
    [InlineData("BEGIN; SAVEPOINT a; ALTER TABLE t ADD COLUMN extra TEXT DEFAULT 'x'; UPDATE t SET extra = 'y'; ROLLBACK TO a; INSERT INTO t VALUES (7, 'g', 7); COMMIT")]
    [InlineData("SAVEPOINT a; INSERT INTO t VALUES (3, 'c', 3); RELEASE a; SAVEPOINT b; INSERT INTO t VALUES (4, 'd', 4); ROLLBACK")]
    [InlineData("BEGIN; SAVEPOINT a; INSERT INTO t VALUES (3, 'c', 3); SAVEPOINT b; INSERT INTO t VALUES (4, 'd', 4); RELEASE a; COMMIT")]
    public void Scripts_leave_what_sqlite_leaves(string script)
    {
        _both.Execute(script);
        AssertSameState();
    }

    [Fact]
    public void A_failing_statement_inside_a_savepoint_takes_back_only_itself()
    {
        _both.Execute("BEGIN; SAVEPOINT a; INSERT INTO t VALUES (3, 'c', 3)");
        Assert.Throws<SqliteException>(() => _both.ExecuteSqlite("INSERT INTO t VALUES (4, 'd', 4), (5, 'a', 5)"));
        Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute("INSERT INTO t VALUES (4, 'd', 4), (5, 'a', 5)"));
        AssertSameState();
        _both.Execute("SAVEPOINT b; INSERT INTO t VALUES (6, 'f', 6); ROLLBACK TO a; INSERT INTO t VALUES (8, 'h', 8); COMMIT");
        AssertSameState();
    }

    [Theory]
    [InlineData("RELEASE nosuch", "no such savepoint: nosuch")]
    [InlineData("ROLLBACK TO nosuch", "no such savepoint: nosuch")]
    [InlineData("BEGIN; SAVEPOINT a; RELEASE a; ROLLBACK TO a", "no such savepoint: a")]
    [InlineData("BEGIN; SAVEPOINT a; ROLLBACK; ROLLBACK TO a", "no such savepoint: a")]
    public void Unknown_savepoints_are_errors(string script, string message)
    {
        Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(script));
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(script));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Rolling_back_past_a_drop_is_refused_and_the_transaction_stays_usable()
    {
        _both.Engine.Execute("BEGIN; SAVEPOINT a; INSERT INTO t VALUES (3, 'c', 3); SAVEPOINT b; DROP TABLE log");
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute("ROLLBACK TO a"));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
        Assert.Contains("roll back the whole transaction", error.Message, StringComparison.Ordinal);
        Assert.Equal(["3"], _both.Engine.Query("SELECT count(*) FROM t"));
        _both.Engine.Execute("ROLLBACK");
        Assert.Equal(["2"], _both.Engine.Query("SELECT count(*) FROM t"));
        Assert.Equal(["0"], _both.Engine.Query("SELECT count(*) FROM log"));
    }

    [Theory]
    [InlineData(31)]
    [InlineData(32)]
    public void Random_savepoint_runs_match_sqlite(int seed)
    {
        var random = new Random(seed);
        int steps = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? 4_000 : 400;
        var open = new List<string>();
        bool inTransaction = false;
        for (int step = 0; step < steps; step++)
        {
            string sql;
            int roll = random.Next(100);
            if (roll < 12)
            {
                string name = "s" + random.Next(4).ToString(CultureInfo.InvariantCulture);
                sql = "SAVEPOINT " + name;
                open.Add(name);
                inTransaction = true;
            }
            else if (roll < 20 && open.Count > 0)
            {
                string name = open[random.Next(open.Count)];
                sql = "ROLLBACK TO " + name;
                open.RemoveRange(open.LastIndexOf(name) + 1, open.Count - open.LastIndexOf(name) - 1);
            }
            else if (roll < 26 && open.Count > 0)
            {
                string name = open[random.Next(open.Count)];
                sql = "RELEASE " + name;
                open.RemoveRange(open.LastIndexOf(name), open.Count - open.LastIndexOf(name));
            }
            else if (roll < 29 && inTransaction)
            {
                sql = random.Next(2) == 0 ? "COMMIT" : "ROLLBACK";
                open.Clear();
            }
            else if (roll < 31 && !inTransaction)
            {
                sql = "BEGIN";
            }
            else
            {
                int id = random.Next(1, 30);
                sql = random.Next(4) switch
                {
                    0 => $"DELETE FROM t WHERE id % 7 = {id % 7}",
                    1 => $"UPDATE t SET n = n + 1 WHERE id > {id}",
                    _ => $"INSERT INTO t VALUES ({id}, 'v{random.Next(20)}', {random.Next(100)})",
                };
            }

            DifferentialTests.Both(_both.Engine, _both.Sqlite, sql, seed);
            inTransaction = SQLitePCL.raw.sqlite3_get_autocommit(_both.Sqlite.Handle) == 0;
            if (!inTransaction)
            {
                open.Clear();
            }

            foreach (string query in (string[])["SELECT * FROM t ORDER BY id", "SELECT * FROM log ORDER BY rowid"])
            {
                Assert.True(
                    DifferentialTests.SqliteRows(_both.Sqlite, query, seed).SequenceEqual(DifferentialTests.EngineRows(_both.Engine, query, seed)),
                    $"seed {seed}, step {step}: after {sql}, {query} differs");
            }
        }
    }

    [Fact]
    public void Provider_transactions_save_roll_back_to_and_release_savepoints()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT)";
        command.ExecuteNonQuery();
        using (SharpCoreDBTransaction transaction = connection.BeginTransaction())
        {
            Assert.True(transaction.SupportsSavepoints);
            command.Transaction = transaction;
            command.CommandText = "INSERT INTO items(name) VALUES ('kept')";
            command.ExecuteNonQuery();
            transaction.Save("before");
            command.CommandText = "INSERT INTO items(name) VALUES ('undone')";
            command.ExecuteNonQuery();
            transaction.Rollback("before");
            transaction.Save("second");
            command.CommandText = "INSERT INTO items(name) VALUES ('released')";
            command.ExecuteNonQuery();
            transaction.Release("second");
            Assert.Throws<SharpCoreDBException>(() => transaction.Rollback("second"));
            transaction.Commit();
        }

        command.Transaction = null;
        command.CommandText = "SELECT group_concat(name, ',') FROM items";
        Assert.Equal("kept,released", command.ExecuteScalar());
    }

    private void AssertSameState()
    {
        foreach (string query in (string[])["SELECT * FROM t ORDER BY id", "SELECT * FROM log ORDER BY rowid", "SELECT * FROM x", "SELECT count(*) FROM t WHERE n = 1"])
        {
            _both.AssertSame(query);
        }
    }
}
