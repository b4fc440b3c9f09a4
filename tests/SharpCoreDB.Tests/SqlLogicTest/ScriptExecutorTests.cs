using Microsoft.Data.Sqlite;
using SharpCoreDB.SqlLogicTest;

namespace SharpCoreDB.Tests.SqlLogicTest;

/// <summary>Runs small scripts against SQLite (the reference engine): what SQLite does must pass.</summary>
public sealed class ScriptExecutorTests
{
    private const string Setup = "statement ok\nCREATE TABLE t(a INTEGER, b TEXT)\n\nstatement ok\nINSERT INTO t VALUES(1,'x'),(2,'y'),(10,'z'),(NULL,'')\n\n";

    [Fact]
    public void Correct_results_pass_and_wrong_ones_fail()
    {
        FileResult result = Run(Setup +
            "query IT rowsort\nSELECT a, b FROM t\n----\n1\nx\n10\nz\n2\ny\nNULL\n(empty)\n\n" +
            "query I nosort\nSELECT a FROM t WHERE a = 1\n----\n2\n\n" +
            "query I nosort\nSELECT a FROM t WHERE a = 1\n----\n1\n1\n\n" +
            "query II nosort\nSELECT a FROM t WHERE a = 1\n----\n1\n\n" +
            "statement error\nSELECT * FROM missing\n\n" +
            "statement error\nSELECT 1\n\n" +
            "statement ok\nSELECT * FROM missing\n");
        Assert.Equal(4, result.Passed);
        Assert.Equal(5, result.Failed);
        Assert.Contains(result.Failures, f => f.Contains("wrong result", StringComparison.Ordinal));
        Assert.Contains(result.Failures, f => f.Contains("expected 2 values, got 1", StringComparison.Ordinal));
        Assert.Contains(result.Failures, f => f.Contains("expected 2 columns", StringComparison.Ordinal));
    }

    [Fact]
    public void Results_over_the_threshold_compare_by_hash()
    {
        FileResult result = Run(Setup +
            "hash-threshold 2\n\n" +
            "query I valuesort\nSELECT a FROM t\n----\n4 values hashing to " + Md5("1", "10", "2", "NULL") + "\n\n" +
            "query I valuesort\nSELECT a FROM t\n----\n4 values hashing to 00000000000000000000000000000000\n\n" +
            "query I nosort\nSELECT a FROM t WHERE a < 3 ORDER BY a\n----\n1\n2\n");
        Assert.Equal(4, result.Passed);
        Assert.Equal(1, result.Failed);
    }

    [Fact]
    public void Labels_must_agree_with_the_first_written_result_even_when_it_was_skipped()
    {
        string hashOfOne = "1 values hashing to " + Md5("1");
        FileResult result = Run(Setup +
            "onlyif mysql\nquery I nosort label-1\nSELECT 1\n----\n" + hashOfOne + "\n\n" +
            "query I nosort label-1\nSELECT a FROM t WHERE a = 1\n----\n1\n\n" +
            "onlyif mysql\nquery I nosort label-2\nSELECT 1\n----\n2\n\n" +
            "query I nosort label-2\nSELECT a FROM t WHERE a = 1\n----\n1\n");
        Assert.Equal(2 + 1, result.Passed);
        Assert.Equal(2, result.Skipped);
        Assert.Equal(1, result.Failed);
        Assert.Contains(result.Failures, f => f.Contains("label-2", StringComparison.Ordinal));
    }

    [Fact]
    public void Conditions_and_halt_follow_the_sqlite_engine_name()
    {
        FileResult result = Run(Setup +
            "skipif sqlite\nstatement ok\nTHIS IS NOT SQL\n\n" +
            "onlyif postgresql\nstatement ok\nTHIS IS NOT SQL\n\n" +
            "onlyif sqlite\nstatement ok\nSELECT 1\n\n" +
            "onlyif mssql\nhalt\n\n" +
            "statement ok\nSELECT 2\n\n" +
            "skipif mssql\nhalt\n\n" +
            "statement ok\nTHIS IS NEVER RUN\n");
        Assert.Equal(2 + 2, result.Passed);
        Assert.Equal(2, result.Skipped);
        Assert.Equal(0, result.Failed);
    }

    [Fact]
    public void An_error_while_stepping_rows_ends_the_result_like_the_reference_runner()
    {
        // sum() overflows while executing; the reference runner sees an empty result. A query that cannot
        // even be prepared is a failure.
        FileResult result = Run(
            "statement ok\nCREATE TABLE t1(x INTEGER)\n\nstatement ok\nINSERT INTO t1 VALUES(1<<62),(1<<62),(1<<62)\n\n" +
            "query R nosort\nSELECT sum(x) FROM t1\n----\n\n" +
            "query I nosort\nSELECT nosuchfunction(x) FROM t1\n----\n");
        Assert.Equal(3, result.Passed);
        Assert.Equal(1, result.Failed);
        Assert.Contains(result.Failures, f => f.Contains("failed to prepare", StringComparison.Ordinal));
    }

    [Fact]
    public void Unknown_records_count_as_failures()
    {
        FileResult result = Run("frobnicate\n");
        Assert.Equal(1, result.Failed);
    }

    private static FileResult Run(string script) =>
        FileRunner.Run("inline.test", ScriptParser.Parse(script), SqliteFactory.Instance, "Data Source=:memory:", TimeSpan.FromSeconds(30), verbose: true);

    private static string Md5(params string[] values) => ResultHasher.Md5(values);
}
