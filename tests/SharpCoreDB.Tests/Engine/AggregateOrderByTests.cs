namespace SharpCoreDB.Tests.Engine;

/// <summary>An aggregate's own ORDER BY (<c>group_concat(x ORDER BY y)</c>, SQLite 3.44), checked against SQLite.</summary>
public sealed class AggregateOrderByTests : IDisposable
{
    private readonly DualDatabase _db = new("""
        CREATE TABLE t(g INTEGER, x TEXT, y INTEGER);
        INSERT INTO t VALUES (1, 'a', 3), (1, 'b', 1), (1, 'c', 2), (2, 'd', 5), (2, NULL, 4), (2, 'f', NULL), (3, 'g', 7);
        """);

    public void Dispose() => _db.Dispose();

    [Theory]
    [InlineData("SELECT group_concat(x ORDER BY y) FROM t")]
    [InlineData("SELECT group_concat(x, '-' ORDER BY y DESC) FROM t")]
    [InlineData("SELECT g, group_concat(x ORDER BY y) FROM t GROUP BY g ORDER BY g")]
    [InlineData("SELECT g, string_agg(x, ',' ORDER BY x DESC) FROM t GROUP BY g ORDER BY g")]
    [InlineData("SELECT json_group_array(y ORDER BY x) FROM t")]
    [InlineData("SELECT group_concat(DISTINCT g ORDER BY g DESC) FROM t")]
    [InlineData("SELECT group_concat(x ORDER BY y NULLS LAST) FROM t")]
    [InlineData("SELECT group_concat(x ORDER BY y DESC NULLS FIRST) FROM t")]
    [InlineData("SELECT group_concat(x ORDER BY g DESC, y) FROM t")]
    [InlineData("SELECT group_concat(x ORDER BY y) FILTER (WHERE g < 3) FROM t")]
    [InlineData("SELECT sum(y ORDER BY x), count(x ORDER BY y) FROM t")]
    [InlineData("SELECT group_concat(x ORDER BY length(x) + y) FROM t WHERE y IS NOT NULL")]
    [InlineData("SELECT abs(y ORDER BY x) FROM t")]
    public void Matches_sqlite(string sql) => _db.AssertSame(sql);

    [Theory]
    [InlineData("SELECT abs(y ORDER BY x) FROM t", "ORDER BY may not be used with non-aggregate abs()")]
    [InlineData("SELECT group_concat(x ORDER BY y) OVER () FROM t", "ORDER BY may not be used with non-aggregate group_concat()")]
    public void Is_refused_with_sqlites_message_outside_an_aggregate(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        var sqliteError = Assert.Throws<Microsoft.Data.Sqlite.SqliteException>(() => _db.ExecuteSqlite(sql));
        Assert.Contains(message, sqliteError.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Survives_in_a_view_definition()
    {
        _db.Execute("CREATE VIEW v AS SELECT g, group_concat(x, '/' ORDER BY y DESC) AS xs FROM t GROUP BY g");
        _db.AssertSame("SELECT * FROM v ORDER BY g");
    }
}
