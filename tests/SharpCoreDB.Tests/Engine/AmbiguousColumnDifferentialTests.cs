namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Column references that match two FROM items of the same name, against SQLite: a qualified or unqualified column
/// found in both is "ambiguous column name", unless USING or NATURAL merged it; a qualifier shared by two items finds
/// the column in whichever has it.
/// </summary>
public sealed class AmbiguousColumnDifferentialTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y'); " +
        "CREATE TABLE t2(a INTEGER, c TEXT); INSERT INTO t2 VALUES (1, 'p'), (3, 'q');";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("SELECT t.a FROM t, t", "t.a")]
    [InlineData("SELECT a FROM t, t", "a")]
    [InlineData("SELECT j.key FROM json_each('[1]') j, json_each('[2]') j", "j.key")]
    [InlineData("SELECT key FROM json_each('[1]') j, json_each('[2]') k", "key")]
    [InlineData("SELECT t.a FROM t, t2 AS t", "t.a")]
    [InlineData("SELECT x.a FROM t x, (SELECT 1 AS a) x", "x.a")]
    [InlineData("SELECT 1 FROM t, t WHERE t.b = 'x'", "t.b")]
    [InlineData("SELECT count(*) FROM t, t GROUP BY t.a", "t.a")]
    [InlineData("SELECT (SELECT t.a FROM t, t) FROM t2", "t.a")]
    public void A_column_in_two_from_items_of_one_name_is_ambiguous(string sql, string column)
    {
        _both.AssertSame(sql);
        SharpCoreDBException error = _both.Engine.Fails(sql);
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, error.ErrorCode);
        Assert.Contains($"ambiguous column name: {column}", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("SELECT t.b FROM t, t2 AS t ORDER BY 1")]
    [InlineData("SELECT t.c FROM t, t2 AS t ORDER BY 1")]
    [InlineData("SELECT t.a, t.b, t.c FROM t JOIN t2 AS t USING (a)")]
    [InlineData("SELECT t.a FROM t NATURAL JOIN t2 AS t ORDER BY 1")]
    [InlineData("SELECT t.a FROM t LEFT JOIN t2 AS t USING (a) ORDER BY 1")]
    [InlineData("SELECT a FROM t JOIN t2 AS t USING (a) ORDER BY 1")]
    [InlineData("SELECT t.nosuch FROM t, t2 AS t")]
    [InlineData("SELECT * FROM t, t ORDER BY 1, 2, 3, 4")]
    [InlineData("SELECT x.a, y.a FROM t x, t y ORDER BY 1, 2")]
    public void A_qualifier_shared_by_two_from_items_finds_the_column_as_sqlite_does(string sql) => _both.AssertSame(sql);
}
