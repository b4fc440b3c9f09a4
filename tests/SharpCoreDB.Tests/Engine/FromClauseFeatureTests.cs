using System.Globalization;
using System.Text;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// <c>VALUES</c> as a table in FROM, ordered <c>group_concat</c>/<c>string_agg</c>, and aggregates whose arguments
/// read only an enclosing query's columns (they belong to that query; in its WHERE they are a misuse), each against
/// SQLite 3.50.
/// </summary>
public sealed class FromClauseFeatureTests
{
    private const string Tables =
        "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (2, 'y'), (2, 'z'), (NULL, 'w'), (3, NULL); "
        + "CREATE TABLE e(c1, c2)";

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
        "SELECT (SELECT total(a.c1) FROM e b) FROM e a",
        "SELECT (SELECT count(a.c1) FROM e b) FROM e a",
        "SELECT (SELECT sum(a.c1) FROM t b) FROM e a",
        "SELECT (SELECT total(a.a) FROM t b) FROM t a",
        "SELECT (SELECT max(x.a) FROM t y) FROM t x",
        "SELECT (SELECT count(x.a) + count(*) FROM t y) FROM t x",
        "SELECT (SELECT sum(x.a + y.a) FROM t y) FROM t x",
        "SELECT a, (SELECT count(x.b) FROM t y WHERE y.a = x.a) FROM t x GROUP BY a",
        "SELECT * FROM t x WHERE (SELECT count(x.a) FROM t y) > 1",
        "SELECT * FROM t x WHERE a > (SELECT avg(x.a) FROM e)",
        "SELECT count(*) FROM t x HAVING (SELECT sum(x.a) FROM e) > 1",
        "SELECT (SELECT count(x.a) FROM t y GROUP BY y.a) FROM t x",
        "SELECT (SELECT count(x.a) FROM t y WHERE y.a = 7) FROM t x",
        "SELECT (SELECT count(*) + count(x.a) FROM t y) FROM t x",
        "SELECT (SELECT (SELECT max(x.a) FROM e) FROM t y) FROM t x",
        "SELECT (SELECT sum(x.a) FILTER (WHERE x.a > 1) FROM t y) FROM t x",
        "SELECT x.b, (SELECT count(x.a) FROM t y) FROM t x GROUP BY x.b ORDER BY 1",
        "SELECT count(*) FROM t x ORDER BY (SELECT max(x.a) FROM e)",
        "UPDATE t SET a = (SELECT count(t.a) FROM e)",
    };

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 20, stress: 500);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_outer_aggregates_match_sqlite(int seed)
    {
        var random = new Random(seed);
        var setup = new StringBuilder("CREATE TABLE t(a, b); CREATE TABLE e(a, b); ");
        foreach (string table in new[] { "t", "e" })
        {
            for (int i = random.Next(0, 6); i > 0; i--)
            {
                setup.Append(CultureInfo.InvariantCulture, $"INSERT INTO {table} VALUES ({Value(random)}, {Value(random)}); ");
            }
        }

        using var dual = new DualDatabase(setup.ToString());
        string[] aggregates = ["count", "sum", "total", "max", "min", "avg"];
        for (int q = 0; q < 10; q++)
        {
            string outer = random.Next(2) == 0 ? "t" : "e";
            string inner = random.Next(2) == 0 ? "t" : "e";
            string aggregate = aggregates[random.Next(aggregates.Length)];
            string argument = random.Next(3) switch
            {
                0 => "x.a",
                1 => "x.a + x.b",
                _ => "x.b * 2",
            };
            string where = random.Next(2) == 0 ? string.Empty : $" WHERE y.a > {random.Next(0, 4)}";
            string query = random.Next(4) switch
            {
                0 => $"SELECT (SELECT {aggregate}({argument}) FROM {inner} y{where}) FROM {outer} x",
                1 => $"SELECT x.b, (SELECT {aggregate}({argument}) FROM {inner} y{where}) FROM {outer} x GROUP BY x.b",
                2 => $"SELECT count(*), (SELECT {aggregate}({argument}) + count(y.a) FROM {inner} y{where}) FROM {outer} x",
                _ => $"SELECT (SELECT {aggregate}({argument}) FROM {inner} y{where}), (SELECT {aggregate}(y.a) FROM {inner} y) FROM {outer} x",
            };
            List<string> expected = DifferentialTests.SqliteRows(dual.Sqlite, query, seed);
            List<string> actual = DifferentialTests.EngineRows(dual.Engine, query, seed);
            expected.Sort(StringComparer.Ordinal);
            actual.Sort(StringComparer.Ordinal);
            Assert.True(expected.SequenceEqual(actual), $"seed {seed}: {query}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}");
        }
    }

    private static string Value(Random random) => random.Next(5) switch
    {
        0 => "NULL",
        1 => "2.5",
        _ => random.Next(0, 5).ToString(CultureInfo.InvariantCulture),
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Query_matches_sqlite(string query)
    {
        using var dual = new DualDatabase(Tables);
        dual.AssertSame(query);
    }
}
