using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// The limits on a statement's size that SQLite shares (Sql/SqlLimits.cs): at the limit both accept the statement,
/// one past it both reject it, and far past it the engine rejects it without first doing work in proportion.
/// </summary>
public sealed class SizeLimitTests : IDisposable
{
    private readonly DualDatabase _db = new("CREATE TABLE t(x); INSERT INTO t VALUES (1)");

    public void Dispose() => _db.Dispose();

    private static string Union(int terms) => "SELECT 1" + string.Concat(Enumerable.Repeat(" UNION SELECT 1", terms - 1));

    private static string CreateTable(string name, int columns) =>
        $"CREATE TABLE {name}(" + string.Join(", ", Enumerable.Range(0, columns).Select(i => $"c{i}")) + ")";

    private void AssertSqliteFails(string sql, string message)
    {
        var ex = Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
        Assert.Contains(message, ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_compound_select_takes_at_most_500_terms()
    {
        _db.AssertSame(Union(500));
        AssertSqliteFails(Union(501), "too many terms in compound SELECT");
        foreach (int terms in new[] { 501, 100_000 })
        {
            SharpCoreDBException ex = _db.Engine.Fails(Union(terms));
            Assert.Equal(SharpCoreDBErrorCode.TooComplex, ex.ErrorCode);
            Assert.Contains("too many terms in compound SELECT (at most 500)", ex.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_table_takes_at_most_2000_columns()
    {
        _db.Execute(CreateTable("wide", 2000));
        _db.AssertSame("SELECT count(*) FROM wide");
        AssertSqliteFails(CreateTable("wider", 2001), "too many columns on wider");
        foreach (int columns in new[] { 2001, 100_000 })
        {
            SharpCoreDBException ex = _db.Engine.Fails(CreateTable("wider", columns));
            Assert.Equal(SharpCoreDBErrorCode.TooComplex, ex.ErrorCode);
            Assert.Contains("too many columns on wider (at most 2000)", ex.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_join_takes_at_most_64_tables()
    {
        static string Join(int tables) => "SELECT count(*) FROM t t0" + string.Concat(Enumerable.Range(1, tables - 1).Select(i => $" JOIN t t{i}"));
        _db.AssertSame(Join(64));
        AssertSqliteFails(Join(65), "at most 64 tables in a join");
        SharpCoreDBException ex = _db.Engine.Fails(Join(65));
        Assert.Equal(SharpCoreDBErrorCode.TooComplex, ex.ErrorCode);
    }

    [Fact]
    public void A_common_table_expression_named_twice_is_computed_once()
    {
        // SQLite materializes an expression used more than once, so both references see the same random value.
        const string sql = "WITH c AS (SELECT random() AS r) SELECT a.r = b.r FROM c AS a, c AS b";
        _db.AssertSame(sql);
        Assert.Equal(1L, _db.Engine.Scalar(sql).AsInt64());
    }

    [Theory]
    [InlineData("WITH c AS (SELECT x FROM t UNION ALL SELECT 2) SELECT a.x, b.x FROM c a JOIN c b ON a.x <= b.x ORDER BY 1, 2")]
    [InlineData("WITH c(v) AS (SELECT x * 1.0 FROM t UNION SELECT 3) SELECT (SELECT sum(v) FROM c), (SELECT count(*) FROM c WHERE v > 1), typeof(v) FROM c ORDER BY v")]
    [InlineData("WITH c AS (SELECT x FROM t), d AS (SELECT a.x + b.x AS y FROM c a, c b) SELECT y, (SELECT count(*) FROM d) FROM d, c")]
    [InlineData("SELECT x, (WITH c AS (SELECT t.x AS v) SELECT a.v + b.v FROM c a, c b) FROM t")]
    public void Common_table_expressions_named_more_than_once_match_sqlite(string sql)
    {
        _db.Execute("INSERT INTO t VALUES (2), (3)");
        _db.AssertSame(sql);
    }
}
