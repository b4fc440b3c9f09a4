namespace SharpCoreDB.Tests.Data;

/// <summary>
/// CommandTimeout, Cancel() and a caller's CancellationToken stop every kind of wait and long loop: the wait for
/// the writer lock, window frames, LIKE over long text. Each query here would run for minutes (or wait 30 s)
/// when not stopped; the hang guard only detects that, it does not measure how fast the stop is.
/// </summary>
public sealed class CancellationTests
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(20);

    // 100,000 rows, each summing a frame of up to 200,001 rows: about 10^10 steps.
    private const string LargeFrameWindowQuery =
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) "
        + "SELECT count(s) FROM (SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN 100000 PRECEDING AND 100000 FOLLOWING) AS s FROM c)";

    // Two million '0's against '%', twenty thousand '0's and a '1': every start position retries the whole
    // pattern, about 4 × 10^10 steps.
    private const string LongLikeQuery = "SELECT hex(zeroblob(1000000)) LIKE '%' || hex(zeroblob(10000)) || '1'";

    private const string CrossJoinQuery = "SELECT count(*) FROM t a, t b, t c, t d";

    [Fact]
    public void Command_timeout_stops_a_wait_for_the_writer_lock_before_the_busy_timeout()
    {
        using var temp = new TempDatabase();
        using var holder = ConnectionOptionsTests.Open(temp.ConnectionString());
        ConnectionTests.Execute(holder, "CREATE TABLE t(v INTEGER)");
        using var waiter = ConnectionOptionsTests.Open(temp.ConnectionString("Default Timeout=30"));
        using var command = waiter.CreateCommand();
        command.CommandText = "INSERT INTO t VALUES (1)";
        command.CommandTimeout = 1;

        using var transaction = holder.BeginTransaction();
        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteNonQuery()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    [Fact]
    public void Command_timeout_stops_an_explicit_BEGIN_waiting_for_the_writer_lock()
    {
        using var temp = new TempDatabase();
        using var holder = ConnectionOptionsTests.Open(temp.ConnectionString());
        using var waiter = ConnectionOptionsTests.Open(temp.ConnectionString("Default Timeout=30"));
        using var command = waiter.CreateCommand();
        command.CommandText = "BEGIN";
        command.CommandTimeout = 1;

        using var transaction = holder.BeginTransaction();
        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteNonQuery()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
        Assert.False(waiter.Session.InTransaction);
    }

    [Fact]
    public void Cancel_stops_a_wait_for_the_writer_lock()
    {
        using var temp = new TempDatabase();
        using var holder = ConnectionOptionsTests.Open(temp.ConnectionString());
        ConnectionTests.Execute(holder, "CREATE TABLE t(v INTEGER)");
        using var waiter = ConnectionOptionsTests.Open(temp.ConnectionString("Default Timeout=30"));
        using var command = waiter.CreateCommand();
        command.CommandText = "INSERT INTO t VALUES (1)";
        command.CommandTimeout = 0;

        using var transaction = holder.BeginTransaction();
        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteNonQuery(), command.Cancel));

        Assert.Equal(SharpCoreDBErrorCode.Cancelled, error.ErrorCode);
    }

    [Fact]
    public async Task Caller_token_stops_a_wait_for_the_writer_lock_with_OperationCanceledException()
    {
        using var temp = new TempDatabase();
        using var holder = ConnectionOptionsTests.Open(temp.ConnectionString());
        ConnectionTests.Execute(holder, "CREATE TABLE t(v INTEGER)");
        using var waiter = ConnectionOptionsTests.Open(temp.ConnectionString("Default Timeout=30"));
        using var command = waiter.CreateCommand();
        command.CommandText = "INSERT INTO t VALUES (1)";
        command.CommandTimeout = 0;

        using var transaction = holder.BeginTransaction();
        using var cancel = new CancellationTokenSource();
        cancel.CancelAfter(TimeSpan.FromMilliseconds(200));
        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteNonQueryAsync(cancel.Token).WaitAsync(HangGuard));

        Assert.Equal(cancel.Token, error.CancellationToken);
    }

    [Fact]
    public async Task Caller_token_stops_a_long_query_with_OperationCanceledException()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        FillForCrossJoin(connection);
        using var command = connection.CreateCommand();
        command.CommandText = CrossJoinQuery;
        command.CommandTimeout = 0;

        using var cancel = new CancellationTokenSource();
        cancel.CancelAfter(TimeSpan.FromMilliseconds(200));
        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteScalarAsync(cancel.Token).WaitAsync(HangGuard));

        Assert.Equal(cancel.Token, error.CancellationToken);
        var engineError = Assert.IsType<SharpCoreDBException>(error.InnerException);
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, engineError.ErrorCode);
    }

    [Fact]
    public void Command_timeout_stops_a_window_query_over_large_frames()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandText = LargeFrameWindowQuery;
        command.CommandTimeout = 3;

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteScalar()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    [Fact]
    public void Command_timeout_stops_a_LIKE_over_long_text()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandText = LongLikeQuery;
        command.CommandTimeout = 1;

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteScalar()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    [Fact]
    public void Command_timeout_stops_a_LIKE_over_a_long_column_value()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        ConnectionTests.Execute(connection, "CREATE TABLE big(v TEXT)");
        ConnectionTests.Execute(connection, "INSERT INTO big VALUES (hex(zeroblob(1000000)))");
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT count(*) FROM big WHERE v LIKE '%' || hex(zeroblob(10000)) || '1'";
        command.CommandTimeout = 1;

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteScalar()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    [Fact]
    public void Cancel_stops_a_GLOB_over_long_text()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT hex(zeroblob(1000000)) GLOB '*' || hex(zeroblob(10000)) || '1'";
        command.CommandTimeout = 0;

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteScalar(), command.Cancel));

        Assert.Equal(SharpCoreDBErrorCode.Cancelled, error.ErrorCode);
    }

    [Fact]
    public void Command_timeout_stops_a_sort_of_a_filtered_cross_join_of_a_materialized_view()
    {
        // The inner side of each join replays rows a CTE materialized: no table scan below checks.
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandText =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) "
            + "SELECT a.x FROM c a, c b, c d WHERE a.x + b.x + d.x < 0 ORDER BY a.x";
        command.CommandTimeout = 1;

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteScalar()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    internal static void FillForCrossJoin(SharpCoreDBConnection connection)
    {
        ConnectionTests.Execute(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)");
        ConnectionTests.Execute(connection, "INSERT INTO t(name) WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300) SELECT 'r' FROM c");
    }

    // Runs the call on another thread (calling cancel now and then while it runs, when given) and returns what it
    // threw; fails when it neither returns nor throws within the hang guard.
    private static Exception? RunGuarded(Func<object?> call, Action? cancel = null)
    {
        var running = Task.Run(call);
        var deadline = DateTime.UtcNow + HangGuard;
        while (!running.IsCompleted && DateTime.UtcNow < deadline)
        {
            // Cancel until the execution has started and observed it; a Cancel before Execute is reset by Execute.
            cancel?.Invoke();
            ((IAsyncResult)running).AsyncWaitHandle.WaitOne(TimeSpan.FromMilliseconds(20));
        }

        Assert.True(running.IsCompleted, "the command was not stopped: it still runs after the hang guard");
        return running.Exception?.InnerException;
    }
}
