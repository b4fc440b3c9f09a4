using System.Runtime.CompilerServices;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// A connection is not thread-safe: a second thread entering it while a call runs fails at once with
/// InvalidOperationException (as Npgsql and SqlClient report concurrent use) instead of sharing the session's
/// transaction and corrupting the file. A connection dropped inside a write transaction gives the writer lock back
/// once it is collected.
/// </summary>
public sealed class ConnectionThreadingTests
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(20);

    [Fact]
    public void A_second_thread_entering_a_busy_connection_fails_fast_with_InvalidOperationException()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        CancellationTests.FillForCrossJoin(connection);
        using var slow = connection.CreateCommand();
        slow.CommandText = "SELECT count(*) FROM t a, t b, t c, t d";
        slow.CommandTimeout = 0;
        var running = Task.Run(() => slow.ExecuteScalar());

        InvalidOperationException? refused = null;
        var deadline = DateTime.UtcNow + HangGuard;
        while (refused is null && DateTime.UtcNow < deadline)
        {
            if (running.IsCompleted)
            {
                // The slow command came in while this thread's own command held the connection, and was the one
                // refused (the rule works both ways): start it again. Anything else ending it is a failure.
                Assert.True(running.IsFaulted, "the slow command finished before it was ever running");
                Assert.IsType<InvalidOperationException>(running.Exception!.InnerException);
                running = Task.Run(() => slow.ExecuteScalar());
            }

            // Until the slow command has entered, this one runs normally; then it must be refused.
            try
            {
                Assert.Equal(1L, ConnectionOptionsTests.Scalar(connection, "SELECT 1"));
                Thread.Sleep(10);
            }
            catch (InvalidOperationException e)
            {
                refused = e;
            }
        }

        while (!running.IsCompleted && DateTime.UtcNow < deadline)
        {
            slow.Cancel();
            ((IAsyncResult)running).AsyncWaitHandle.WaitOne(TimeSpan.FromMilliseconds(20));
        }

        Assert.NotNull(refused);
        Assert.Contains("another thread", refused.Message, StringComparison.Ordinal);
        Assert.True(running.IsCompleted, "the slow command was not stopped");
        Assert.Equal(1L, ConnectionOptionsTests.Scalar(connection, "SELECT 1"));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void Two_threads_writing_through_one_connection_never_lose_a_reported_row(int seed)
    {
        using var temp = new TempDatabase();
        using var connection = ConnectionOptionsTests.Open(temp.ConnectionString("Durability=Async"));
        ConnectionTests.Execute(connection, "CREATE TABLE t(k INTEGER, pad TEXT)");
        ConnectionTests.Execute(connection, "CREATE INDEX t_k ON t(k)");
        var inserted = new List<long>[2];
        var failures = new List<Exception>();
        var threads = new Thread[2];
        for (var id = 0; id < threads.Length; id++)
        {
            var mine = inserted[id] = [];
            var random = new Random(seed * 10 + id);
            var first = id * 1_000_000L;
            threads[id] = new Thread(() =>
            {
                using var command = connection.CreateCommand();
                command.CommandText = "INSERT INTO t VALUES (@k, @pad)";
                var k = command.Parameters.AddWithValue("@k", 0L);
                var pad = command.Parameters.AddWithValue("@pad", "");
                for (var i = 0; i < 1500; i++)
                {
                    k.Value = first + i;
                    pad.Value = new string('x', random.Next(1, 300));
                    try
                    {
                        command.ExecuteNonQuery();
                        mine.Add(first + i);
                    }
                    catch (InvalidOperationException)
                    {
                        // Refused as concurrent use: nothing was written.
                    }
                    catch (Exception e)
                    {
                        lock (failures)
                        {
                            failures.Add(e);
                        }
                    }
                }
            });
        }

        foreach (var thread in threads)
        {
            thread.Start();
        }

        foreach (var thread in threads)
        {
            Assert.True(thread.Join(TimeSpan.FromSeconds(120)), $"seed {seed}: a writer hung");
        }

        Assert.True(failures.Count == 0, $"seed {seed}: {string.Join("; ", failures.Select(f => f.Message))}");
        connection.Close();
        connection.Open();
        var total = inserted[0].Count + inserted[1].Count;
        Assert.Equal((long)total, ConnectionOptionsTests.Scalar(connection, "SELECT count(*) FROM t"));
        Assert.Equal((long)total, ConnectionOptionsTests.Scalar(connection, "SELECT count(*) FROM t WHERE k >= 0"));
        using var check = connection.CreateCommand();
        check.CommandText = "SELECT count(*) FROM t WHERE k = @k";
        var key = check.Parameters.AddWithValue("@k", 0L);
        foreach (var list in inserted)
        {
            foreach (var value in list)
            {
                key.Value = value;
                Assert.True(1L == (long)check.ExecuteScalar()!, $"seed {seed}: row {value} reported inserted is missing");
            }
        }
    }

    [Fact]
    public void A_reader_left_open_and_another_command_on_the_same_thread_still_work()
    {
        using var connection = ConnectionOptionsTests.Open("Data Source=:memory:");
        ConnectionTests.Execute(connection, "CREATE TABLE t(v INTEGER)");
        ConnectionTests.Execute(connection, "INSERT INTO t VALUES (1), (2), (3)");

        using var query = connection.CreateCommand();
        query.CommandText = "SELECT v FROM t ORDER BY v";
        using var reader = query.ExecuteReader();
        Assert.True(reader.Read());
        ConnectionTests.Execute(connection, "INSERT INTO t VALUES (4)");
        Assert.Equal(4L, ConnectionOptionsTests.Scalar(connection, "SELECT count(*) FROM t"));
        Assert.True(reader.Read());
        Assert.Equal(2L, reader.GetInt64(0));
    }

    [Fact]
    public async Task A_connection_moves_between_threads_between_calls()
    {
        await using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        await connection.OpenAsync();
        await using var transaction = await connection.BeginTransactionAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE t(v INTEGER)";
        await command.ExecuteNonQueryAsync();
        await Task.Run(() => ConnectionTests.Execute(connection, "INSERT INTO t VALUES (1)"));
        command.CommandText = "SELECT count(*) FROM t";
        Assert.Equal(1L, await Task.Run(() => command.ExecuteScalarAsync()));
        await transaction.CommitAsync();
    }

    [Fact]
    public void An_abandoned_connection_in_a_write_transaction_releases_the_writer_lock_when_collected()
    {
        using var temp = new TempDatabase();
        using var keeper = ConnectionOptionsTests.Open(temp.ConnectionString("Default Timeout=1"));
        ConnectionTests.Execute(keeper, "CREATE TABLE t(v TEXT)");

        AbandonInWriteTransaction(temp.ConnectionString("Default Timeout=1"));
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        ConnectionTests.Execute(keeper, "INSERT INTO t VALUES ('after')");
        using var command = keeper.CreateCommand();
        command.CommandText = "SELECT group_concat(v) FROM t";
        Assert.Equal("after", command.ExecuteScalar());
    }

    // In its own method, so no local of the caller keeps the connection reachable.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AbandonInWriteTransaction(string connectionString)
    {
        var connection = new SharpCoreDBConnection(connectionString);
        connection.Open();
        connection.BeginTransaction();
        ConnectionTests.Execute(connection, "INSERT INTO t VALUES ('abandoned')");
    }
}
