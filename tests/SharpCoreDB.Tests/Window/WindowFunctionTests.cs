using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Window;

/// <summary>Window functions, each query run on SQLite and on the engine and compared value by value (with storage classes).</summary>
public sealed class WindowFunctionTests : IDisposable
{
    // Duplicates in every key (ties and peers), NULLs in partition and order keys, an empty table.
    private const string Setup = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, g TEXT, x INTEGER, y REAL, s TEXT);
        INSERT INTO t VALUES
          (1, 'a', 1, 1.5, 'p'), (2, 'a', 2, 2.5, 'q'), (3, 'a', 2, NULL, 'r'), (4, 'a', NULL, 0.5, 's'),
          (5, 'b', 5, 3.0, 't'), (6, 'b', 3, 3.0, NULL), (7, 'b', 3, -1.0, 'u'), (8, NULL, 4, 2.0, 'v'),
          (9, NULL, NULL, NULL, 'w'), (10, 'c', 7, 7.5, 'x'), (11, 'a', 1, 1.0, 'y'), (12, 'b', 8, 0.0, 'z');
        CREATE TABLE e(id INTEGER PRIMARY KEY, x INTEGER);
        CREATE TABLE u(k TEXT, label TEXT);
        INSERT INTO u VALUES ('a', 'first'), ('b', 'second'), ('c', 'third');
        """;

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    // Both engines give the same rows, and SQLite does run the query (so two errors do not pass as agreement).
    private void AssertSame(string sql)
    {
        List<string> expected = DifferentialTests.SqliteRows(_both.Sqlite, sql, 0);
        Assert.False(expected is ["error"], "SQLite rejects: " + sql);
        Assert.Equal(expected, DifferentialTests.EngineRows(_both.Engine, sql, 0));
    }

    [Theory]
    [InlineData("row_number() OVER (ORDER BY x, id)")]
    [InlineData("row_number() OVER (PARTITION BY g ORDER BY x, id)")]
    [InlineData("row_number() OVER (ORDER BY x DESC, id DESC)")]
    [InlineData("rank() OVER (ORDER BY x)")]
    [InlineData("rank() OVER (PARTITION BY g ORDER BY x)")]
    [InlineData("rank() OVER (ORDER BY x DESC NULLS FIRST)")]
    [InlineData("rank() OVER ()")]
    [InlineData("dense_rank() OVER (ORDER BY x)")]
    [InlineData("dense_rank() OVER (PARTITION BY g ORDER BY y DESC)")]
    [InlineData("percent_rank() OVER (ORDER BY x)")]
    [InlineData("percent_rank() OVER (PARTITION BY g ORDER BY x)")]
    [InlineData("cume_dist() OVER (ORDER BY x)")]
    [InlineData("cume_dist() OVER (PARTITION BY g ORDER BY x)")]
    [InlineData("cume_dist() OVER ()")]
    [InlineData("ntile(3) OVER (ORDER BY id)")]
    [InlineData("ntile(5) OVER (ORDER BY id)")]
    [InlineData("ntile(20) OVER (ORDER BY id)")]
    [InlineData("ntile(2) OVER (PARTITION BY g ORDER BY id)")]
    [InlineData("ntile(2.5) OVER (ORDER BY id)")]
    [InlineData("ntile('4') OVER (ORDER BY id)")]
    [InlineData("ntile(id % 4 + 2) OVER (ORDER BY id DESC)")]
    [InlineData("ntile(x) OVER (PARTITION BY g ORDER BY id)")]
    [InlineData("nth_value(s, id % 3 + 1) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING)")]
    [InlineData("lag(x) OVER (ORDER BY id)")]
    [InlineData("lag(x, 2) OVER (ORDER BY id)")]
    [InlineData("lag(x, 2, -1) OVER (PARTITION BY g ORDER BY id)")]
    [InlineData("lag(s, 0) OVER (ORDER BY id)")]
    [InlineData("lag(x, -1) OVER (ORDER BY id)")]
    [InlineData("lag(x, NULL) OVER (ORDER BY id)")]
    [InlineData("lag(x, 'x') OVER (ORDER BY id)")]
    [InlineData("lag(s, x, y) OVER (ORDER BY id)")]
    [InlineData("lead(s, '2') OVER (ORDER BY id)")]
    [InlineData("lead(x) OVER (ORDER BY id)")]
    [InlineData("lead(x, 3, 'none') OVER (ORDER BY id)")]
    [InlineData("lead(y, 1, y) OVER (PARTITION BY g ORDER BY id)")]
    [InlineData("lead(x, 100) OVER (ORDER BY id)")]
    [InlineData("first_value(x) OVER (ORDER BY id)")]
    [InlineData("first_value(s) OVER (PARTITION BY g ORDER BY x, id)")]
    [InlineData("last_value(s) OVER (PARTITION BY g ORDER BY x, id)")]
    [InlineData("last_value(s) OVER (PARTITION BY g ORDER BY x, id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)")]
    [InlineData("nth_value(s, 2) OVER (ORDER BY id)")]
    [InlineData("nth_value(s, 3) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)")]
    [InlineData("nth_value(s, 50) OVER (ORDER BY id)")]
    [InlineData("nth_value(s, 2.0) OVER (ORDER BY id)")]
    [InlineData("count(*) OVER ()")]
    [InlineData("count() OVER (PARTITION BY g)")]
    [InlineData("count(x) OVER (ORDER BY x)")]
    [InlineData("sum(x) OVER ()")]
    [InlineData("sum(x) OVER (ORDER BY x)")]
    [InlineData("sum(x) OVER (PARTITION BY g ORDER BY x)")]
    [InlineData("sum(y) OVER (PARTITION BY g ORDER BY id)")]
    [InlineData("total(x) OVER (ORDER BY id)")]
    [InlineData("avg(x) OVER (PARTITION BY g)")]
    [InlineData("avg(y) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)")]
    [InlineData("min(s) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)")]
    [InlineData("max(x) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING)")]
    [InlineData("group_concat(s) OVER (ORDER BY id)")]
    [InlineData("group_concat(s, '-') OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)")]
    [InlineData("string_agg(s, ';') OVER (ORDER BY id)")]
    [InlineData("json_group_array(x) OVER (PARTITION BY g ORDER BY id)")]
    [InlineData("sum(x) FILTER (WHERE x > 2) OVER (ORDER BY id)")]
    [InlineData("count(*) FILTER (WHERE s IS NOT NULL) OVER (PARTITION BY g)")]
    [InlineData("max(y) FILTER (WHERE id % 2 = 0) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)")]
    public void Function_matches_sqlite(string call) =>
        AssertSame($"SELECT id, {call} FROM t ORDER BY id");

    [Theory]
    [InlineData("ROWS UNBOUNDED PRECEDING")]
    [InlineData("ROWS 2 PRECEDING")]
    [InlineData("ROWS CURRENT ROW")]
    [InlineData("ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING")]
    [InlineData("ROWS BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING")]
    [InlineData("ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING")]
    [InlineData("ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING")]
    [InlineData("ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING")]
    [InlineData("ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING")]
    [InlineData("ROWS BETWEEN 2 FOLLOWING AND UNBOUNDED FOLLOWING")]
    [InlineData("ROWS BETWEEN 0 PRECEDING AND 0 FOLLOWING")]
    [InlineData("RANGE UNBOUNDED PRECEDING")]
    [InlineData("RANGE CURRENT ROW")]
    [InlineData("RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING")]
    [InlineData("RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING")]
    [InlineData("RANGE BETWEEN 2 PRECEDING AND CURRENT ROW")]
    [InlineData("RANGE BETWEEN 1.5 PRECEDING AND 0.5 FOLLOWING")]
    [InlineData("RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING")]
    [InlineData("RANGE BETWEEN 1 FOLLOWING AND 3 FOLLOWING")]
    [InlineData("RANGE BETWEEN '1' PRECEDING AND 1 FOLLOWING")]
    [InlineData("GROUPS CURRENT ROW")]
    [InlineData("GROUPS 1 PRECEDING")]
    [InlineData("GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING")]
    [InlineData("GROUPS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING")]
    [InlineData("GROUPS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING")]
    [InlineData("GROUPS BETWEEN 2 PRECEDING AND 1 PRECEDING")]
    [InlineData("ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW")]
    [InlineData("ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING EXCLUDE GROUP")]
    [InlineData("ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE TIES")]
    [InlineData("ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE NO OTHERS")]
    [InlineData("RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW")]
    [InlineData("RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP")]
    [InlineData("GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE TIES")]
    [InlineData("GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW")]
    public void Frame_matches_sqlite(string frame)
    {
        // Aggregates that do not depend on the order of peers, over a key with ties and NULLs, in partitions.
        AssertSame($"SELECT id, sum(x) OVER w, count(*) OVER w, min(y) OVER w, max(s) OVER w FROM t WINDOW w AS (PARTITION BY g ORDER BY x {frame}) ORDER BY id");
        AssertSame($"SELECT id, sum(y) OVER w, count(x) OVER w FROM t WINDOW w AS (ORDER BY x DESC {frame}) ORDER BY id");

        // Value functions with a total order, so the frame's first and last rows are well defined.
        AssertSame($"SELECT id, first_value(s) OVER w, last_value(s) OVER w, nth_value(s, 2) OVER w, group_concat(s) OVER w FROM t WINDOW w AS (ORDER BY x, id {frame.Replace("RANGE", "ROWS", StringComparison.Ordinal).Replace("'1'", "1", StringComparison.Ordinal).Replace("1.5", "1", StringComparison.Ordinal).Replace("0.5", "0", StringComparison.Ordinal)}) ORDER BY id");
    }

    [Theory]
    [InlineData("SELECT id, sum(x) OVER w FROM t WINDOW w AS (ORDER BY id) ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER (w ROWS 1 PRECEDING) FROM t WINDOW w AS (PARTITION BY g ORDER BY id) ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER (w ORDER BY id) FROM t WINDOW w AS (PARTITION BY g) ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER (w), rank() OVER w FROM t WINDOW w AS (PARTITION BY g ORDER BY x) ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER w2 FROM t WINDOW w1 AS (PARTITION BY g), w2 AS (w1 ORDER BY id ROWS CURRENT ROW) ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER win, avg(x) OVER win FROM t WINDOW win AS (ORDER BY x RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING), other AS (ORDER BY y) ORDER BY id")]
    [InlineData("SELECT id FROM t ORDER BY row_number() OVER (ORDER BY s DESC)")]
    [InlineData("SELECT id, x FROM t ORDER BY rank() OVER (PARTITION BY g ORDER BY x DESC), id")]
    [InlineData("SELECT id, row_number() OVER (ORDER BY id) AS rn FROM t ORDER BY rn DESC")]
    [InlineData("SELECT g, sum(x), sum(sum(x)) OVER (ORDER BY g) FROM t GROUP BY g ORDER BY g")]
    [InlineData("SELECT g, count(*), rank() OVER (ORDER BY count(*) DESC) FROM t GROUP BY g ORDER BY g")]
    [InlineData("SELECT g, max(x) AS m, lag(max(x)) OVER (ORDER BY g) FROM t GROUP BY g HAVING count(*) > 1 ORDER BY g")]
    [InlineData("SELECT sum(x), row_number() OVER () FROM t")]
    [InlineData("SELECT sum(count(*)) OVER () FROM t GROUP BY g")]
    [InlineData("SELECT DISTINCT g, count(*) OVER (PARTITION BY g) FROM t ORDER BY g")]
    [InlineData("SELECT DISTINCT dense_rank() OVER (ORDER BY x) FROM t ORDER BY 1")]
    [InlineData("SELECT id, row_number() OVER (ORDER BY id DESC) FROM t ORDER BY id LIMIT 3")]
    [InlineData("SELECT id, sum(x) OVER (ORDER BY id) FROM t ORDER BY id LIMIT 4 OFFSET 3")]
    [InlineData("SELECT id, row_number() OVER (ORDER BY id) FROM t WHERE x > 2 ORDER BY id")]
    [InlineData("SELECT * FROM (SELECT id, rank() OVER (ORDER BY x) AS r FROM t) WHERE r <= 3 ORDER BY id")]
    [InlineData("WITH c AS (SELECT g, x, row_number() OVER (PARTITION BY g ORDER BY x DESC, id) AS rn FROM t) SELECT g, x FROM c WHERE rn = 1 ORDER BY g")]
    [InlineData("SELECT id, (SELECT count(*) OVER () FROM u LIMIT 1), x FROM t ORDER BY id")]
    [InlineData("SELECT id, (SELECT max(k) OVER (ORDER BY k) FROM u WHERE u.k = t.g ORDER BY 1 DESC LIMIT 1) FROM t ORDER BY id")]
    [InlineData("SELECT t.id, u.label, row_number() OVER (PARTITION BY u.label ORDER BY t.id) FROM t JOIN u ON u.k = t.g ORDER BY t.id")]
    [InlineData("SELECT t.id, u.label, count(u.k) OVER (ORDER BY t.id) FROM t LEFT JOIN u ON u.k = t.g ORDER BY t.id")]
    [InlineData("SELECT id, row_number() OVER (ORDER BY id) FROM t UNION ALL SELECT k, rank() OVER (ORDER BY k) FROM u ORDER BY 1, 2")]
    [InlineData("SELECT x, row_number() OVER () FROM e")]
    [InlineData("SELECT count(*) OVER (), sum(x) OVER (ORDER BY id) FROM e")]
    [InlineData("SELECT count(*), row_number() OVER () FROM e")]
    [InlineData("SELECT id, row_number() OVER (ORDER BY 1), sum(x) OVER (ORDER BY 'const') FROM t ORDER BY id")]
    [InlineData("SELECT id, rank() OVER (PARTITION BY x % 2 ORDER BY g NULLS LAST) FROM t ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER (PARTITION BY g, x IS NULL ORDER BY y) FROM t ORDER BY id")]
    [InlineData("SELECT id, x + lag(x, 1, 0) OVER (ORDER BY id) * 2 FROM t ORDER BY id")]
    [InlineData("SELECT id, coalesce(lead(s) OVER (ORDER BY id), 'end') || '!' FROM t ORDER BY id")]
    [InlineData("SELECT id, x AS over FROM t ORDER BY id")]
    [InlineData("SELECT 1 AS window, 2 AS partition, 3 AS rows, 4 AS range, 5 AS groups, 6 AS filter")]
    [InlineData("SELECT window.id FROM t AS window ORDER BY 1")]
    [InlineData("SELECT sum(x) over FROM t")]
    [InlineData("SELECT count(*) FILTER (WHERE x > 2), sum(x) FILTER (WHERE g = 'a') FROM t")]
    [InlineData("SELECT DISTINCT x, row_number() OVER (ORDER BY id) FROM t ORDER BY 1, 2")]
    [InlineData("SELECT row_number() OVER (), count(*) OVER (), 5 AS five")]
    [InlineData("SELECT id, count(*) OVER (ORDER BY s RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t ORDER BY id")]
    [InlineData("SELECT id, count(*) OVER (ORDER BY CASE WHEN id % 3 = 0 THEN s ELSE x END RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING) FROM t ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER (ORDER BY id ROWS BETWEEN 9223372036854775807 PRECEDING AND 9223372036854775807 FOLLOWING) FROM t ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER (ORDER BY x RANGE BETWEEN 9223372036854775807 PRECEDING AND 9223372036854775807 FOLLOWING) FROM t ORDER BY id")]
    [InlineData("SELECT id, count(*) OVER (ORDER BY x GROUPS BETWEEN 9223372036854775807 PRECEDING AND 1e18 FOLLOWING) FROM t ORDER BY id")]
    [InlineData("SELECT id, lag(x, 9223372036854775807, 'far') OVER (ORDER BY id), lead(x, -9223372036854775808, 'back') OVER (ORDER BY id) FROM t ORDER BY id")]
    [InlineData("SELECT g, count(*) OVER (ORDER BY sum(x) DESC, g) FROM t GROUP BY g ORDER BY g")]
    [InlineData("SELECT sum(count(*)) OVER (PARTITION BY max(x) > 4 ORDER BY g) FROM t GROUP BY g ORDER BY g")]
    [InlineData("SELECT max(x), sum(max(x)) OVER (PARTITION BY count(*)) FROM t")]
    [InlineData("SELECT id FROM t WHERE x > (SELECT avg(x) OVER () FROM t AS i WHERE i.g = t.g LIMIT 1) ORDER BY id")]
    [InlineData("SELECT id, (SELECT group_concat(s) OVER (ORDER BY id) FROM t AS i WHERE i.id <= t.id ORDER BY i.id DESC LIMIT 1) FROM t ORDER BY id")]
    [InlineData("SELECT g, (SELECT rank() OVER (ORDER BY k) FROM u WHERE u.k >= t.g LIMIT 1), count(*) FROM t GROUP BY g ORDER BY g")]
    [InlineData("SELECT id, x, sum(x) OVER (ORDER BY id) FROM t ORDER BY sum(x) OVER (ORDER BY id DESC), id")]
    [InlineData("SELECT id, count(*) OVER (ORDER BY y RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t ORDER BY id")]
    [InlineData("SELECT id, sum(x) OVER (ORDER BY y DESC RANGE BETWEEN 0.5 FOLLOWING AND 2 FOLLOWING) FROM t ORDER BY id")]
    [InlineData("SELECT id, avg(y) OVER (PARTITION BY g ORDER BY x GROUPS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM t ORDER BY id")]
    [InlineData("SELECT g, x, sum(x) OVER (PARTITION BY g), sum(x) OVER (ORDER BY x), sum(x) OVER (PARTITION BY g ORDER BY id ROWS 1 PRECEDING) FROM t ORDER BY id")]
    [InlineData("SELECT g, count(*) FILTER (WHERE x IS NULL) FROM t GROUP BY g ORDER BY g")]
    public void Query_matches_sqlite(string sql) => AssertSame(sql);

    [Fact]
    public void Views_keep_their_window_functions()
    {
        _both.Execute("CREATE VIEW v AS SELECT id, g, sum(x) OVER (ORDER BY id) AS running, rank() OVER w AS r FROM t WINDOW w AS (PARTITION BY g ORDER BY x)");
        AssertSame("SELECT * FROM v ORDER BY id");
        AssertSame("SELECT running, r FROM v WHERE r > 1 ORDER BY id");
        AssertSame("SELECT g, max(running), count(*) OVER () FROM v GROUP BY g ORDER BY g");
    }

    [Fact]
    public void Insert_and_create_table_from_window_queries()
    {
        _both.Execute("INSERT INTO e SELECT id, row_number() OVER (ORDER BY x DESC, id) FROM t; CREATE TABLE c AS SELECT g, sum(x) OVER (PARTITION BY g) AS total FROM t");
        AssertSame("SELECT * FROM e ORDER BY id");
        AssertSame("SELECT g, total FROM c ORDER BY g, total");
    }

    [Fact]
    public void Frame_offsets_may_be_parameters()
    {
        const string Query = "SELECT id, sum(x) OVER (ORDER BY id ROWS BETWEEN {0} PRECEDING AND {1} FOLLOWING) FROM t ORDER BY id";
        List<string> expected = DifferentialTests.SqliteRows(_both.Sqlite, string.Format(System.Globalization.CultureInfo.InvariantCulture, Query, 2, 1), 0);
        var actual = new List<string>();
        foreach (var row in _both.Engine.Rows(string.Format(System.Globalization.CultureInfo.InvariantCulture, Query, "?", "?"), 2, 1))
        {
            actual.Add(EngineHarness.Render(row[0]) + "|" + EngineHarness.Render(row[1]));
        }

        var rendered = new List<string>();
        foreach (var row in _both.Engine.Rows(string.Format(System.Globalization.CultureInfo.InvariantCulture, Query, 2, 1)))
        {
            rendered.Add(EngineHarness.Render(row[0]) + "|" + EngineHarness.Render(row[1]));
        }

        Assert.Equal(12, expected.Count);
        Assert.Equal(expected, DifferentialTests.EngineRows(_both.Engine, string.Format(System.Globalization.CultureInfo.InvariantCulture, Query, 2, 1), 0));
        Assert.Equal(rendered, actual);
    }

    [Fact]
    public void Window_keywords_stay_usable_as_names()
    {
        _both.Execute("CREATE TABLE k(over INTEGER, partition TEXT, rows INTEGER, range INTEGER, groups INTEGER, filter INTEGER, window INTEGER, exclude INTEGER, unbounded INTEGER, preceding INTEGER, following INTEGER, ties INTEGER, others INTEGER); INSERT INTO k VALUES (1, 'a', 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (2, 'a', 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), (3, 'b', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)");
        AssertSame("SELECT over, partition, rows, range, groups, filter, window, exclude, unbounded, preceding, following, ties, others FROM k ORDER BY over");
        AssertSame("SELECT sum(rows) OVER (PARTITION BY partition ORDER BY over ROWS 1 PRECEDING) FROM k ORDER BY over");
        AssertSame("SELECT over, sum(range) OVER window FROM k window WINDOW window AS (ORDER BY window.over) ORDER BY over");
        AssertSame("SELECT filter, count(*) FILTER (WHERE filter > 0) OVER (PARTITION BY partition) AS over FROM k ORDER BY over, filter");
    }

    [Fact]
    public void Window_order_by_does_not_see_result_aliases() =>
        _both.AssertSame("SELECT x AS a, rank() OVER (ORDER BY a) FROM t");

    [Fact]
    public void Explain_shows_the_window_operator()
    {
        string plan = string.Join("\n", _both.Engine.Query("EXPLAIN QUERY PLAN SELECT id, rank() OVER (PARTITION BY g ORDER BY x) FROM t"));
        Assert.Contains("Window", plan, StringComparison.Ordinal);
        Assert.Contains("rank()", plan, StringComparison.Ordinal);
    }
}
