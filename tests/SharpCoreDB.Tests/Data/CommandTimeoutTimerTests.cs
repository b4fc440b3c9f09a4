using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// The command's timeout clock: one timer per command, armed once for a run of executions rather than once per
/// execution, still stopping a long statement, and never cancelling a later execution from a stale deadline.
/// </summary>
public sealed class CommandTimeoutTimerTests(ITestOutputHelper output)
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(30);

    // Runs for ever unless stopped.
    private const string Endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";

    [Fact]
    public void A_loop_of_prepared_inserts_arms_the_timeout_timer_at_most_once()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        ConnectionTests.Execute(connection, "CREATE TABLE t(v INTEGER)");
        using var transaction = connection.BeginTransaction();
        using var command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = "INSERT INTO t VALUES (@v)";
        var parameter = command.CreateParameter();
        parameter.ParameterName = "@v";
        command.Parameters.Add(parameter);
        command.Prepare();

        for (var i = 0; i < 1000; i++)
        {
            parameter.Value = i;
            Assert.Equal(1, command.ExecuteNonQuery());
        }

        transaction.Commit();
        Assert.Equal(30, command.CommandTimeout);
        Assert.InRange(command.TimeoutTimerArms, 0, 1);
    }

    [Fact]
    public void A_command_without_a_timeout_never_arms_the_timer()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT 1";
        command.CommandTimeout = 0;
        for (var i = 0; i < 100; i++)
        {
            Assert.Equal(1L, command.ExecuteScalar());
        }

        Assert.Equal(0, command.TimeoutTimerArms);
    }

    [Fact]
    public void Timeout_stops_a_long_statement_after_quick_executions_of_the_same_command()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandTimeout = 1;
        command.CommandText = "SELECT 1";
        for (var i = 0; i < 10; i++)
        {
            command.ExecuteScalar();
        }

        command.CommandText = Endless;
        var error = Assert.IsType<SharpCoreDBException>(CancellationTests.RunGuarded(() => command.ExecuteScalar()));
        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
    }

    [Fact]
    public void A_lowered_timeout_stops_the_next_execution_by_its_own_deadline()
    {
        // The first execution arms the timer 30 s out; the second, with 1 s, must not wait for that.
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandTimeout = 30;
        command.CommandText = "SELECT 1";
        command.ExecuteScalar();

        command.CommandTimeout = 1;
        command.CommandText = Endless;
        var error = Assert.IsType<SharpCoreDBException>(CancellationTests.RunGuarded(() => command.ExecuteScalar()));
        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
        Assert.Equal(2, command.TimeoutTimerArms);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(30)]
    public void A_stale_timer_never_cancels_a_later_execution(int laterTimeout)
    {
        // The quick first execution leaves the timer armed 1 s out; the later execution (reusing the pooled token
        // source) keeps its reader open until that timer has fired, then reads on.
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandTimeout = 1;
        command.CommandText = "SELECT 1";
        command.ExecuteScalar();
        Assert.True(command.TimeoutTimerArmed);

        command.CommandTimeout = laterTimeout;
        command.CommandText = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT x FROM c";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        var armsBefore = command.TimeoutTimerArms;

        // Waits until the stale timer's callback has run: it disarms (no timeout) or re-arms for the rest (30 s).
        var guard = DateTime.UtcNow + HangGuard;
        while (command.TimeoutTimerArms == armsBefore && command.TimeoutTimerArmed && DateTime.UtcNow < guard)
        {
            Thread.Sleep(10);
        }

        Assert.True(command.TimeoutTimerArms != armsBefore || !command.TimeoutTimerArmed, "the stale timer never fired");
        Assert.Equal(laterTimeout == 0 ? armsBefore : armsBefore + 1, command.TimeoutTimerArms);
        var count = 1;
        while (reader.Read())
        {
            count++;
        }

        Assert.Equal(1000, count);
    }

    [Fact]
    public void Cancel_after_an_execution_ended_does_not_cancel_the_next_one()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT 1";
        command.ExecuteScalar();
        command.Cancel();
        Assert.Equal(1L, command.ExecuteScalar());
    }

    [Fact]
    public void Measures_allocation_and_time_per_prepared_insert_when_stress_is_on()
    {
        // A/B figures for the report only (SHARPCOREDB_STRESS=1): bytes and nanoseconds per ExecuteNonQuery of a
        // prepared INSERT in one transaction, best of several rounds.
        if (Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") != "1")
        {
            return;
        }

        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        ConnectionTests.Execute(connection, "CREATE TABLE t(v INTEGER)");
        using var transaction = connection.BeginTransaction();
        using var command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = "INSERT INTO t VALUES (@v)";
        var parameter = command.CreateParameter();
        parameter.ParameterName = "@v";
        parameter.Value = 7L;
        command.Parameters.Add(parameter);
        command.Prepare();
        const int PerRound = 20000;
        double bestNs = double.MaxValue;
        double bestBytes = double.MaxValue;
        for (var round = 0; round < 8; round++)
        {
            var bytes = GC.GetAllocatedBytesForCurrentThread();
            var watch = System.Diagnostics.Stopwatch.StartNew();
            for (var i = 0; i < PerRound; i++)
            {
                command.ExecuteNonQuery();
            }

            watch.Stop();
            bestNs = Math.Min(bestNs, watch.Elapsed.TotalNanoseconds / PerRound);
            bestBytes = Math.Min(bestBytes, (GC.GetAllocatedBytesForCurrentThread() - bytes) / (double)PerRound);
        }

        output.WriteLine($"prepared INSERT: best {bestNs:F0} ns/op, {bestBytes:F1} B/op, timer arms {command.TimeoutTimerArms}");
    }
}
