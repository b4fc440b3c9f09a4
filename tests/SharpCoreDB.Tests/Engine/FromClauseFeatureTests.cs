namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// <c>VALUES</c> as a table in FROM and ordered <c>group_concat</c>/<c>string_agg</c>, each against SQLite 3.50.
/// </summary>
public sealed class FromClauseFeatureTests
{
    private const string Tables =
        "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (2, 'y'), (2, 'z'), (NULL, 'w'), (3, NULL)";

    public static TheoryData<string> Cases() => new()
    {
        "SELECT * FROM (VALUES (1, 'a'), (2, 'b'))",
        "SELECT column1, column2 FROM (VALUES (1, 'a'), (2, 'b')) ORDER BY column1 DESC",
        "SELECT v.column1 FROM (VALUES (1), (NULL), (3)) AS v WHERE v.column1 > 1",
        "SELECT * FROM t JOIN (VALUES (1), (2)) v ON v.column1 = t.a",
        "SELECT * FROM (VALUES (1, 2)) AS v(x, y)",
        "SELECT group_concat(b ORDER BY a DESC) FROM t",
        "SELECT group_concat(b, '-' ORDER BY b) FROM t",
        "SELECT group_concat(DISTINCT b ORDER BY b DESC) FROM t",
        "SELECT string_agg(b, ',') FROM t",
        "SELECT string_agg(b, ';' ORDER BY a, b DESC) FROM t",
        "SELECT a, string_agg(b, '+' ORDER BY b) FROM t GROUP BY a",
        "SELECT string_agg(b) FROM t",
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Query_matches_sqlite(string query)
    {
        using var dual = new DualDatabase(Tables);
        dual.AssertSame(query);
    }
}
