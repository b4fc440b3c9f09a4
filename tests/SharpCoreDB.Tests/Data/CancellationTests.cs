namespace SharpCoreDB.Tests.Data;

/// <summary>
/// CommandTimeout, Cancel() and a caller's CancellationToken stop every kind of wait and long loop: the wait for
/// the writer lock, window frames, sorts over joins, LIKE and GLOB over long text. Each query here would run for
/// minutes (or wait 30 s) when not stopped; the hang guard only detects that, it does not measure how fast the stop is.
/// </summary>
public sealed class CancellationTests
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(20);

    // Two million '0's against '%', twenty thousand '0's and a '1': every start position retries the whole
    // pattern, about 4 × 10^10 steps.
    private const string LongPattern = "'%' || hex(zeroblob(10000)) || '1'";

    [Fact]
    public void Command_timeout_stops_a_wait_for_the_writer_lock_before_the_busy_timeout()
    {
        using var locked = new WriterLockHeld("INSERT INTO t VALUES (1)", commandTimeout: 1);

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => locked.Command.ExecuteNonQuery()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    [Fact]
    public void Command_timeout_stops_an_explicit_BEGIN_IMMEDIATE_waiting_for_the_writer_lock()
    {
        using var locked = new WriterLockHeld("BEGIN IMMEDIATE", commandTimeout: 1);

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => locked.Command.ExecuteNonQuery()));

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
        Assert.False(locked.Waiter.Session.InTransaction);
    }

    [Fact]
    public void Cancel_stops_a_wait_for_the_writer_lock()
    {
        using var locked = new WriterLockHeld("INSERT INTO t VALUES (1)", commandTimeout: 0);

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => locked.Command.ExecuteNonQuery(), locked.Command.Cancel));

        Assert.Equal(SharpCoreDBErrorCode.Cancelled, error.ErrorCode);
    }

    [Fact]
    public async Task Caller_token_stops_a_wait_for_the_writer_lock_with_OperationCanceledException()
    {
        using var locked = new WriterLockHeld("INSERT INTO t VALUES (1)", commandTimeout: 0);
        using var cancel = new CancellationTokenSource();
        cancel.CancelAfter(TimeSpan.FromMilliseconds(200));

        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => locked.Command.ExecuteNonQueryAsync(cancel.Token).WaitAsync(HangGuard));

        Assert.Equal(cancel.Token, error.CancellationToken);
    }

    [Fact]
    public async Task Caller_token_stops_a_long_query_with_OperationCanceledException()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        FillForCrossJoin(connection);
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT count(*) FROM t a, t b, t c, t d";
        command.CommandTimeout = 0;

        using var cancel = new CancellationTokenSource();
        cancel.CancelAfter(TimeSpan.FromMilliseconds(200));
        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteScalarAsync(cancel.Token).WaitAsync(HangGuard));

        Assert.Equal(cancel.Token, error.CancellationToken);
        var engineError = Assert.IsType<SharpCoreDBException>(error.InnerException);
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, engineError.ErrorCode);
    }

    [Fact]
    public void Command_timeout_stops_a_window_query_over_large_frames() =>
        // 100,000 rows, each taking max() over a frame of up to 200,001 rows: about 10^10 steps (max() has no
        // inverse, so every frame is fed again; sum() would slide in O(n)). The timeout leaves the input (a recursive
        // CTE) time to finish, so the stop happens in the frames.
        AssertStopped(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) "
            + "SELECT count(s) FROM (SELECT max(x) OVER (ORDER BY x ROWS BETWEEN 100000 PRECEDING AND 100000 FOLLOWING) AS s FROM c)",
            commandTimeout: 3);

    [Fact]
    public void Command_timeout_stops_a_LIKE_over_long_text() =>
        // A constant LIKE: it must run with the statement, not be folded at plan time where no timeout reaches it.
        AssertStopped("SELECT hex(zeroblob(1000000)) LIKE " + LongPattern, commandTimeout: 1);

    [Fact]
    public void Command_timeout_stops_a_LIKE_over_a_long_column_value() =>
        AssertStopped(
            "SELECT count(*) FROM big WHERE v LIKE " + LongPattern,
            commandTimeout: 1,
            setup: "CREATE TABLE big(v TEXT); INSERT INTO big VALUES (hex(zeroblob(1000000)))");

    [Fact]
    public void Command_timeout_stops_the_like_function_over_long_text() =>
        // like(pattern, text): the function behind the operator, also constant here, also stopped by the timeout.
        AssertStopped("SELECT like(" + LongPattern + ", hex(zeroblob(1000000)))", commandTimeout: 1);

    [Fact]
    public void Cancel_stops_the_glob_function_over_long_text() =>
        AssertStopped("SELECT glob('*' || hex(zeroblob(10000)) || '1', hex(zeroblob(1000000)))", commandTimeout: 0);

    [Fact]
    public void Cancel_stops_a_GLOB_over_long_text() =>
        AssertStopped("SELECT hex(zeroblob(1000000)) GLOB '*' || hex(zeroblob(10000)) || '1'", commandTimeout: 0);

    [Fact]
    public void Command_timeout_stops_a_sort_of_a_filtered_cross_join_of_a_materialized_view() =>
        // The inner side of each join replays rows a CTE materialized: no table scan below checks.
        AssertStopped(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) "
            + "SELECT a.x FROM c a, c b, c d WHERE a.x + b.x + d.x < 0 ORDER BY a.x",
            commandTimeout: 1);

    internal static void FillForCrossJoin(SharpCoreDBConnection connection)
    {
        ConnectionTests.Execute(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)");
        ConnectionTests.Execute(connection, "INSERT INTO t(name) WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300) SELECT 'r' FROM c");
    }

    // Runs a query that would take minutes: with a timeout it must fail with Timeout, without one (commandTimeout 0)
    // Cancel() must stop it with Cancelled.
    private static void AssertStopped(string sql, int commandTimeout, string? setup = null)
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        if (setup is not null)
        {
            ConnectionTests.Execute(connection, setup);
        }

        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.CommandTimeout = commandTimeout;

        var error = Assert.IsType<SharpCoreDBException>(RunGuarded(() => command.ExecuteScalar(), commandTimeout == 0 ? command.Cancel : null));

        Assert.Equal(commandTimeout == 0 ? SharpCoreDBErrorCode.Cancelled : SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    // Runs the call on another thread (calling cancel now and then while it runs, when given) and returns what it
    // threw; fails when it neither returns nor throws within the hang guard.
    internal static Exception? RunGuarded(Func<object?> call, Action? cancel = null)
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

    /// <summary>A file whose writer lock one connection holds (in a transaction), and a command of a second
    /// connection (Default Timeout 30 s) that needs the lock.</summary>
    private sealed class WriterLockHeld : IDisposable
    {
        private readonly TempDatabase _temp = new();
        private readonly SharpCoreDBConnection _holder;
        private readonly SharpCoreDBTransaction _transaction;

        public WriterLockHeld(string sql, int commandTimeout)
        {
            _holder = ConnectionOptionsTests.Open(_temp.ConnectionString());
            ConnectionTests.Execute(_holder, "CREATE TABLE t(v INTEGER)");
            Waiter = ConnectionOptionsTests.Open(_temp.ConnectionString("Default Timeout=30"));
            Command = Waiter.CreateCommand();
            Command.CommandText = sql;
            Command.CommandTimeout = commandTimeout;
            _transaction = _holder.BeginTransaction();
        }

        public SharpCoreDBConnection Waiter { get; }

        public SharpCoreDBCommand Command { get; }

        public void Dispose()
        {
            _transaction.Dispose();
            Command.Dispose();
            Waiter.Dispose();
            _holder.Dispose();
            _temp.Dispose();
        }
    }
}
