using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Data.PoolConnections;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// A pooled open takes the engine session the last close handed back. Each test leaves one kind of per-connection
/// state behind in a connection, closes it, and checks that the next connection (served the same session) starts as a
/// new one does, as in SQLite, where every connection starts without it.
/// </summary>
[Collection(PoolCollection.Name)]
public sealed class PooledSessionResetTests
{
    [Fact]
    public void A_pooled_open_takes_the_session_the_last_close_handed_back()
    {
        using var temp = new TempDatabase();
        var first = Open(temp.ConnectionString());
        var session = first.EngineSession;
        first.Dispose();

        using var second = Open(temp.ConnectionString());
        Assert.Same(session, second.EngineSession);
    }

    [Fact]
    public void A_transaction_left_open_at_close_is_rolled_back_and_the_next_connection_starts_in_autocommit()
    {
        using var temp = new TempDatabase();
        var first = Open(temp.ConnectionString());
        Execute(first, "CREATE TABLE t(x)");
        Execute(first, "BEGIN; INSERT INTO t VALUES (1)");
        var session = Close(first);

        using var second = OpenReused(temp, session);
        Assert.Equal(0L, PoolConnections.Scalar(second, "SELECT count(*) FROM t"));
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(second, "COMMIT"));
        Assert.Equal(SharpCoreDBErrorCode.TransactionState, error.ErrorCode);
        using var transaction = second.BeginTransaction();
        Execute(second, "INSERT INTO t VALUES (2)");
        transaction.Commit();
        Assert.Equal(1L, PoolConnections.Scalar(second, "SELECT count(*) FROM t"));
    }

    [Fact]
    public void A_savepoint_left_open_at_close_is_unknown_to_the_next_connection()
    {
        using var temp = new TempDatabase();
        var first = Open(temp.ConnectionString());
        Execute(first, "CREATE TABLE t(x)");
        Execute(first, "SAVEPOINT a; INSERT INTO t VALUES (1)");
        var session = Close(first);

        using var second = OpenReused(temp, session);
        Execute(second, "BEGIN");
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(second, "RELEASE a"));
        Assert.Contains("no such savepoint", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("", "PRAGMA foreign_keys = ON")]
    [InlineData("Foreign Keys=True", "SELECT 1")]
    public void Foreign_keys_set_by_a_connection_are_off_again_for_the_next(string extra, string sql)
    {
        using var temp = new TempDatabase();
        using var holder = Open(temp.ConnectionString());
        var first = Open(temp.ConnectionString(extra));
        Execute(first, sql);
        Assert.Equal(1L, PoolConnections.Scalar(first, "PRAGMA foreign_keys"));
        var session = Close(first);

        using var second = OpenReused(temp, session);
        Assert.Equal(0L, PoolConnections.Scalar(second, "PRAGMA foreign_keys"));
    }

    [Fact]
    public void Defer_foreign_keys_set_in_a_transaction_left_open_is_off_for_the_next_connection()
    {
        using var temp = new TempDatabase();
        var first = Open(temp.ConnectionString());
        Execute(first, "BEGIN; PRAGMA defer_foreign_keys = ON");
        Assert.Equal(1L, PoolConnections.Scalar(first, "PRAGMA defer_foreign_keys"));
        var session = Close(first);

        using var second = OpenReused(temp, session);
        Assert.Equal(0L, PoolConnections.Scalar(second, "PRAGMA defer_foreign_keys"));
    }

    [Fact]
    public void A_temporary_view_ends_with_its_connection()
    {
        using var temp = new TempDatabase();
        var first = Open(temp.ConnectionString());
        Execute(first, "CREATE TEMP VIEW v AS SELECT 1 AS x");
        Assert.Equal(1L, PoolConnections.Scalar(first, "SELECT x FROM v"));
        var session = Close(first);

        using var second = OpenReused(temp, session);
        Assert.Throws<SharpCoreDBException>(() => PoolConnections.Scalar(second, "SELECT x FROM v"));
        Execute(second, "CREATE TEMP VIEW v AS SELECT 2 AS x");
        Assert.Equal(2L, PoolConnections.Scalar(second, "SELECT x FROM v"));
    }

    [Fact]
    public void Last_insert_rowid_changes_and_total_changes_start_at_zero()
    {
        using var temp = new TempDatabase();
        var first = Open(temp.ConnectionString());
        Execute(first, "CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3)");
        Assert.Equal(3L, PoolConnections.Scalar(first, "SELECT last_insert_rowid()"));
        var session = Close(first);

        using var second = OpenReused(temp, session);
        Assert.Equal(0L, PoolConnections.Scalar(second, "SELECT last_insert_rowid()"));
        Assert.Equal(0L, PoolConnections.Scalar(second, "SELECT changes()"));
        Assert.Equal(0L, PoolConnections.Scalar(second, "SELECT total_changes()"));
    }

    [Theory]
    [InlineData("Mode=ReadOnly", "", true)]
    [InlineData("", "Mode=ReadOnly", false)]
    public void The_open_mode_is_the_new_connections_own(string before, string after, bool writes)
    {
        using var temp = new TempDatabase();

        // A read-write connection keeps the database open, so a read-only one can share it (and its session pool).
        using var holder = Open(temp.ConnectionString());
        Execute(holder, "CREATE TABLE t(x)");
        var first = Open(temp.ConnectionString(before));
        var session = first.EngineSession;
        first.Dispose();

        using var second = Open(temp.ConnectionString(after));
        Assert.Same(session, second.EngineSession);
        if (writes)
        {
            Execute(second, "INSERT INTO t VALUES (1)");
            Assert.Equal(1L, PoolConnections.Scalar(second, "SELECT count(*) FROM t"));
        }
        else
        {
            var error = Assert.Throws<SharpCoreDBException>(() => Execute(second, "INSERT INTO t VALUES (1)"));
            Assert.Equal(SharpCoreDBErrorCode.ReadOnly, error.ErrorCode);
        }
    }

    [Fact]
    public void The_busy_timeout_is_the_new_connections_own()
    {
        using var temp = new TempDatabase();
        var session = Close(Open(temp.ConnectionString("Default Timeout=1")));

        using var second = OpenReused(temp, session, "Default Timeout=7");
        Assert.Equal(TimeSpan.FromSeconds(7), second.EngineSession!.BusyTimeout);
    }

    // Opens a connection and checks that it was served the session a connection closed before it handed back, so each
    // test above really runs on a reused session.
    private static SharpCoreDBConnection OpenReused(TempDatabase temp, global::SharpCoreDB.Engine.Session session, string extra = "")
    {
        var connection = Open(temp.ConnectionString(extra));
        Assert.Same(session, connection.EngineSession);
        return connection;
    }

    // Closes the connection and returns the session it used.
    private static global::SharpCoreDB.Engine.Session Close(SharpCoreDBConnection connection)
    {
        var session = connection.EngineSession!;
        connection.Dispose();
        return session;
    }
}
