using SharpCoreDB.Engine;

namespace SharpCoreDB.Tests.Engine;

public sealed class DdlTests
{
    [Fact]
    public void Reindex_rebuilds_indexes_that_keep_answering_queries()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT UNIQUE)");
        db.Execute("CREATE INDEX t_a ON t(a)");
        db.Execute("INSERT INTO t VALUES (1, 'x'), (2, 'y'), (1, 'z')");
        db.Execute("REINDEX t_a");
        db.Execute("REINDEX t");
        db.Execute("REINDEX");
        Assert.Equal(["x", "z"], db.Query("SELECT b FROM t WHERE a = 1 ORDER BY b"));
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (3, 'y')").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.UnknownIndex, db.Fails("REINDEX nothing_here").ErrorCode);
    }

    [Fact]
    public void Views_expand_with_their_column_names()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT)");
        db.Execute("INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')");
        db.Execute("CREATE VIEW v(n, label) AS SELECT a * 10, upper(b) FROM t WHERE a > 1");
        Assert.Equal(["20|Y", "30|Z"], db.Query("SELECT n, label FROM v ORDER BY n"));
        Assert.Equal(["30"], db.Query("SELECT v.n FROM v JOIN t ON t.a * 10 = v.n WHERE t.b = 'z'"));
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, db.Fails("CREATE VIEW v AS SELECT 1").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("INSERT INTO v VALUES (1, 'a')").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("CREATE VIEW w AS SELECT * FROM missing").ErrorCode);
        db.Execute("DROP VIEW v");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT * FROM v").ErrorCode);
    }

    [Fact]
    public void Create_table_as_select_copies_rows_and_column_names()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT)");
        db.Execute("INSERT INTO t VALUES (1, 'x'), (2, 'y')");
        db.Execute("CREATE TABLE c AS SELECT a AS n, b || '!' AS s FROM t WHERE a > 1");
        Assert.Equal(["2|y!"], db.Query("SELECT n, s FROM c"));
    }

    [Fact]
    public void Drop_if_exists_is_quiet_and_drop_table_removes_its_indexes()
    {
        using var db = new EngineHarness();
        db.Execute("DROP TABLE IF EXISTS missing");
        db.Execute("DROP INDEX IF EXISTS missing");
        db.Execute("DROP VIEW IF EXISTS missing");
        db.Execute("CREATE TABLE t(a INTEGER UNIQUE)");
        db.Execute("CREATE INDEX t_idx ON t(a)");
        db.Execute("DROP TABLE t");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("DROP TABLE t").ErrorCode);

        // The index name is free again: the index went with its table.
        db.Execute("CREATE TABLE u(a INTEGER); CREATE INDEX t_idx ON u(a)");
        Assert.Contains("USING INDEX t_idx", string.Join("\n", db.Query("EXPLAIN SELECT a FROM u WHERE a = 1")), StringComparison.Ordinal);
    }

    [Fact]
    public void Constraint_index_cannot_be_dropped()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER UNIQUE)");
        SharpCoreDBException error = db.Fails("DROP INDEX sqlite_autoindex_t_1");
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
    }

    [Fact]
    public void Temporary_views_belong_to_their_session()
    {
        using var db = new EngineHarness();
        using Session other = db.Database.CreateSession();
        db.Execute("CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1), (2), (3)");
        db.Execute("CREATE TEMP VIEW big AS SELECT x FROM t WHERE x > 1");
        Assert.Equal(["2", "3"], db.Query("SELECT x FROM big ORDER BY x"));
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, db.Fails("CREATE TEMPORARY VIEW big AS SELECT 1").ErrorCode);
        using (QueryResult result = other.Prepare("SELECT count(*) FROM t").Execute(other, []))
        {
            Assert.True(result.Read());
        }

        Assert.Throws<SharpCoreDBException>(() => other.Prepare("SELECT x FROM big").Execute(other, []).Dispose());
        db.Execute("DROP VIEW big");
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT x FROM big").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("DROP VIEW big").ErrorCode);
    }
}

