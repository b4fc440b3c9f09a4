using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>Indexes on expressions: maintained, enforced and chosen for the same expression and for ORDER BY, as in SQLite.</summary>
public sealed class ExpressionIndexTests : IDisposable
{
    private readonly DualDatabase _db = new("""
        CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, c TEXT);
        CREATE INDEX t_lower ON t(lower(c));
        CREATE INDEX t_sum ON t(a + b DESC, id);
        INSERT INTO t VALUES (1, 1, 5, 'Abc'), (2, 1, 15, 'abc'), (3, 2, 20, 'XY'), (4, 3, 11, NULL), (5, 1, 12, 'xy'), (6, NULL, 30, 'b');
        """);

    public void Dispose() => _db.Dispose();

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 8, stress: 200);

    private string Plan(string sql) => string.Join("\n", _db.Engine.Query("EXPLAIN " + sql));

    [Theory]
    [InlineData("SELECT id FROM t WHERE lower(c) = 'abc'", "USING INDEX t_lower (lower(c) = 'abc')")]
    [InlineData("SELECT id FROM t WHERE 'xy' = lower(c)", "USING INDEX t_lower")]
    [InlineData("SELECT id FROM t WHERE lower(c) > 'b'", "USING INDEX t_lower")]
    [InlineData("SELECT id FROM t WHERE lower(c) IN ('abc', 'b')", "USING INDEX t_lower")]
    [InlineData("SELECT id FROM t WHERE a + b = 16", "USING INDEX t_sum")]
    public void Plan_uses_the_index_for_the_same_expression(string sql, string expected)
    {
        Assert.Contains(expected, Plan(sql), StringComparison.Ordinal);
        _db.AssertSame(sql + " ORDER BY id");
    }

    [Theory]
    [InlineData("SELECT id FROM t WHERE upper(c) = 'ABC'")]
    [InlineData("SELECT id FROM t WHERE lower(c || '') = 'abc'")]
    [InlineData("SELECT id FROM t WHERE b + a = 16")]
    public void Plan_never_uses_the_index_for_another_expression(string sql)
    {
        string plan = Plan(sql);
        Assert.DoesNotContain("t_lower", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("t_sum", plan, StringComparison.Ordinal);
        _db.AssertSame(sql + " ORDER BY id");
    }

    [Theory]
    [InlineData("SELECT id, c FROM t ORDER BY lower(c)", "t_lower")]
    [InlineData("SELECT id FROM t ORDER BY a + b DESC, id", "t_sum")]
    [InlineData("SELECT id FROM t ORDER BY a + b, id DESC", "t_sum")]
    public void Order_by_the_expression_reads_the_index_instead_of_sorting(string sql, string index)
    {
        string plan = Plan(sql);
        Assert.Contains("USING INDEX " + index, plan, StringComparison.Ordinal);
        Assert.DoesNotContain("Sort", plan, StringComparison.Ordinal);
        _db.AssertSame(sql);
    }

    [Fact]
    public void A_unique_expression_index_is_enforced_with_sqlites_message()
    {
        _db.Execute("CREATE TABLE u(e TEXT); CREATE UNIQUE INDEX u_e ON u(lower(e)); INSERT INTO u VALUES ('A'), ('b'), (NULL), (NULL)");
        const string sql = "INSERT INTO u VALUES ('a')";
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
        Assert.Equal("UNIQUE constraint failed: index 'u_e'", error.Message);
        Assert.Contains("UNIQUE constraint failed: index 'u_e'", Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
        _db.Execute("INSERT OR REPLACE INTO u VALUES ('B'); UPDATE u SET e = 'c' WHERE e = 'A'; INSERT OR IGNORE INTO u VALUES ('C')");
        _db.AssertSame("SELECT rowid, e FROM u ORDER BY rowid");

        const string create = "CREATE UNIQUE INDEX t_l ON t(lower(c))";
        Assert.Equal("UNIQUE constraint failed: index 't_l'", Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(create)).Message);
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(create));
    }

    [Theory]
    [InlineData("CREATE INDEX bad ON t((SELECT 1))", "subqueries prohibited in index expressions")]
    [InlineData("CREATE INDEX bad ON t(random())", "non-deterministic functions prohibited in index expressions")]
    [InlineData("CREATE INDEX bad ON t(a + last_insert_rowid())", "non-deterministic functions prohibited in index expressions")]
    [InlineData("CREATE INDEX bad ON t(x + 1)", "no such column: x")]
    [InlineData("CREATE INDEX bad ON t(max(a))", "misuse of aggregate function max()")]
    [InlineData("CREATE TABLE bad(a, UNIQUE(lower(a)))", "expressions prohibited in PRIMARY KEY and UNIQUE constraints")]
    public void A_bad_expression_is_refused_with_sqlites_message(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.StartsWith(message, error.Message, StringComparison.Ordinal);
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Pragma_index_info_and_drop_column_behave_as_in_sqlite()
    {
        _db.AssertSame("PRAGMA index_info(t_sum)");
        const string sql = "ALTER TABLE t DROP COLUMN c";
        Assert.StartsWith("error in index t_lower after drop column", Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql)).Message, StringComparison.Ordinal);
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
    }

    [Fact]
    public void Expression_index_survives_reopen_and_reindex()
    {
        using var temp = new TempDatabase();
        using (EngineHarness first = temp.Open())
        {
            first.Execute("CREATE TABLE s(a TEXT); CREATE UNIQUE INDEX s_a ON s(lower(a)); INSERT INTO s VALUES ('X'), ('y')");
        }

        using EngineHarness second = temp.Open();
        Assert.Throws<SharpCoreDBException>(() => second.Execute("INSERT INTO s VALUES ('x')"));
        second.Execute("REINDEX s_a; DELETE FROM s WHERE a = 'X'; INSERT INTO s VALUES ('x')");
        Assert.Equal(["x"], second.Query("SELECT a FROM s WHERE lower(a) = 'x'"));
        Assert.Contains("USING INDEX s_a", string.Join("\n", second.Query("EXPLAIN SELECT a FROM s WHERE lower(a) = 'x'")), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_writes_and_queries_agree_with_sqlite(int seed)
    {
        var random = new Random(seed);
        _db.Execute("CREATE INDEX t_mix ON t(b % 3, lower(c)) WHERE a IS NOT NULL");
        string[] values = ["NULL", "0", "1", "2", "3", "5", "11", "12", "20", "'x'", "'X'", "'Ab'", "'ab'", "'5'", "2.5"];
        string V() => values[random.Next(values.Length)];
        for (int step = 0; step < 80; step++)
        {
            string sql = random.Next(5) switch
            {
                0 or 1 => $"INSERT INTO t(a, b, c) VALUES ({V()}, {V()}, {V()})",
                2 => $"UPDATE t SET {"abc"[random.Next(3)]} = {V()} WHERE id % 3 = {random.Next(3)}",
                3 => $"DELETE FROM t WHERE lower(c) = {V()}",
                _ => $"INSERT OR REPLACE INTO t(id, a, b, c) VALUES ({random.Next(1, 10)}, {V()}, {V()}, {V()})",
            };
            DifferentialTests.Both(_db.Engine, _db.Sqlite, sql, seed);

            string query = random.Next(5) switch
            {
                0 => $"SELECT id FROM t WHERE lower(c) = {V()} ORDER BY id",
                1 => $"SELECT id FROM t WHERE a + b > {V()} ORDER BY id",
                2 => $"SELECT id, lower(c) FROM t ORDER BY lower(c), id",
                3 => $"SELECT id FROM t WHERE b % 3 = {random.Next(3)} AND lower(c) = {V()} AND a IS NOT NULL ORDER BY id",
                _ => $"SELECT id FROM t WHERE a + b IN ({V()}, {V()}) ORDER BY id",
            };
            List<string> expected = DifferentialTests.SqliteRows(_db.Sqlite, query, seed);
            List<string> actual = DifferentialTests.EngineRows(_db.Engine, query, seed);
            Assert.True(expected.SequenceEqual(actual), $"seed {seed}, step {step}: {query}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}");
        }
    }
}
