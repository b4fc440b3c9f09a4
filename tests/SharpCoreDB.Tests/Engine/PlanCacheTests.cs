using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

public sealed class PlanCacheTests
{
    [Fact]
    public void Same_sql_gives_the_same_prepared_statement_across_sessions()
    {
        using var db = new EngineHarness();
        using Session other = db.Database.CreateSession();
        Assert.Same(db.Session.Prepare("SELECT 1"), other.Prepare("SELECT 1"));
    }

    [Fact]
    public void Schema_change_invalidates_cached_plans()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        db.Execute("INSERT INTO t VALUES (1)");
        Statement select = db.Session.Prepare("SELECT * FROM t");
        Assert.Equal(["1"], db.Query("SELECT * FROM t"));
        Assert.Equal(["1"], db.Query("SELECT * FROM t"));

        db.Execute("DROP TABLE t");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT * FROM t").ErrorCode);
        db.Execute("CREATE TABLE t(x TEXT, y TEXT)");
        db.Execute("INSERT INTO t VALUES ('p', 'q')");
        Assert.Same(select, db.Session.Prepare("SELECT * FROM t"));
        Assert.Equal(["p|q"], db.Query("SELECT * FROM t"));
    }

    [Fact]
    public void New_index_is_used_by_a_statement_prepared_before_it()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
        db.Execute("INSERT INTO t VALUES (1, 2), (3, 4)");
        Assert.Contains("TableScan", string.Join("\n", db.Query("EXPLAIN SELECT b FROM t WHERE a = 3")), StringComparison.Ordinal);
        db.Execute("CREATE INDEX t_a ON t(a)");
        Assert.Contains("IndexSeek", string.Join("\n", db.Query("EXPLAIN SELECT b FROM t WHERE a = 3")), StringComparison.Ordinal);
        Assert.Equal(["4"], db.Query("SELECT b FROM t WHERE a = 3"));
    }

    [Fact]
    public void Prepared_statement_reruns_with_new_parameter_values()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
        Statement insert = db.Session.Prepare("INSERT INTO t VALUES (@id, :v)");
        Assert.Equal(["id", "v"], insert.ParameterNames);
        for (int i = 1; i <= 100; i++)
        {
            using QueryResult result = insert.Execute(db.Session, [SqlValue.FromInt64(i), SqlValue.FromText("v" + i)]);
            Assert.Equal(1, result.RecordsAffected);
        }

        Assert.Equal(["v42"], db.Query("SELECT v FROM t WHERE id = ?", 42));
        Assert.Equal(["?1", "?2"], db.Session.Prepare("SELECT ?, ?2").ParameterNames);
        Assert.Equal(["?7"], db.Session.Prepare("SELECT ?7").ParameterNames);
        Assert.Equal(["?2", "2"], db.Session.Prepare("SELECT ?2, @2").ParameterNames);
    }

    [Fact]
    public void Execute_non_query_counts_rows_and_keeps_statement_atomicity()
    {
        using var db = new EngineHarness();
        Assert.Equal(0, db.Session.Prepare("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT NOT NULL)").ExecuteNonQuery(db.Session, []));
        Statement insert = db.Session.Prepare("INSERT INTO t VALUES (?, ?)");
        Assert.Equal(1, insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(1), SqlValue.FromText("a")]));
        db.Session.Begin();
        Assert.Equal(1, insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(2), SqlValue.FromText("b")]));
        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(3), SqlValue.Null]));
        Assert.Equal(SharpCoreDBErrorCode.NotNullViolation, error.ErrorCode);
        db.Session.Commit();
        Assert.Equal(2, db.Session.Prepare("UPDATE t SET v = v || '!'").ExecuteNonQuery(db.Session, []));
        Assert.Equal(-1, db.Session.Prepare("SELECT * FROM t").ExecuteNonQuery(db.Session, []));
        Assert.Equal(3, db.Session.Prepare("INSERT INTO t VALUES (5, 'e'); DELETE FROM t WHERE id < 3").ExecuteNonQuery(db.Session, []));
        Assert.Equal(["5|e"], db.Query("SELECT * FROM t"));
        Assert.Throws<ArgumentException>(() => insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(9)]));
    }
}

