using SharpCoreDB.Tests.Support;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// The limits on nesting and size (Sql/SqlLimits.cs): each at its edge works, and far past it is an error, on a
/// thread with a 1 MB stack (a Windows thread's default). These run in a child process, since before the limits
/// some of them killed the process with a stack overflow.
/// </summary>
public sealed class DepthLimitTests
{
    private const string Table = "CREATE TABLE t(x); INSERT INTO t VALUES (5)";

    private static string Repeat(string text, int count) => string.Concat(Enumerable.Repeat(text, count));

    private static string Or(int terms) =>
        "SELECT count(*) FROM t WHERE " + string.Join(" OR ", Enumerable.Range(0, terms).Select(i => $"x={i}"));

    private static string CteChain(int length) =>
        "WITH c0(x) AS (SELECT 1)" + string.Concat(Enumerable.Range(1, length - 1).Select(i => $", c{i}(x) AS (SELECT x + 1 FROM c{i - 1})")) +
        $" SELECT x FROM c{length - 1}";

    [Fact]
    public void Expression_trees_at_the_depth_limit_work_on_a_1MB_stack()
    {
        IReadOnlyList<string> lines = SqlChildProcess.Run(
            SqlChildProcess.OneMegabyte,
            Table,
            Or(990),
            "SELECT 1" + Repeat(" + 1", 990),
            "SELECT 'a'" + Repeat(" || 'a'", 990),
            "SELECT " + Repeat("CASE WHEN 1 THEN ", 495) + "1" + Repeat(" END", 495),
            "SELECT " + Repeat("CAST(", 990) + "1" + Repeat(" AS INT)", 990),
            "SELECT " + Repeat("abs(", 990) + "1" + Repeat(")", 990),
            "SELECT " + Repeat("(SELECT ", 300) + "1" + Repeat(")", 300));
        Assert.Equal("ok 0 -", lines[0]);
        Assert.Equal("ok 1 1", lines[1]);
        Assert.Equal("ok 1 991", lines[2]);
        Assert.Equal("ok 1 " + new string('a', 991), lines[3]);
        for (int i = 4; i < lines.Count; i++)
        {
            Assert.StartsWith("ok 1 ", lines[i], StringComparison.Ordinal);
        }
    }

    [Fact]
    public void The_expression_depth_limit_is_sqlites_1000_on_a_1MB_stack()
    {
        // SQLite: 1,000 terms are a tree 1,000 deep and accepted; 1,001 are "Expression tree is too large". A chain
        // of 999 unary minus signs over a literal is 1,000 deep too (SQLite's parser stack stops that one sooner).
        IReadOnlyList<string> lines = SqlChildProcess.Run(
            SqlChildProcess.OneMegabyte,
            "SELECT 1" + Repeat(" + 1", 999),
            "SELECT 1" + Repeat(" + 1", 1000),
            "SELECT " + Repeat("- ", 999) + "1",
            "SELECT " + Repeat("- ", 1000) + "1");
        Assert.Equal("ok 1 1000", lines[0]);
        Assert.StartsWith("error SyntaxError ", lines[1], StringComparison.Ordinal);
        Assert.Equal("ok 1 -1", lines[2]);
        Assert.StartsWith("error SyntaxError ", lines[3], StringComparison.Ordinal);
    }

    [Fact]
    public void Deep_statements_compile_on_the_large_stack_inside_an_open_transaction()
    {
        // The deep compile runs on another thread while this one holds the write transaction: it must read the
        // transaction's schema (the table created in it) and take no lock the caller holds.
        IReadOnlyList<string> lines = SqlChildProcess.Run(
            SqlChildProcess.OneMegabyte,
            "BEGIN",
            "CREATE TABLE u(x)",
            "INSERT INTO u VALUES (1" + Repeat(" + 1", 899) + ")",
            "WITH c AS (SELECT x FROM u) SELECT " + Repeat("abs(", 500) + "a.x + b.x" + Repeat(")", 500) + " FROM c a, c b",
            "COMMIT",
            "SELECT x FROM u");
        Assert.Equal("ok 1 1800", lines[3]);
        Assert.Equal("ok 1 900", lines[5]);
    }

