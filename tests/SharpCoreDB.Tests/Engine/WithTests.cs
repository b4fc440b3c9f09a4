using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>WITH (common table expressions; the recursive ones are in <see cref="RecursiveWithTests"/>), against SQLite where the result is data.</summary>
public sealed class WithTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c REAL); " +
        "INSERT INTO t VALUES (1, 'x', 1.5), (2, 'y', 2.5), (3, 'x', 3.5), (4, NULL, 0); " +
        "CREATE TABLE u(v INTEGER)";

    private readonly SqliteConnection _sqlite = new("Data Source=:memory:");
    private readonly EngineHarness _engine = new();

    public WithTests()
    {
        _sqlite.Open();
        using SqliteCommand command = _sqlite.CreateCommand();
        command.CommandText = Setup;
        command.ExecuteNonQuery();
        _engine.Execute(Setup);
    }

    public void Dispose()
    {
        _engine.Dispose();
        _sqlite.Dispose();
    }

    [Theory]
    [InlineData("WITH c AS (SELECT a FROM t WHERE a > 1) SELECT count(*) FROM c")]
    [InlineData("WITH c(x, y) AS (SELECT a, b FROM t) SELECT y, x FROM c ORDER BY x DESC")]
    [InlineData("WITH p AS (SELECT 1 AS v), q AS (SELECT v + 1 AS w FROM p) SELECT * FROM p, q")]
    [InlineData("WITH q AS (SELECT v * 10 AS w FROM p), p AS (SELECT 7 AS v) SELECT w FROM q")]
    [InlineData("WITH t AS (SELECT 42 AS a) SELECT a FROM t")]
    [InlineData("WITH c AS (SELECT a, b FROM t) SELECT x.a, y.a FROM c AS x JOIN c AS y ON x.b = y.b AND x.a < y.a")]
    [InlineData("SELECT (WITH c AS (SELECT max(a) AS m FROM t) SELECT m FROM c)")]
    [InlineData("SELECT a FROM t WHERE a IN (WITH c AS (SELECT 2 AS v UNION SELECT 4) SELECT v FROM c) ORDER BY a")]
    [InlineData("SELECT a, (WITH c AS (SELECT t.a * 2 AS v) SELECT v FROM c) FROM t ORDER BY a")]
    [InlineData("WITH g AS (SELECT b, sum(c) AS s FROM t GROUP BY b) SELECT b, s FROM g WHERE s > 1 ORDER BY s")]
    [InlineData("WITH c AS MATERIALIZED (SELECT 5 AS v), d AS NOT MATERIALIZED (SELECT 6 AS v) SELECT * FROM c, d")]
    [InlineData("WITH c AS (VALUES (1, 'one'), (2, 'two')) SELECT * FROM c ORDER BY 1 DESC")]
    [InlineData("SELECT * FROM (WITH c AS (SELECT a FROM t) SELECT a FROM c WHERE a % 2 = 0) ORDER BY a")]
    public void Queries_match_sqlite(string sql)
    {
        Assert.Equal(DifferentialTests.SqliteRows(_sqlite, sql, 0), DifferentialTests.EngineRows(_engine, sql, 0));
    }

    [Theory]
    [InlineData("WITH c AS (SELECT a FROM t WHERE b = 'x') DELETE FROM t WHERE a IN (SELECT a FROM c)")]
    [InlineData("WITH c AS (SELECT max(a) AS m FROM t) UPDATE t SET c = (SELECT m FROM c) * 2 WHERE a < 3")]
    [InlineData("WITH c(v) AS (VALUES (10), (20)), d AS (SELECT v + 1 AS w FROM c) INSERT INTO u SELECT w FROM d")]
    [InlineData("WITH c AS (SELECT a FROM t) REPLACE INTO t(a, b) SELECT a, 'r' FROM c WHERE a > 2")]
    public void Data_changing_statements_after_a_with_clause_match_sqlite(string sql)
    {
        using (SqliteCommand command = _sqlite.CreateCommand())
        {
            command.CommandText = sql;
            command.ExecuteNonQuery();
        }

        _engine.Execute(sql);
        foreach (string query in (string[])["SELECT * FROM t ORDER BY a", "SELECT * FROM u ORDER BY v"])
        {
            Assert.Equal(DifferentialTests.SqliteRows(_sqlite, query, 0), DifferentialTests.EngineRows(_engine, query, 0));
        }
    }

    [Fact]
    public void A_with_clause_leads_only_queries_and_data_changes()
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _engine.Execute("WITH c AS (SELECT 1) CREATE TABLE x(a)"));
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
        Assert.Contains("line 1, column 22", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Insert_select_with_parameters_in_the_named_query()
    {
        _engine.Execute("INSERT INTO u WITH c AS (SELECT a FROM t WHERE a >= @min) SELECT a * @scale FROM c", 3L, 10L);
        Assert.Equal(["30", "40"], _engine.Query("SELECT v FROM u ORDER BY v"));
    }

    [Theory]
    [InlineData("WITH t AS (SELECT * FROM t) SELECT * FROM t", "circular reference: t")]
    [InlineData("WITH p AS (SELECT * FROM q), q AS (SELECT * FROM p) SELECT * FROM p", "circular reference: p")]
    [InlineData("WITH c AS (SELECT 1), c AS (SELECT 2) SELECT * FROM c", "duplicate WITH table name: c")]
    [InlineData("WITH c(x) AS (SELECT a, b FROM t) SELECT * FROM c", "expected 1 columns for c but got 2")]
    [InlineData("WITH c AS (SELECT 1 AS v) SELECT * FROM main.c", "no such table: c")]
    public void Unsupported_and_invalid_forms_are_errors(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _engine.Query(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.Equal(["4"], _engine.Query("SELECT count(*) FROM t"));
    }

    [Fact]
    public void A_view_defined_with_a_named_query_survives_reopening()
    {
        using var file = new TempDatabase();
        using (var db = new EngineHarness(file.Options()))
        {
            db.Execute(Setup);
            db.Execute("CREATE VIEW xs AS WITH c(k) AS (SELECT a FROM t WHERE b = 'x') SELECT k FROM c");
            Assert.Equal(["1", "3"], db.Query("SELECT k FROM xs ORDER BY k"));
        }

        using (var db = new EngineHarness(file.Options()))
        {
            Assert.Equal(["1", "3"], db.Query("SELECT k FROM xs ORDER BY k"));
        }
    }
}
