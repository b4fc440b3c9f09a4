using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

public sealed class TransactionTests
{
    [Fact]
    public void Failed_statement_in_explicit_transaction_changes_nothing_and_transaction_stays_usable()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER UNIQUE, b TEXT)");
        db.Execute("CREATE INDEX t_b ON t(b)");
        db.Execute("BEGIN");
        db.Execute("INSERT INTO t VALUES (1, 'one')");

        // The third row conflicts: the first two of this statement must be taken back, index entries included.
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (2, 'two'), (3, 'three'), (1, 'dup')").ErrorCode);
        Assert.True(db.Session.InTransaction);
        Assert.Equal(["1|one"], db.Query("SELECT * FROM t"));
        Assert.Empty(db.Query("SELECT a FROM t WHERE b = 'two'"));

        db.Execute("INSERT INTO t VALUES (2, 'two')");
        db.Execute("COMMIT");
        Assert.Equal(["1|one", "2|two"], db.Query("SELECT * FROM t ORDER BY a"));
        Assert.Equal(["2"], db.Query("SELECT a FROM t WHERE b = 'two'"));
    }

    [Fact]
    public void Failed_update_in_explicit_transaction_restores_every_row()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER CHECK (v < 100))");
        db.Execute("INSERT INTO t VALUES (1, 10), (2, 50), (3, 99)");
        db.Execute("BEGIN");
        Assert.Equal(SharpCoreDBErrorCode.CheckViolation, db.Fails("UPDATE t SET v = v * 2").ErrorCode);
        Assert.Equal(["1|10", "2|50", "3|99"], db.Query("SELECT * FROM t ORDER BY id"));
        db.Execute("ROLLBACK");
        Assert.False(db.Session.InTransaction);
    }

    [Fact]
    public void Failed_statement_in_autocommit_rolls_back_alone()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER NOT NULL)");
        db.Execute("INSERT INTO t VALUES (1)");
        Assert.Equal(SharpCoreDBErrorCode.NotNullViolation, db.Fails("INSERT INTO t VALUES (2), (NULL)").ErrorCode);
        Assert.Equal(["1"], db.Query("SELECT a FROM t"));
    }

    [Fact]
    public void Rollback_discards_data_and_schema_changes()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE kept(a INTEGER)");
        db.Session.Begin();
        db.Execute("INSERT INTO kept VALUES (1)");
        db.Execute("CREATE TABLE gone(x INTEGER)");
        db.Execute("INSERT INTO gone VALUES (1)");
        Assert.Equal(["1"], db.Query("SELECT x FROM gone"));
        db.Session.Rollback();
        Assert.Empty(db.Query("SELECT a FROM kept"));
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("SELECT * FROM gone").ErrorCode);
    }

    [Fact]
    public void Failed_ddl_inside_a_transaction_is_undone()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        db.Execute("INSERT INTO t VALUES (1), (1)");
        db.Execute("BEGIN");
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("CREATE UNIQUE INDEX t_a ON t(a)").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, db.Fails("CREATE TABLE t(b INTEGER)").ErrorCode);
        db.Execute("CREATE INDEX t_a ON t(a)");
        db.Execute("COMMIT");
        Assert.Equal(["1", "1"], db.Query("SELECT a FROM t WHERE a = 1"));
    }

    [Fact]
    public void Transaction_statements_in_the_wrong_state_fail_with_transaction_state()
    {
        using var db = new EngineHarness();
        Assert.Equal(SharpCoreDBErrorCode.TransactionState, db.Fails("COMMIT").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.TransactionState, db.Fails("ROLLBACK").ErrorCode);
        db.Execute("BEGIN");
        Assert.Equal(SharpCoreDBErrorCode.TransactionState, db.Fails("BEGIN").ErrorCode);
        Assert.True(db.Session.InTransaction);
        db.Execute("END");
        Assert.False(db.Session.InTransaction);
    }

    [Fact]
    public void Other_sessions_see_a_commit_only_after_it_happens()
    {
        using var db = new EngineHarness();
        using Session other = db.Database.CreateSession();
        db.Execute("CREATE TABLE t(a INTEGER)");
        db.Execute("BEGIN; INSERT INTO t VALUES (1)");
        Assert.Equal(0, Count(other));
        db.Execute("COMMIT");
        Assert.Equal(1, Count(other));
    }

    [Fact]
    public async Task Async_execution_commits_and_reads_back()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        Statement insert = db.Session.Prepare("INSERT INTO t VALUES (@a)");
        for (int i = 0; i < 5; i++)
        {
            using QueryResult result = await insert.ExecuteAsync(db.Session, [SqlValue.FromInt64(i)]);
            Assert.Equal(1, result.RecordsAffected);
        }

        await db.Session.BeginAsync();
        using (QueryResult result = await insert.ExecuteAsync(db.Session, [SqlValue.FromInt64(99)]))
        {
            Assert.Equal(1, result.RecordsAffected);
        }

        await db.Session.CommitAsync();
        Assert.Equal(["6|99"], db.Query("SELECT count(*), max(a) FROM t"));
        Assert.Equal(1, await insert.ExecuteNonQueryAsync(db.Session, [SqlValue.FromInt64(100)]));
        Assert.Equal(7, await db.Session.Prepare("DELETE FROM t").ExecuteNonQueryAsync(db.Session, []));
    }

    private static long Count(Session session)
    {
        using QueryResult result = session.Prepare("SELECT count(*) FROM t").Execute(session, []);
        Assert.True(result.Read());
        return result.GetValue(0).AsInt64();
    }

    [Fact]
    public void Writing_while_a_result_is_read_in_the_same_transaction_is_refused()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER); INSERT INTO t VALUES (1), (2), (3)");
        db.Execute("BEGIN");
        using (QueryResult reading = db.Run("SELECT a FROM t"))
        {
            Assert.True(reading.Read());
            Assert.Throws<InvalidOperationException>(() => db.Execute("DELETE FROM t"));
            Assert.True(reading.Read());
        }

        Assert.Equal(3, db.Execute("DELETE FROM t"));
        db.Execute("COMMIT");
        Assert.Empty(db.Query("SELECT a FROM t"));
    }

    [Fact]
    public void Cancelled_token_stops_a_long_query_with_a_cancelled_error()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        db.Execute("BEGIN");
        Statement insert = db.Session.Prepare("INSERT INTO t VALUES (?)");
        for (int i = 0; i < 3000; i++)
        {
            insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(i)]);
        }

        db.Execute("COMMIT");
        using var cancel = new CancellationTokenSource();
        Statement cross = db.Session.Prepare("SELECT count(*) FROM t AS x, t AS y WHERE x.a + y.a > -1");
        cancel.Cancel();
        SharpCoreDBException early = Assert.Throws<SharpCoreDBException>(() => cross.Execute(db.Session, [], cancel.Token).Dispose());
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, early.ErrorCode);

        // Nine million row pairs take far longer than the cancellation delay; the scan notices it mid-way. A thread of
        // its own cancels (a timer's callback waits for a pool thread, which a loaded test run may not give it in time).
        using var later = new CancellationTokenSource();
        var canceller = new Thread(() =>
        {
            Thread.Sleep(50);
            later.Cancel();
        });
        canceller.Start();
        SharpCoreDBException midway = Assert.Throws<SharpCoreDBException>(() => cross.Execute(db.Session, [], later.Token).Dispose());
        canceller.Join();
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, midway.ErrorCode);
        Assert.Equal(["3000"], db.Query("SELECT count(*) FROM t"));
    }
}