    [Fact]
    public void Expression_trees_past_the_depth_limit_are_syntax_errors_on_a_1MB_stack()
    {
        IReadOnlyList<string> lines = SqlChildProcess.Run(
            SqlChildProcess.OneMegabyte,
            Table,
            Or(5000),
            "SELECT 1" + Repeat(" + 1", 5000),
            "SELECT " + Repeat("abs(", 5000) + "1" + Repeat(")", 5000),
            "SELECT count(*) FROM " + Repeat("(", 5000) + "t t0" + string.Concat(Enumerable.Range(1, 5000).Select(i => $" JOIN t t{i})")));
        foreach (string line in lines.Skip(1))
        {
            Assert.StartsWith("error SyntaxError ", line, StringComparison.Ordinal);
            Assert.Contains("nested too deeply", line, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Common_table_expression_chains_stop_at_the_query_depth_limit_on_a_1MB_stack()
    {
        IReadOnlyList<string> lines = SqlChildProcess.Run(SqlChildProcess.OneMegabyte, CteChain(999), CteChain(1000), CteChain(100_000));
        Assert.Equal("ok 1 999", lines[0]);
        Assert.StartsWith("error TooComplex queries are nested too deeply (more than 1000 levels", lines[1], StringComparison.Ordinal);
        Assert.StartsWith("error TooComplex queries are nested too deeply (more than 1000 levels", lines[2], StringComparison.Ordinal);
    }

    [Fact]
    public void View_chains_count_towards_the_query_depth_and_bind_on_a_1MB_stack()
    {
        const int views = 200;
        string create = "CREATE VIEW v0 AS SELECT x FROM t;" + string.Concat(Enumerable.Range(1, views - 1).Select(i => $"CREATE VIEW v{i} AS SELECT x + 1 AS x FROM v{i - 1};"));
        IReadOnlyList<string> lines = SqlChildProcess.Run(
            SqlChildProcess.OneMegabyte,
            Table,
            create,
            $"SELECT x FROM v{views - 1}",
            "SELECT " + Repeat("(SELECT ", 300) + $"(SELECT x FROM v{views - 1})" + Repeat(")", 300));
        Assert.Equal("ok 1 " + (5 + views - 1), lines[2]);
        Assert.Equal("ok 1 " + (5 + views - 1), lines[3]);
    }

    [Fact]
    public void Joins_stop_at_64_tables_on_a_1MB_stack()
    {
        static string Join(int tables) => "SELECT count(*) FROM t t0" + string.Concat(Enumerable.Range(1, tables - 1).Select(i => $" JOIN t t{i}"));
        static string Nested(int tables) =>
            "SELECT count(*) FROM " + Repeat("(", tables - 1) + "t t0" + string.Concat(Enumerable.Range(1, tables - 1).Select(i => $" JOIN t t{i})"));
        IReadOnlyList<string> lines = SqlChildProcess.Run(SqlChildProcess.OneMegabyte, Table, Join(64), Join(65), Nested(64), Nested(400));
        Assert.Equal("ok 1 1", lines[1]);
        Assert.StartsWith("error TooComplex at most 64 tables in a join", lines[2], StringComparison.Ordinal);
        Assert.Equal("ok 1 1", lines[3]);
        Assert.StartsWith("error TooComplex at most 64 tables in a join", lines[4], StringComparison.Ordinal);
    }

    [Fact]
    public void Trigger_cascades_stop_at_1000_levels()
    {
        static string Chain(int triggers) =>
            "CREATE TABLE t0(x);" + string.Concat(Enumerable.Range(1, triggers).Select(i =>
                $"CREATE TABLE t{i}(x); CREATE TRIGGER g{i} AFTER INSERT ON t{i - 1} BEGIN INSERT INTO t{i} VALUES (new.x + 1); END;"));

        // At the limit on the default stack of a process's main thread size; the cascade runs nested, as SQLite's does.
        IReadOnlyList<string> atLimit = SqlChildProcess.Run(16 * 1024, Chain(1000), "INSERT INTO t0 VALUES (0)", "SELECT x FROM t1000");
        Assert.Equal("ok 1 1000", atLimit[2]);

        IReadOnlyList<string> past = SqlChildProcess.Run(SqlChildProcess.OneMegabyte, Chain(1001), "INSERT INTO t0 VALUES (0)", "SELECT count(*) FROM t1");
        Assert.StartsWith("error TooComplex too many levels of trigger recursion (at most 1000)", past[1], StringComparison.Ordinal);
        Assert.Equal("ok 1 0", past[2]);
    }

    [Fact]
    public void A_chain_of_common_table_expressions_each_naming_the_one_before_twice_finishes()
    {
        // 2^29 evaluations of the first expression without materialization; a hang before the fix.
        string sql = "WITH c0(x) AS (SELECT 1)" +
            string.Concat(Enumerable.Range(1, 29).Select(i => $", c{i}(x) AS (SELECT a.x + b.x FROM c{i - 1} a, c{i - 1} b)")) +
            " SELECT x FROM c29";
        IReadOnlyList<string> lines = SqlChildProcess.Run(SqlChildProcess.OneMegabyte, sql);
        Assert.Equal("ok 1 536870912", lines[0]);
    }
}
