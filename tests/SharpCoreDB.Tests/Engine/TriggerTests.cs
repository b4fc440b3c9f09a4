using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Row triggers: BEFORE and AFTER programs on INSERT, UPDATE [OF] and DELETE with NEW, OLD, WHEN and RAISE, stored
/// in the catalog. Semantics are checked against SQLite (Microsoft.Data.Sqlite) where they are subtle.
/// </summary>
public sealed class TriggerTests
{
    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 16, stress: 400);

    [Fact]
    public void Triggers_see_new_and_old_fire_newest_first_and_survive_reopen()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, qty INTEGER)");
            db.Execute("CREATE TABLE log(n INTEGER PRIMARY KEY, what TEXT)");
            db.Execute("CREATE TRIGGER t_bi BEFORE INSERT ON t BEGIN INSERT INTO log(what) VALUES ('bi ' || new.id || ' ' || new.name || ' ' || typeof(new.qty)); END");
            db.Execute("CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW BEGIN INSERT INTO log(what) VALUES ('ai ' || new.rowid || ' ' || new.name); END");
            db.Execute("CREATE TRIGGER t_ai2 AFTER INSERT ON t BEGIN INSERT INTO log(what) VALUES ('ai2 ' || new.id); END");
            db.Execute("CREATE TRIGGER t_au AFTER UPDATE ON t BEGIN INSERT INTO log(what) VALUES ('au ' || old.qty || '>' || new.qty); END");
            db.Execute("CREATE TRIGGER t_bd BEFORE DELETE ON t BEGIN INSERT INTO log(what) VALUES ('bd ' || old.name); END");

            // NEW in a BEFORE INSERT trigger has affinity applied and row id -1 until the table chooses one.
            Assert.Equal(2, db.Execute("INSERT INTO t(name, qty) VALUES ('a', '5'), ('b', 7)"));
            Assert.Equal(1, db.Execute("UPDATE t SET qty = qty + 1 WHERE name = 'a'"));
            Assert.Equal(1, db.Execute("DELETE FROM t WHERE name = 'b'"));
        }

        string[] expected =
        [
            "1|bi -1 a integer", "2|ai2 1", "3|ai 1 a", "4|bi -1 b integer", "5|ai2 2", "6|ai 2 b", "7|au 5>6", "8|bd b",
        ];
        using (EngineHarness db = file.Open())
        {
            Assert.Equal(expected, db.Query("SELECT * FROM log ORDER BY n"));
            db.Execute("INSERT INTO t VALUES (10, 'c', 1)");
            Assert.Equal(["9|bi 10 c integer", "10|ai2 10", "11|ai 10 c"], db.Query("SELECT * FROM log WHERE n > 8 ORDER BY n"));
        }
    }

    [Fact]
    public void When_and_update_of_choose_which_rows_and_statements_fire()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b INTEGER)");
        db.Execute("CREATE TABLE log(what TEXT)");
        db.Execute("CREATE TRIGGER big AFTER INSERT ON t WHEN new.a > 10 BEGIN INSERT INTO log VALUES ('big ' || new.a); END");
        db.Execute("CREATE TRIGGER of_b AFTER UPDATE OF b ON t BEGIN INSERT INTO log VALUES ('b ' || new.id); END");
        db.Execute("INSERT INTO t VALUES (1, 5, 0), (2, 50, 0), (3, NULL, 0)");
        db.Execute("UPDATE t SET a = a + 1");
        db.Execute("UPDATE t SET b = 1 WHERE id = 2");
        db.Execute("UPDATE t SET a = 0, B = 2 WHERE id = 3");
        Assert.Equal(["big 50", "b 2", "b 3"], db.Query("SELECT what FROM log"));
    }

    [Fact]
    public void Before_triggers_that_change_or_delete_the_row_are_seen_as_in_sqlite()
    {
        string[] script =
        [
            "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b INTEGER)",
            "CREATE TABLE log(what TEXT)",
            "INSERT INTO t VALUES (1, 1, 1), (2, 2, 2), (3, 3, 3)",
            "CREATE TRIGGER bu BEFORE UPDATE ON t BEGIN UPDATE t SET b = b * 10 WHERE id = new.id; DELETE FROM t WHERE id = 3 AND new.id = 2; END",
            "CREATE TRIGGER au AFTER UPDATE ON t BEGIN INSERT INTO log VALUES (old.id || ':' || old.a || ',' || old.b || '>' || new.a || ',' || new.b); END",
            "UPDATE t SET a = a + 100",
            "CREATE TRIGGER bd BEFORE DELETE ON t WHEN old.id = 1 BEGIN DELETE FROM t WHERE id = 1; END",
            "CREATE TRIGGER ad AFTER DELETE ON t BEGIN INSERT INTO log VALUES ('deleted ' || old.id || ',' || old.b); END",
            "DELETE FROM t",
        ];
        AssertSameAsSqlite(script, ["SELECT * FROM t ORDER BY id", "SELECT rowid, what FROM log ORDER BY rowid"]);
    }

    [Fact]
    public void Raise_ignores_the_row_aborts_the_statement_fails_keeping_earlier_rows_or_rolls_back_the_transaction()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER)");
        db.Execute("CREATE TRIGGER skip BEFORE INSERT ON t WHEN new.v < 0 BEGIN SELECT RAISE(IGNORE); END");
        db.Execute("CREATE TRIGGER abort BEFORE INSERT ON t WHEN new.v = 99 BEGIN SELECT RAISE(ABORT, 'no 99'); END");
        db.Execute("CREATE TRIGGER fail BEFORE INSERT ON t WHEN new.v = 98 BEGIN SELECT RAISE(FAIL, 'no 98'); END");
        db.Execute("CREATE TRIGGER rollback BEFORE INSERT ON t WHEN new.v = 97 BEGIN SELECT RAISE(ROLLBACK, 'no 97'); END");

        Assert.Equal(2, db.Execute("INSERT INTO t(v) VALUES (1), (-1), (2)"));
        SharpCoreDBException abort = db.Fails("INSERT INTO t(v) VALUES (3), (99)");
        Assert.Equal(SharpCoreDBErrorCode.TriggerRaise, abort.ErrorCode);
        Assert.Equal("no 99", abort.Message);
        Assert.Equal(["1", "2"], db.Query("SELECT v FROM t ORDER BY id"));

        // FAIL keeps what the statement did before it, also in autocommit.
        Assert.Equal("no 98", db.Fails("INSERT INTO t(v) VALUES (4), (98), (5)").Message);
        Assert.Equal(["1", "2", "4"], db.Query("SELECT v FROM t ORDER BY id"));

        // Inside a transaction ABORT takes back only the statement; ROLLBACK ends the whole transaction.
        db.Execute("BEGIN");
        db.Execute("INSERT INTO t(v) VALUES (6)");
        db.Fails("INSERT INTO t(v) VALUES (7), (99)");
        Assert.Equal(["1", "2", "4", "6"], db.Query("SELECT v FROM t ORDER BY id"));
        Assert.Equal("no 97", db.Fails("INSERT INTO t(v) VALUES (8), (97)").Message);
        Assert.False(db.Session.InTransaction);
        Assert.Equal(["1", "2", "4"], db.Query("SELECT v FROM t ORDER BY id"));

        // RAISE(IGNORE) in an AFTER trigger keeps the row and skips the AFTER programs after it.
        db.Execute("CREATE TABLE log(what TEXT)");
        db.Execute("CREATE TRIGGER first_after AFTER INSERT ON t BEGIN INSERT INTO log VALUES ('older ' || new.v); END");
        db.Execute("CREATE TRIGGER newest_after AFTER INSERT ON t WHEN new.v = 50 BEGIN SELECT RAISE(IGNORE); END");
        db.Execute("INSERT INTO t(v) VALUES (50), (51)");
        Assert.Equal(["older 51"], db.Query("SELECT what FROM log"));
        Assert.Equal(["1", "2", "4", "50", "51"], db.Query("SELECT v FROM t ORDER BY id"));
    }

    [Fact]
    public void A_trigger_does_not_fire_itself_and_row_ids_stay_unique_when_programs_insert_into_the_same_table()
    {
        string[] script =
        [
            "CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT)",
            "CREATE TABLE u(id INTEGER PRIMARY KEY, v TEXT)",
            "CREATE TRIGGER t_copy AFTER INSERT ON t WHEN new.v NOT LIKE 'copy%' BEGIN INSERT INTO t(v) VALUES ('copy ' || new.v); INSERT INTO u(v) VALUES (new.v); END",
            "CREATE TRIGGER u_back AFTER INSERT ON u BEGIN INSERT INTO t(v) VALUES ('back ' || new.v); END",
            "INSERT INTO t(v) VALUES ('a'), ('b')",
            "DELETE FROM t WHERE id = (SELECT max(id) FROM t)",
            "INSERT INTO t(v) VALUES ('c')",
        ];
        // The last insert shows the AUTOINCREMENT sequence: the deleted largest id is not used again.
        AssertSameAsSqlite(script, ["SELECT * FROM t ORDER BY id", "SELECT * FROM u ORDER BY id"]);
    }

    [Fact]
    public void Or_replace_of_the_firing_statement_overrides_the_programs_own_conflict_handling()
    {
        string[] script =
        [
            "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)",
            "CREATE TABLE u(id INTEGER PRIMARY KEY, v TEXT)",
            "INSERT INTO u VALUES (1, 'old')",
            "CREATE TRIGGER t_u AFTER INSERT ON t BEGIN INSERT INTO u VALUES (new.id, new.v); END",
            "INSERT OR REPLACE INTO t VALUES (1, 'new')",
        ];
        AssertSameAsSqlite(script, ["SELECT * FROM t", "SELECT * FROM u"]);
    }

    [Fact]
    public void Trigger_errors_say_what_and_leave_the_connection_usable()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT)");
        db.Execute("CREATE VIEW v AS SELECT a FROM t");
        db.Execute("CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END");

        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, db.Fails("CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END").ErrorCode);
        db.Execute("CREATE TRIGGER IF NOT EXISTS tr AFTER INSERT ON t BEGIN SELECT 2; END");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("CREATE TRIGGER x AFTER INSERT ON nope BEGIN SELECT 1; END").ErrorCode);
        Assert.Contains("on view", db.Fails("CREATE TRIGGER x BEFORE INSERT ON v BEGIN SELECT 1; END").Message, StringComparison.Ordinal);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("CREATE TRIGGER x INSTEAD OF INSERT ON t BEGIN SELECT 1; END").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("CREATE TEMP TRIGGER x AFTER INSERT ON t BEGIN SELECT 1; END").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT ?; END").ErrorCode);
        SharpCoreDBException qualified = db.Fails("CREATE TRIGGER x AFTER INSERT ON t BEGIN\n  DELETE FROM main.t; END");
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, qualified.ErrorCode);
        Assert.Contains("line 2", qualified.Message, StringComparison.Ordinal);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("SELECT RAISE(ABORT, 'x')").ErrorCode);

        // Names in the program are bound when a statement fires it: a bare column, OLD in an INSERT trigger or a
        // missing table fail that statement, and nothing of it is left.
        db.Execute("CREATE TRIGGER bare AFTER UPDATE ON t BEGIN INSERT INTO t VALUES (a, 'x'); END");
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, db.Fails("UPDATE t SET a = 1").ErrorCode);
        db.Execute("DROP TRIGGER bare");
        db.Execute("CREATE TRIGGER old_in_insert AFTER INSERT ON t BEGIN SELECT old.a; END");
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, db.Fails("INSERT INTO t VALUES (1, 'a')").ErrorCode);
        db.Execute("DROP TRIGGER old_in_insert");
        db.Execute("CREATE TRIGGER missing AFTER INSERT ON t BEGIN INSERT INTO later VALUES (new.a); END");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("INSERT INTO t VALUES (1, 'a')").ErrorCode);
        db.Execute("CREATE TABLE later(x INTEGER)");
        db.Execute("INSERT INTO t VALUES (1, 'a')");
        Assert.Equal(["1"], db.Query("SELECT x FROM later"));

        Assert.Equal(SharpCoreDBErrorCode.UnknownTrigger, db.Fails("DROP TRIGGER nope").ErrorCode);
        db.Execute("DROP TRIGGER IF EXISTS nope");

        // DROP TABLE takes its triggers with it.
        db.Execute("DROP TABLE t");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTrigger, db.Fails("DROP TRIGGER tr").ErrorCode);
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT)");
        db.Execute("INSERT INTO t VALUES (2, 'b')");
        Assert.Equal(["1"], db.Query("SELECT x FROM later"));
    }

    [Fact]
    public void A_rolled_back_create_trigger_leaves_nothing_behind()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        db.Execute("CREATE TABLE log(a INTEGER)");
        db.Execute("BEGIN");
        db.Execute("CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); END");
        db.Execute("INSERT INTO t VALUES (1)");
        Assert.Equal(["1"], db.Query("SELECT a FROM log"));
        db.Execute("ROLLBACK");
        db.Execute("INSERT INTO t VALUES (2)");
        Assert.Empty(db.Query("SELECT a FROM log"));
        Assert.Equal(SharpCoreDBErrorCode.UnknownTrigger, db.Fails("DROP TRIGGER tr").ErrorCode);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_triggers_and_statements_match_sqlite(int seed)
    {
        var random = new Random(seed);
        string[] tables = ["p", "q", "r"];
        string[] events = ["INSERT", "UPDATE", "UPDATE OF a", "UPDATE OF b", "DELETE"];
        var script = new List<string>
        {
            "CREATE TABLE p(id INTEGER PRIMARY KEY, a INTEGER, b TEXT)",
            "CREATE TABLE q(id INTEGER PRIMARY KEY AUTOINCREMENT, a INTEGER, b TEXT UNIQUE)",
            "CREATE TABLE r(a INTEGER, b TEXT)",
            "CREATE INDEX r_a ON r(a)",
        };
        for (int i = 0; i < 4 + random.Next(5); i++)
        {
            string table = tables[random.Next(tables.Length)];
            string triggerEvent = events[random.Next(events.Length)];
            string row = triggerEvent.StartsWith("DELETE", StringComparison.Ordinal) ? "old" : "new";
            string timing = random.Next(2) == 0 ? "BEFORE" : "AFTER";
            string when = random.Next(3) == 0 ? $" WHEN {row}.a % 3 = {random.Next(3)}" : string.Empty;
            var body = new List<string>();
            for (int s = 0; s < 1 + random.Next(2); s++)
            {
                string target = tables[random.Next(tables.Length)];
                body.Add(random.Next(6) switch
                {
                    0 => $"INSERT INTO {target}(a, b) VALUES ({row}.a + {random.Next(5)}, 't{i}' || {row}.b)",
                    1 => $"UPDATE {target} SET a = a + 1 WHERE a = {row}.a",
                    2 => $"DELETE FROM {target} WHERE a > {row}.a + {random.Next(4)}",
                    // LIMIT keeps chains of such copies from growing the tables without bound (on both engines).
                    3 => $"INSERT OR IGNORE INTO {target}(a, b) SELECT a * 2, b || '{i}' FROM {tables[random.Next(tables.Length)]} WHERE a < {random.Next(6)} LIMIT 2",
                    4 => $"SELECT CASE WHEN {row}.a = {random.Next(8)} THEN RAISE(IGNORE) END",
                    _ => $"UPDATE {target} SET b = (SELECT count(*) FROM {tables[random.Next(tables.Length)]}) WHERE rowid = {row}.rowid",
                });
            }

            script.Add($"CREATE TRIGGER tr{i} {timing} {triggerEvent} ON {table}{when} BEGIN {string.Join("; ", body)}; END");
        }

        for (int step = 0; step < 12; step++)
        {
            string table = tables[random.Next(tables.Length)];
            script.Add(random.Next(5) switch
            {
                0 or 1 => $"INSERT INTO {table}(a, b) VALUES ({random.Next(8)}, 'v{step}'), ({random.Next(8)}, 'w{step}')",
                2 => $"UPDATE {table} SET a = a + {random.Next(1, 3)} WHERE a % 2 = {random.Next(2)}",
                3 => $"UPDATE {table} SET b = b || 'u' WHERE a < {random.Next(8)}",
                _ => $"DELETE FROM {table} WHERE a = {random.Next(8)}",
            });
        }

        AssertSameAsSqlite([.. script], ["SELECT rowid, * FROM p ORDER BY rowid", "SELECT rowid, * FROM q ORDER BY rowid", "SELECT rowid, * FROM r ORDER BY rowid"], seed: seed);
    }

    // Runs the script on both engines (a statement must fail on both or on neither) and compares the queries.
    private static void AssertSameAsSqlite(string[] script, string[] queries, int seed = 0)
    {
        using var engine = new EngineHarness();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        var log = new List<string>();
        foreach (string sql in script)
        {
            string? sqliteError = null;
            try
            {
                using SqliteCommand command = sqlite.CreateCommand();
                command.CommandText = sql;
                command.ExecuteNonQuery();
            }
            catch (SqliteException ex)
            {
                sqliteError = ex.Message;
            }

            string? engineError = null;
            try
            {
                engine.Execute(sql);
            }
            catch (SharpCoreDBException ex)
            {
                engineError = ex.Message;
            }

            log.Add($"{sql}\n    sqlite: {sqliteError ?? "ok"}; engine: {engineError ?? "ok"}");
            Assert.True((sqliteError is null) == (engineError is null), $"seed {seed}:\n  {string.Join("\n  ", log)}");
        }

        foreach (string query in queries)
        {
            List<string> expected = DifferentialTests.SqliteRows(sqlite, query, seed);
            List<string> actual = DifferentialTests.EngineRows(engine, query, seed);
            Assert.True(expected.SequenceEqual(actual), $"seed {seed}: {query}\n  {string.Join("\n  ", log)}\n  sqlite: {string.Join(" ; ", expected)}\n  engine: {string.Join(" ; ", actual)}");
        }
    }
}
