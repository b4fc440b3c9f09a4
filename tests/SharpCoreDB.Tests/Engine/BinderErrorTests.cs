namespace SharpCoreDB.Tests.Engine;

public sealed class BinderErrorTests
{
    [Fact]
    public void Unknown_column_reports_name_line_and_column()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        SharpCoreDBException error = db.Fails("SELECT a,\n  nope FROM t");
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, error.ErrorCode);
        Assert.Equal(2, error.Line);
        Assert.Equal(3, error.Column);
        Assert.Contains("no such column: nope", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Unknown_table_and_ambiguous_column_are_reported()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER); CREATE TABLE u(a INTEGER)");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT * FROM missing").ErrorCode);
        SharpCoreDBException ambiguous = db.Fails("SELECT a FROM t, u");
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, ambiguous.ErrorCode);
        Assert.Contains("ambiguous column name: a", ambiguous.Message, StringComparison.Ordinal);
        Assert.Empty(db.Query("SELECT t.a, u.a FROM t, u"));
    }

    [Fact]
    public void Misused_aggregates_and_functions_are_unsupported_errors()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        Assert.Contains("misuse of aggregate function count()", db.Fails("SELECT a FROM t WHERE count(a) > 1").Message, StringComparison.Ordinal);
        Assert.Contains("no such function: frobnicate", db.Fails("SELECT frobnicate(a) FROM t").Message, StringComparison.Ordinal);
        Assert.Contains("wrong number of arguments to function abs()", db.Fails("SELECT abs(1, 2)").Message, StringComparison.Ordinal);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END").ErrorCode);
    }

    [Fact]
    public void Create_table_that_exists_is_an_error_never_a_drop()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER); INSERT INTO t VALUES (1)");
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, db.Fails("CREATE TABLE t(b TEXT)").ErrorCode);
        db.Execute("CREATE TABLE IF NOT EXISTS t(b TEXT)");
        Assert.Equal(["1"], db.Query("SELECT * FROM t"));
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, db.Fails("CREATE INDEX t ON t(a)").ErrorCode);
    }

    [Fact]
    public void Insert_with_wrong_value_count_or_unknown_column_fails()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("INSERT INTO t VALUES (1)").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, db.Fails("INSERT INTO t(c) VALUES (1)").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, db.Fails("UPDATE t SET c = 1").ErrorCode);
    }
}
