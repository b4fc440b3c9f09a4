using System.Data.Common;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Data;

/// <summary>DbBatch: commands run in order, each reporting its own RecordsAffected; a failure stops the batch there.</summary>
public sealed class BatchTests
{
    [Fact]
    public void Connection_and_factory_can_create_batches()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        Assert.True(connection.CanCreateBatch);
        Assert.True(SharpCoreDBFactory.Instance.CanCreateBatch);
        Assert.IsType<SharpCoreDBBatch>(SharpCoreDBFactory.Instance.CreateBatch());
        Assert.IsType<SharpCoreDBBatchCommand>(SharpCoreDBFactory.Instance.CreateBatchCommand());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Commands_run_in_order_and_each_reports_its_rows(bool async)
    {
        using var connection = Open();
        using DbBatch batch = connection.CreateBatch();
        batch.BatchCommands.Add(Command("CREATE TABLE t(x)"));
        batch.BatchCommands.Add(Command("INSERT INTO t VALUES (@a), (@b)", ("@a", 1), ("@b", 2)));
        batch.BatchCommands.Add(Command("UPDATE t SET x = x + @d", ("@d", 10)));
        batch.BatchCommands.Add(Command("DELETE FROM t WHERE x = @x", ("@x", 11)));

        int total = async ? await batch.ExecuteNonQueryAsync() : batch.ExecuteNonQuery();

        Assert.Equal(2 + 2 + 1, total);
        // CREATE TABLE reports 0, as its ExecuteNonQuery does (and Microsoft.Data.Sqlite's for a statement that can write).
        Assert.Equal([0, 2, 2, 1], batch.BatchCommands.Select(c => c.RecordsAffected));
        Assert.Equal(12L, Scalar(connection, "SELECT x FROM t"));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_reader_walks_every_command_result(bool async)
    {
        using var connection = Open();
        using var batch = connection.CreateBatch();
        batch.BatchCommands.Add(new SharpCoreDBBatchCommand("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2)"));
        batch.BatchCommands.Add(new SharpCoreDBBatchCommand("SELECT x FROM t ORDER BY x"));
        batch.BatchCommands.Add(new SharpCoreDBBatchCommand("SELECT 'last'"));

        var seen = new List<object>();
        DbDataReader reader = async ? await batch.ExecuteReaderAsync() : batch.ExecuteReader();
        await using (reader)
        {
            do
            {
                while (async ? await reader.ReadAsync() : reader.Read())
                {
                    seen.Add(reader.GetValue(0));
                }
            }
            while (async ? await reader.NextResultAsync() : reader.NextResult());
        }

        Assert.Equal([1L, 2L, "last"], seen);
        Assert.Equal(2, batch.BatchCommands[0].RecordsAffected);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_failure_midway_keeps_earlier_commands_effects_as_Microsoft_Data_Sqlite_keeps_earlier_statements(bool async)
    {
        const string Setup = "CREATE TABLE t(x UNIQUE); INSERT INTO t VALUES (1)";
        string[] steps = ["INSERT INTO t VALUES (2)", "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (3)"];

        // The oracle: the same statements as one command text in Microsoft.Data.Sqlite.
        using var oracle = new SqliteConnection("Data Source=:memory:");
        oracle.Open();
        new SqliteCommand(Setup, oracle).ExecuteNonQuery();
        Assert.Throws<SqliteException>(() => new SqliteCommand(string.Join(";", steps), oracle).ExecuteNonQuery());
        var expected = new SqliteCommand("SELECT group_concat(x) FROM (SELECT x FROM t ORDER BY x)", oracle).ExecuteScalar();

        using var connection = Open();
        Execute(connection, Setup);
        using var batch = connection.CreateBatch();
        foreach (var step in steps)
        {
            batch.BatchCommands.Add(new SharpCoreDBBatchCommand(step));
        }

        var error = async
            ? await Assert.ThrowsAsync<SharpCoreDBException>(() => batch.ExecuteNonQueryAsync())
            : Assert.Throws<SharpCoreDBException>(() => batch.ExecuteNonQuery());

        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
        Assert.Equal(expected, Scalar(connection, "SELECT group_concat(x) FROM (SELECT x FROM t ORDER BY x)"));
        Assert.Equal([1, 0, 0], ((DbBatch)batch).BatchCommands.Select(c => c.RecordsAffected));
    }

    [Fact]
    public void A_batch_in_a_rolled_back_transaction_leaves_nothing()
    {
        using var connection = Open();
        Execute(connection, "CREATE TABLE t(x)");
        using (var transaction = connection.BeginTransaction())
        {
            using var batch = connection.CreateBatch();
            Assert.Same(transaction, batch.Transaction);
            batch.BatchCommands.Add(new SharpCoreDBBatchCommand("INSERT INTO t VALUES (1)"));
            batch.BatchCommands.Add(new SharpCoreDBBatchCommand("INSERT INTO t VALUES (2)"));
            Assert.Equal(2, batch.ExecuteNonQuery());
            transaction.Rollback();
        }

        Assert.Equal(0L, Scalar(connection, "SELECT count(*) FROM t"));
    }

    [Fact]
    public void An_empty_batch_or_one_without_connection_is_refused()
    {
        using var batch = new SharpCoreDBBatch();
        Assert.Throws<InvalidOperationException>(() => batch.ExecuteNonQuery());
        using var connection = Open();
        batch.Connection = connection;
        Assert.Throws<InvalidOperationException>(() => batch.ExecuteNonQuery());
    }

    private static SharpCoreDBConnection Open()
    {
        var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        return connection;
    }

    private static SharpCoreDBBatchCommand Command(string sql, params (string Name, object Value)[] parameters)
    {
        var command = new SharpCoreDBBatchCommand(sql);
        foreach (var (name, value) in parameters)
        {
            command.Parameters.AddWithValue(name, value);
        }

        return command;
    }

    private static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using var command = new SharpCoreDBCommand(sql, connection);
        command.ExecuteNonQuery();
    }

    private static object? Scalar(SharpCoreDBConnection connection, string sql)
    {
        using var command = new SharpCoreDBCommand(sql, connection);
        return command.ExecuteScalar();
    }
}
