using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// INSERT ... ON CONFLICT (upsert) against SQLite: DO NOTHING and DO UPDATE on the row id, a unique column and a
/// unique pair, several clauses, clauses without a target, "excluded", the DO UPDATE WHERE, the counters, UPDATE
/// triggers fired by DO UPDATE, and SQLite's errors. A seeded random test runs upserts against both.
/// </summary>
public sealed class UpsertTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT UNIQUE, c INT, d INT, UNIQUE(c, d)); " +
        "INSERT INTO t VALUES (1, 'x', 1, 1), (2, 'y', 2, 2); " +
        "CREATE TABLE kv(k TEXT PRIMARY KEY, v INT NOT NULL DEFAULT 0, n INT CHECK (n < 100)); " +
        "CREATE TABLE audit(what TEXT); " +
        "CREATE TRIGGER kv_up AFTER UPDATE ON kv BEGIN INSERT INTO audit VALUES ('up ' || old.k || ' ' || old.v || '>' || new.v); END; " +
        "CREATE TRIGGER kv_in AFTER INSERT ON kv BEGIN INSERT INTO audit VALUES ('in ' || new.k); END";

    private static readonly string[] Checks =
    [
        "SELECT * FROM t ORDER BY a",
        "SELECT * FROM kv ORDER BY k",
        "SELECT * FROM audit ORDER BY rowid",
        "SELECT changes(), total_changes(), last_insert_rowid()",
    ];

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("INSERT INTO t VALUES (1, 'z', 3, 3) ON CONFLICT DO NOTHING")]
    [InlineData("INSERT INTO t VALUES (1, 'z', 3, 3) ON CONFLICT(a) DO NOTHING")]
    [InlineData("INSERT INTO t VALUES (5, 'x', 1, 1) ON CONFLICT(d, c) DO UPDATE SET b = excluded.b || b")]
    [InlineData("INSERT INTO t VALUES (5, 'q', 1, 1) ON CONFLICT(c, d) DO UPDATE SET b = excluded.b || b")]
    [InlineData("INSERT INTO t VALUES (2, 'y2', 9, 9) ON CONFLICT(a) DO UPDATE SET b = excluded.b WHERE c > 5")]
    [InlineData("INSERT INTO t VALUES (2, 'y2', 9, 9) ON CONFLICT(a) DO UPDATE SET b = excluded.b WHERE excluded.c > 5")]
    [InlineData("INSERT INTO t VALUES (2, 'y2', 9, 9) ON CONFLICT(rowid) DO UPDATE SET b = excluded.b")]
    [InlineData("INSERT INTO t VALUES (2, 'y', 9, 9) ON CONFLICT(a) DO UPDATE SET b = 'w'")]
    [InlineData("INSERT INTO t VALUES (7, 'y', 9, 9) ON CONFLICT(b) DO UPDATE SET c = excluded.rowid, d = t.d * 10")]
    [InlineData("INSERT INTO t SELECT 8, 'x', 0, 0 ON CONFLICT DO NOTHING")]
    [InlineData("INSERT INTO t SELECT * FROM t WHERE 1 ON CONFLICT DO UPDATE SET c = c + 100")]
    [InlineData("INSERT OR IGNORE INTO t VALUES (9, 'x', 0, 0) ON CONFLICT(a) DO NOTHING")]
    [InlineData("INSERT OR REPLACE INTO t VALUES (9, 'x', 0, 0) ON CONFLICT(a) DO NOTHING")]
    [InlineData("INSERT INTO t VALUES (10, 'x', 0, 0) ON CONFLICT(a) DO UPDATE SET b = excluded.b ON CONFLICT(b) DO UPDATE SET c = excluded.c")]
    [InlineData("INSERT INTO t VALUES (1, 'y', 0, 0) ON CONFLICT(b) DO UPDATE SET c = 50 ON CONFLICT(a) DO UPDATE SET c = 60")]
    [InlineData("INSERT INTO t VALUES (1, 'y', 0, 0) ON CONFLICT(a) DO UPDATE SET c = 60 ON CONFLICT(b) DO UPDATE SET c = 50")]
    [InlineData("INSERT INTO t AS z VALUES (10, 'x', 0, 0) ON CONFLICT(b) DO UPDATE SET c = z.c + excluded.c + 1")]
    [InlineData("INSERT INTO t VALUES (3, 'x', 0, 0), (4, 'x', 5, 5), (3, 'w', 7, 7) ON CONFLICT(b) DO UPDATE SET c = c + excluded.c ON CONFLICT(a) DO UPDATE SET b = b || excluded.b")]
    [InlineData("INSERT INTO t(b, c) VALUES ('x', 40) ON CONFLICT(b) DO UPDATE SET c = excluded.c, d = excluded.a")]
    [InlineData("INSERT INTO t(b, c, d) VALUES ('new', 1, 1) ON CONFLICT(c, d) DO UPDATE SET b = excluded.b")]
    [InlineData("INSERT INTO t VALUES (NULL, NULL, NULL, NULL), (NULL, NULL, NULL, NULL) ON CONFLICT DO NOTHING")]
    [InlineData("INSERT INTO kv(k, v) VALUES ('a', 1), ('b', 2), ('a', 10) ON CONFLICT(k) DO UPDATE SET v = v + excluded.v")]
    [InlineData("INSERT INTO kv(k, v) VALUES ('a', 1), ('a', 2), ('a', 3) ON CONFLICT(k) DO UPDATE SET v = v + excluded.v WHERE excluded.v <> 2")]
    [InlineData("INSERT INTO kv(k) VALUES ('a'), ('a') ON CONFLICT(k) DO NOTHING")]
    [InlineData("INSERT INTO t VALUES (1, 'x', 1, 1) ON CONFLICT(a) WHERE a > 0 DO UPDATE SET c = 9")]
    [InlineData("INSERT INTO t SELECT a, b, c + 1, d FROM t WHERE true ON CONFLICT(a) DO UPDATE SET c = excluded.c * 10")]
    public void Statements_match_sqlite(string sql)
    {
        _both.Execute(sql);
        AssertSame();
    }

    [Theory]
    [InlineData("INSERT INTO t VALUES (1, 'z', 3, 3) ON CONFLICT(c) DO NOTHING", "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint")]
    [InlineData("INSERT INTO t VALUES (1, 'z', 3, 3) ON CONFLICT(d, c) DO UPDATE SET b = excluded.b", "UNIQUE constraint failed: t.a")]
    [InlineData("INSERT INTO t VALUES (11, 'x', 0, 0) ON CONFLICT(b) DO UPDATE SET b = 'y'", "UNIQUE constraint failed: t.b")]
    [InlineData("INSERT INTO t VALUES (7, 'y', 9, 9) ON CONFLICT(a) DO UPDATE SET b = 'w'", "UNIQUE constraint failed: t.b")]
    [InlineData("INSERT INTO t VALUES (11, 'x', 0, 0) ON CONFLICT(b) DO UPDATE SET c = b.c", "no such column: b.c")]
    [InlineData("INSERT INTO t VALUES (11, 'x', 0, 0) ON CONFLICT(b) DO UPDATE SET zz = 1", "no such column: zz")]
    [InlineData("INSERT INTO t VALUES (1, 'z', 3, 3) ON CONFLICT DO NOTHING ON CONFLICT(b) DO NOTHING", "only the last ON CONFLICT clause may omit the conflict target")]
    [InlineData("INSERT INTO t VALUES (1, 'z', 3, 3) ON CONFLICT(q) DO NOTHING", "no such column: q")]
    [InlineData("INSERT INTO kv(k, v) VALUES ('a', 1), ('a', 2) ON CONFLICT(k) DO UPDATE SET v = NULL", "NOT NULL constraint failed: kv.v")]
    [InlineData("INSERT INTO kv(k, n) VALUES ('a', 1), ('a', 2) ON CONFLICT(k) DO UPDATE SET n = 500", "CHECK constraint failed")]
    public void Refused_statements_change_nothing(string sql, string message)
    {
        List<string> before = Snapshot();
        Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql));
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.Equal(before, Snapshot());
        AssertSame();
    }

    [Fact]
    public void A_trigger_program_with_an_upsert_survives_reopening()
    {
        using var file = new TempDatabase();
        const string setup =
            "CREATE TABLE hits(page TEXT PRIMARY KEY, n INT); CREATE TABLE visits(page TEXT); " +
            "CREATE TRIGGER count_visit AFTER INSERT ON visits BEGIN " +
            "INSERT INTO hits VALUES (new.page, 1) ON CONFLICT(page) DO UPDATE SET n = n + excluded.n; END";
        using (var db = new EngineHarness(file.Options()))
        {
            db.Execute(setup);
            db.Execute("INSERT INTO visits VALUES ('a'), ('b'), ('a')");
        }

        using (var db = new EngineHarness(file.Options()))
        {
            db.Execute("INSERT INTO visits VALUES ('a')");
            Assert.Equal(["a|3", "b|1"], db.Query("SELECT page, n FROM hits ORDER BY page"));
        }
    }

    [Theory]
    [InlineData("INSERT INTO t DEFAULT VALUES ON CONFLICT DO NOTHING")]
    [InlineData("INSERT INTO t VALUES (1, 'x', 1, 1) ON CONFLICT(a) DO")]
    [InlineData("INSERT INTO t VALUES (1, 'x', 1, 1) ON CONFLICT DO UPDATE")]
    public void Malformed_upserts_are_syntax_errors(string sql)
    {
        Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql));
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql));
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
        Assert.Contains("line 1, column", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Upsert_with_parameters_through_the_provider()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE counters(name TEXT PRIMARY KEY, hits INTEGER NOT NULL)";
        command.ExecuteNonQuery();
        command.CommandText = "INSERT INTO counters VALUES (@name, 1) ON CONFLICT(name) DO UPDATE SET hits = hits + @step";
        command.Parameters.AddWithValue("@name", "home");
        command.Parameters.AddWithValue("@step", 5);
        Assert.Equal(1, command.ExecuteNonQuery());
        Assert.Equal(1, command.ExecuteNonQuery());
        Assert.Equal(1, command.ExecuteNonQuery());
        command.Parameters.Clear();
        command.CommandText = "SELECT hits FROM counters WHERE name = 'home'";
        Assert.Equal(11L, command.ExecuteScalar());
    }

    [Theory]
    [InlineData(21)]
    [InlineData(22)]
    public void Random_upserts_match_sqlite(int seed)
    {
        var random = new Random(seed);
        int steps = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? 3_000 : 300;
        string[] targets = ["", "(a)", "(b)", "(c, d)", "(d, c)", "(rowid)"];
        for (int step = 0; step < steps; step++)
        {
            string values = $"({Value(random, 8)}, {Text(random)}, {Value(random, 4)}, {Value(random, 4)})";
            if (random.Next(3) == 0)
            {
                values += $", ({Value(random, 8)}, {Text(random)}, {Value(random, 4)}, {Value(random, 4)})";
            }

            string sql = $"INSERT{(random.Next(6) == 0 ? " OR IGNORE" : string.Empty)} INTO t VALUES {values}";
            int clauses = random.Next(1, 3);
            for (int i = 0; i < clauses; i++)
            {
                string target = i < clauses - 1 ? targets[random.Next(1, targets.Length)] : targets[random.Next(targets.Length)];
                sql += random.Next(3) == 0
                    ? $" ON CONFLICT{target} DO NOTHING"
                    : $" ON CONFLICT{target} DO UPDATE SET c = coalesce(c, 0) + {random.Next(1, 5)}, b = excluded.b || '{step % 10}'" +
                      (random.Next(3) == 0 ? $" WHERE excluded.d IS NOT {random.Next(4)}" : string.Empty);
            }

            DifferentialTests.Both(_both.Engine, _both.Sqlite, sql, seed);
            foreach (string check in Checks)
            {
                Assert.True(
                    DifferentialTests.SqliteRows(_both.Sqlite, check, seed).SequenceEqual(DifferentialTests.EngineRows(_both.Engine, check, seed)),
                    $"seed {seed}, step {step}: {sql}\n  differs on {check}");
            }
        }
    }

    private static string Value(Random random, int range) => random.Next(8) == 0 ? "NULL" : random.Next(1, range + 1).ToString(System.Globalization.CultureInfo.InvariantCulture);

    private static string Text(Random random) => random.Next(8) == 0 ? "NULL" : $"'{(char)('p' + random.Next(6))}'";

    private List<string> Snapshot()
    {
        var rows = new List<string>();
        foreach (string check in Checks[..3])
        {
            rows.AddRange(DifferentialTests.EngineRows(_both.Engine, check, 0));
        }

        return rows;
    }

    private void AssertSame()
    {
        foreach (string check in Checks)
        {
            Assert.Equal(DifferentialTests.SqliteRows(_both.Sqlite, check, 0), DifferentialTests.EngineRows(_both.Engine, check, 0));
        }
    }
}
