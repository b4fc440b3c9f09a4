using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>Partial indexes (<c>CREATE INDEX … WHERE</c>): maintained, enforced and chosen as in SQLite.</summary>
public sealed class PartialIndexTests : IDisposable
{
    private readonly DualDatabase _db = new("""
        CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, c TEXT);
        CREATE INDEX t_a_big ON t(a) WHERE b > 10;
        CREATE INDEX t_c ON t(c) WHERE c IS NOT NULL;
        CREATE INDEX t_a_or ON t(b) WHERE a = 1 OR a = 2;
        INSERT INTO t VALUES (1, 1, 5, NULL), (2, 1, 15, 'x'), (3, 2, 20, 'y'), (4, 3, 11, NULL), (5, 1, 12, 'x'), (6, NULL, 30, 'z');
        """);

    public void Dispose() => _db.Dispose();

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 8, stress: 200);

    private string Plan(string sql) => string.Join("\n", _db.Engine.Query("EXPLAIN " + sql));

    [Theory]
    [InlineData("SELECT id FROM t WHERE a = 1 AND b > 10 ORDER BY id")]
    [InlineData("SELECT id FROM t WHERE a = 1 ORDER BY id")]
    [InlineData("SELECT id FROM t WHERE c = 'x' ORDER BY id")]
    [InlineData("SELECT id FROM t WHERE c > 'w' ORDER BY id")]
    [InlineData("SELECT id FROM t WHERE a = 1 AND b = 15")]
    [InlineData("SELECT id FROM t WHERE a IN (1, 2) AND b > 12 ORDER BY id")]
    [InlineData("SELECT count(*) FROM t")]
    [InlineData("SELECT c FROM t ORDER BY c")]
    public void Queries_match_sqlite(string sql) => _db.AssertSame(sql);

    [Theory]
    [InlineData("SELECT id FROM t WHERE a = 1 AND b > 10", "t_a_big")]
    [InlineData("SELECT id FROM t WHERE b > 10 AND a = 1", "t_a_big")]
    [InlineData("SELECT id FROM t WHERE c = 'x'", "t_c")]
    [InlineData("SELECT id FROM t WHERE c > 'w'", "t_c")]
    [InlineData("SELECT id FROM t WHERE c IN ('x', 'y')", "t_c")]
    [InlineData("SELECT id FROM t WHERE b = 15 AND a = 1", "t_a_or")]
    [InlineData("SELECT id FROM t WHERE b = 15 AND a IN (2, 1)", "t_a_or")]
    public void Plan_uses_a_partial_index_when_the_where_implies_it(string sql, string index)
    {
        Assert.Contains("USING INDEX " + index, Plan(sql), StringComparison.Ordinal);
        _db.AssertSame(sql + " ORDER BY id");
    }

    [Theory]
    [InlineData("SELECT id FROM t WHERE a = 1", "t_a_big")]
    [InlineData("SELECT id FROM t WHERE a = 1 AND b > 11", "t_a_big")]
    [InlineData("SELECT id FROM t WHERE a = 1 AND (b > 10 OR c = 'x')", "t_a_big")]
    [InlineData("SELECT id FROM t WHERE c IS 'x'", "t_c")]
    [InlineData("SELECT id FROM t WHERE c = 'x' OR id = 1", "t_c")]
    [InlineData("SELECT id FROM t ORDER BY c", "t_c")]
    [InlineData("SELECT id FROM t WHERE b = 15 AND a IN (1, 3)", "t_a_or")]
    [InlineData("SELECT id FROM t WHERE b = 15", "t_a_or")]
    public void Plan_never_uses_a_partial_index_the_where_does_not_imply(string sql, string index)
    {
        Assert.DoesNotContain("USING INDEX " + index, Plan(sql), StringComparison.Ordinal);
        _db.AssertSame(sql + (sql.Contains("ORDER BY", StringComparison.Ordinal) ? string.Empty : " ORDER BY id"));
    }

    [Fact]
    public void A_unique_partial_index_constrains_only_the_rows_it_holds()
    {
        _db.Execute("CREATE TABLE u(k INTEGER, live INTEGER); CREATE UNIQUE INDEX u_k ON u(k) WHERE live = 1");
        _db.Execute("INSERT INTO u VALUES (1, 0), (1, 0), (1, 1), (2, 1)");
        const string duplicate = "INSERT INTO u VALUES (1, 1)";
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(duplicate));
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
        Assert.Contains("UNIQUE constraint failed: u.k", error.Message, StringComparison.Ordinal);
        Assert.Contains("UNIQUE constraint failed: u.k", Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(duplicate)).Message, StringComparison.Ordinal);

        // Leaving the index frees the key; entering it with a taken key fails.
        _db.Execute("UPDATE u SET live = 0 WHERE k = 1 AND live = 1");
        _db.Execute("INSERT INTO u VALUES (1, 1)");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("UPDATE u SET live = 1 WHERE rowid = 1"));
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite("UPDATE u SET live = 1 WHERE rowid = 1"));
        _db.Execute("INSERT OR REPLACE INTO u VALUES (2, 1)");
        _db.Execute("INSERT INTO u VALUES (2, 1) ON CONFLICT (k) WHERE live = 1 DO UPDATE SET live = 7");
        _db.AssertSame("SELECT rowid, k, live FROM u ORDER BY rowid");
        _db.AssertSame("SELECT k FROM u WHERE live = 1 ORDER BY k");
    }

    [Fact]
    public void Create_unique_index_fails_only_on_duplicates_among_matching_rows()
    {
        _db.Execute("CREATE UNIQUE INDEX t_a_u ON t(a) WHERE b > 12");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("CREATE UNIQUE INDEX t_a_v ON t(a) WHERE b > 10"));
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite("CREATE UNIQUE INDEX t_a_v ON t(a) WHERE b > 10"));
        _db.Execute("REINDEX");
        _db.AssertSame("SELECT id FROM t WHERE a = 1 AND b > 12");
    }

    [Fact]
    public void Upsert_target_picks_a_partial_index_only_with_a_where_that_implies_it()
    {
        _db.Execute("CREATE TABLE p(x INTEGER PRIMARY KEY, y INTEGER); CREATE UNIQUE INDEX p_y ON p(y) WHERE y > 0");
        const string sql = "INSERT INTO p VALUES (1, 1) ON CONFLICT (y) DO NOTHING";
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.Contains("ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint", error.Message, StringComparison.Ordinal);
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
        _db.Execute("INSERT INTO p VALUES (1, 1); INSERT INTO p VALUES (2, 1) ON CONFLICT (y) WHERE y > 0 DO NOTHING");
        _db.AssertSame("SELECT * FROM p ORDER BY x");
    }

    [Fact]
    public void A_partial_unique_index_is_no_parent_key()
    {
        _db.Execute("CREATE TABLE p(x INTEGER PRIMARY KEY, y INTEGER); CREATE UNIQUE INDEX p_y ON p(y) WHERE y > 0; CREATE TABLE c(z REFERENCES p(y))");
        _db.Engine.Execute("PRAGMA foreign_keys = ON");
        _db.ExecuteSqlite("PRAGMA foreign_keys = ON");
        const string sql = "INSERT INTO c VALUES (1)";
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.Contains("foreign key mismatch", error.Message, StringComparison.Ordinal);
        Assert.Contains("foreign key mismatch", Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("CREATE INDEX bad ON t(a) WHERE (SELECT 1)", "subqueries prohibited in partial index WHERE clauses")]
    [InlineData("CREATE INDEX bad ON t(a) WHERE b IN (SELECT 1)", "subqueries prohibited in partial index WHERE clauses")]
    [InlineData("CREATE INDEX bad ON t(a) WHERE random() > 0", "non-deterministic functions prohibited in partial index WHERE clauses")]
    [InlineData("CREATE INDEX bad ON t(a) WHERE changes() > 0", "non-deterministic functions prohibited in partial index WHERE clauses")]
    [InlineData("CREATE INDEX bad ON t(a) WHERE ? > 0", "parameters prohibited in partial index WHERE clauses")]
    [InlineData("CREATE INDEX bad ON t(a) WHERE x > 0", "no such column: x")]
    [InlineData("CREATE INDEX bad ON t(a) WHERE u.b > 0", "no such column: u.b")]
    [InlineData("CREATE INDEX bad ON t(a) WHERE max(b) > 0", "misuse of aggregate function max()")]
    public void A_bad_where_is_refused_with_sqlites_message(string sql, string message)
    {
        object?[] parameters = sql.Contains('?', StringComparison.Ordinal) ? [1] : [];
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql, parameters));
        Assert.StartsWith(message, error.Message, StringComparison.Ordinal);
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Date_functions_are_allowed_unless_they_ask_for_now()
    {
        _db.Engine.Execute("CREATE INDEX ok ON t(a) WHERE date(c) IS NULL");
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("CREATE INDEX bad ON t(a) WHERE b > julianday('now')"));
        Assert.StartsWith("non-deterministic functions prohibited in partial index WHERE clauses", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Pragma_index_list_says_partial_and_drop_column_keeps_a_where_column()
    {
        _db.AssertSame("PRAGMA index_list(t)");
        const string sql = "ALTER TABLE t DROP COLUMN b";
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.StartsWith("error in index t_a_big after drop column", error.Message, StringComparison.Ordinal);
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
    }

    [Fact]
    public void Rename_column_rewrites_the_where()
    {
        _db.Execute("ALTER TABLE t RENAME COLUMN b TO bb");
        Assert.Equal(_db.SqliteDefinition("index", "t_a_big"), _db.Engine.Query("SELECT sql FROM sqlite_master WHERE name = 't_a_big'")[0]);
        _db.Execute("INSERT INTO t VALUES (7, 1, 40, NULL)");
        _db.AssertSame("SELECT id FROM t WHERE a = 1 AND bb > 10 ORDER BY id");
        Assert.Contains("USING INDEX t_a_big", Plan("SELECT id FROM t WHERE a = 1 AND bb > 10"), StringComparison.Ordinal);
    }

    [Fact]
    public void Partial_index_survives_reopen()
    {
        using var temp = new TempDatabase();
        using (EngineHarness first = temp.Open())
        {
            first.Execute("CREATE TABLE s(a, b); CREATE UNIQUE INDEX s_a ON s(a) WHERE b IS NOT NULL; INSERT INTO s VALUES (1, NULL), (1, NULL), (1, 2)");
        }

        using EngineHarness second = temp.Open();
        Assert.Throws<SharpCoreDBException>(() => second.Execute("INSERT INTO s VALUES (1, 3)"));
        second.Execute("INSERT INTO s VALUES (1, NULL)");
        Assert.Equal(["1"], second.Query("SELECT count(*) FROM s WHERE a = 1 AND b IS NOT NULL"));
        Assert.Contains("USING INDEX s_a", string.Join("\n", second.Query("EXPLAIN SELECT b FROM s WHERE a = 1 AND b IS NOT NULL")), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_writes_and_queries_agree_with_sqlite(int seed)
    {
        var random = new Random(seed);
        _db.Execute("CREATE UNIQUE INDEX t_c_u ON t(c, a) WHERE b < 5 AND a IS NOT NULL");
        string[] values = ["NULL", "0", "1", "2", "3", "5", "11", "12", "20", "'x'", "'y'", "'5'", "2.5"];
        string V() => values[random.Next(values.Length)];
        for (int step = 0; step < 80; step++)
        {
            string sql = random.Next(6) switch
            {
                0 or 1 => $"INSERT INTO t(a, b, c) VALUES ({V()}, {V()}, {V()})",
                2 => $"INSERT OR REPLACE INTO t(a, b, c) VALUES ({V()}, {V()}, {V()})",
                3 => $"UPDATE t SET {"abc"[random.Next(3)]} = {V()} WHERE id % 3 = {random.Next(3)}",
                4 => $"DELETE FROM t WHERE a = {V()}",
                _ => $"UPDATE OR IGNORE t SET b = b + {random.Next(-5, 6)} WHERE a IS {V()}",
            };
            DifferentialTests.Both(_db.Engine, _db.Sqlite, sql, seed);

            string query = random.Next(5) switch
            {
                0 => $"SELECT id FROM t WHERE a = {V()} AND b > 10 ORDER BY id",
                1 => $"SELECT id, c FROM t WHERE c = {V()} ORDER BY id",
                2 => $"SELECT id FROM t WHERE b = {V()} AND a = {random.Next(1, 3)} ORDER BY id",
                3 => $"SELECT id FROM t WHERE c = {V()} AND a = {V()} AND b < 5 AND a IS NOT NULL ORDER BY id",
                _ => $"SELECT id FROM t WHERE a IN ({V()}, {V()}) AND b > 10 ORDER BY id",
            };
            List<string> expected = DifferentialTests.SqliteRows(_db.Sqlite, query, seed);
            List<string> actual = DifferentialTests.EngineRows(_db.Engine, query, seed);
            Assert.True(expected.SequenceEqual(actual), $"seed {seed}, step {step}: {query}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}");
        }
    }
}
