using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Window;

/// <summary>Window functions where SQLite rejects them: both must fail, the engine with SQLite's message and a position.</summary>
public sealed class WindowErrorTests : IDisposable
{
    private readonly DualDatabase _both = new("CREATE TABLE t(a INTEGER, b INTEGER, c TEXT); INSERT INTO t VALUES (1, 2, 'x'), (2, NULL, 'y'), (NULL, 3, 'z')");

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("SELECT a FROM t WHERE row_number() OVER () > 1", "misuse of window function row_number()", 23)]
    [InlineData("SELECT a FROM t GROUP BY rank() OVER ()", "misuse of window function rank()", 26)]
    [InlineData("SELECT a FROM t GROUP BY a HAVING count(*) OVER () > 1", "misuse of window function count()", 35)]
    [InlineData("SELECT sum(row_number() OVER ()) FROM t", "misuse of window function row_number()", 12)]
    [InlineData("SELECT row_number() OVER (ORDER BY rank() OVER ()) FROM t", "misuse of window function rank()", 36)]
    [InlineData("SELECT sum(a) OVER (PARTITION BY lag(a) OVER ()) FROM t", "misuse of window function lag()", 34)]
    [InlineData("SELECT max(lead(a) OVER ()) OVER () FROM t", "misuse of window function lead()", 12)]
    [InlineData("SELECT row_number() FROM t", "misuse of window function row_number()", 8)]
    [InlineData("SELECT a FROM t ORDER BY ntile(2)", "misuse of window function ntile()", 26)]
    [InlineData("SELECT row_number() OVER w FROM t", "no such window: w", 21)]
    [InlineData("SELECT sum(a) OVER (w ORDER BY b) FROM t WINDOW v AS (ORDER BY a)", "no such window: w", 15)]
    [InlineData("SELECT count(DISTINCT a) OVER () FROM t", "DISTINCT is not supported for window functions", 8)]
    [InlineData("SELECT row_number() FILTER (WHERE a > 1) OVER () FROM t", "FILTER clause may only be used with aggregate window functions", 35)]
    [InlineData("SELECT abs(a) OVER () FROM t", "abs() may not be used as a window function", 8)]
    [InlineData("SELECT nosuch(a) OVER () FROM t", "no such function: nosuch", 8)]
    [InlineData("SELECT row_number(a) OVER () FROM t", "wrong number of arguments to function row_number()", 8)]
    [InlineData("SELECT lag() OVER () FROM t", "wrong number of arguments to function lag()", 8)]
    [InlineData("SELECT nth_value(a) OVER () FROM t", "wrong number of arguments to function nth_value()", 8)]
    [InlineData("SELECT sum(a) OVER (w ORDER BY b) FROM t WINDOW w AS (ORDER BY a)", "cannot override ORDER BY clause of window: w", 15)]
    [InlineData("SELECT sum(a) OVER (w PARTITION BY b) FROM t WINDOW w AS (ORDER BY a)", "cannot override PARTITION clause of window: w", 15)]
    [InlineData("SELECT sum(a) OVER (w) FROM t WINDOW w AS (ROWS CURRENT ROW)", "cannot override frame specification of window: w", 15)]
    [InlineData("SELECT sum(a) OVER (RANGE 1 PRECEDING) FROM t", "RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression", 21)]
    [InlineData("SELECT sum(a) OVER (ORDER BY a, b RANGE BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM t", "RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression", 35)]
    [InlineData("SELECT abs(a) FILTER (WHERE a > 1) FROM t", "FILTER may not be used with non-aggregate abs()", 8)]
    [InlineData("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT row_number() OVER () FROM r WHERE x < 3) SELECT x FROM r", "cannot use window functions in recursive queries", 44)]
    public void Bind_error_matches_sqlite(string sql, string message, int column)
    {
        Assert.Equal(["error"], DifferentialTests.SqliteRows(_both.Sqlite, sql, 0));
        SharpCoreDBException error = _both.Engine.Fails(sql);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
        Assert.StartsWith(message, error.Message, StringComparison.Ordinal);
        Assert.Equal(column, error.Column);
    }

    [Theory]
    [InlineData("SELECT sum(a) OVER (ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) FROM t", "unsupported frame specification")]
    [InlineData("SELECT sum(a) OVER (ROWS BETWEEN 1 FOLLOWING AND CURRENT ROW) FROM t", "unsupported frame specification")]
    [InlineData("SELECT sum(a) OVER (ROWS BETWEEN 1 FOLLOWING AND 1 PRECEDING) FROM t", "unsupported frame specification")]
    [InlineData("SELECT sum(a) OVER (ROWS 1 FOLLOWING) FROM t", "unsupported frame specification")]
    [InlineData("SELECT sum(a) OVER (ROWS UNBOUNDED FOLLOWING) FROM t", "FOLLOWING")]
    [InlineData("SELECT sum(a) OVER (ROWS BETWEEN CURRENT ROW AND UNBOUNDED PRECEDING) FROM t", "PRECEDING")]
    [InlineData("SELECT sum(a) OVER (ROWS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE OTHERS) FROM t", "OTHERS")]
    public void Syntax_error_matches_sqlite(string sql, string message)
    {
        Assert.Equal(["error"], DifferentialTests.SqliteRows(_both.Sqlite, sql, 0));
        SharpCoreDBException error = _both.Engine.Fails(sql);
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.True(error.Line > 0, error.Message);
    }

    [Theory]
    [InlineData("SELECT sum(a) OVER (ORDER BY a ROWS -1 PRECEDING) FROM t", "frame starting offset must be a non-negative integer")]
    [InlineData("SELECT sum(a) OVER (ORDER BY a ROWS 1.5 PRECEDING) FROM t", "frame starting offset must be a non-negative integer")]
    [InlineData("SELECT sum(a) OVER (ORDER BY a ROWS NULL PRECEDING) FROM t", "frame starting offset must be a non-negative integer")]
    [InlineData("SELECT sum(a) OVER (ORDER BY a ROWS BETWEEN 1 PRECEDING AND 'x' FOLLOWING) FROM t", "frame ending offset must be a non-negative integer")]
    [InlineData("SELECT sum(a) OVER (ORDER BY a GROUPS BETWEEN -2 PRECEDING AND CURRENT ROW) FROM t", "frame starting offset must be a non-negative integer")]
    [InlineData("SELECT sum(a) OVER (ORDER BY a RANGE -1 PRECEDING) FROM t", "frame starting offset must be a non-negative number")]
    [InlineData("SELECT sum(a) OVER (ORDER BY a RANGE 'x' PRECEDING) FROM t", "frame starting offset must be a non-negative number")]
    [InlineData("SELECT ntile(0) OVER () FROM t", "argument of ntile must be a positive integer")]
    [InlineData("SELECT ntile(NULL) OVER () FROM t", "argument of ntile must be a positive integer")]
    [InlineData("SELECT nth_value(a, 0) OVER () FROM t", "second argument to nth_value must be a positive integer")]
    [InlineData("SELECT nth_value(a, 1.5) OVER () FROM t", "second argument to nth_value must be a positive integer")]
    public void Run_time_error_matches_sqlite(string sql, string message)
    {
        Assert.Equal(["error"], DifferentialTests.SqliteRows(_both.Sqlite, sql, 0));
        SharpCoreDBException error = _both.Engine.Fails(sql);
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Equal(message, error.Message);
    }

    [Theory]
    [InlineData("UPDATE t SET a = row_number() OVER ()")]
    [InlineData("DELETE FROM t WHERE rank() OVER () = 1")]
    [InlineData("INSERT INTO t VALUES (count(*) OVER (), 1, 'x')")]
    [InlineData("CREATE TABLE c(x CHECK (x > row_number() OVER ()))")]
    [InlineData("UPDATE t SET a = 1 WHERE b IN (SELECT b FROM t WHERE lag(b) OVER () > 1)")]
    public void Statements_other_than_select_reject_window_functions(string sql)
    {
        SharpCoreDBException error = _both.Engine.Fails(sql);
        Assert.Contains("window function", error.Message, StringComparison.Ordinal);
        Assert.True(error.Line > 0, error.Message);
    }
}
