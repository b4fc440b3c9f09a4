using System.Data;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Transactions as ADO.NET code expects them, with Microsoft.Data.Sqlite as the oracle where it defines the behaviour:
/// isolation levels, the pending-transaction check on commands, and deferred versus immediate locking.
/// </summary>
public sealed class TransactionTests
{
    public static TheoryData<IsolationLevel> Levels =>
    [
        IsolationLevel.Unspecified, IsolationLevel.ReadUncommitted, IsolationLevel.ReadCommitted, IsolationLevel.RepeatableRead,
        IsolationLevel.Serializable, IsolationLevel.Snapshot, IsolationLevel.Chaos,
    ];

    [Theory]
    [MemberData(nameof(Levels))]
    public async Task Isolation_levels_map_and_fail_as_in_Microsoft_Data_Sqlite(IsolationLevel level)
    {
        foreach (bool async in new[] { false, true })
        {
            using var oracle = new SqliteConnection("Data Source=:memory:");
            oracle.Open();
            using var connection = new SharpCoreDBConnection("Data Source=:memory:");
            connection.Open();

            Exception? expected = Record.Exception(() => oracle.BeginTransaction(level).Dispose());
            IsolationLevel? expectedLevel = null;
            if (expected is null)
            {
                using var transaction = oracle.BeginTransaction(level);
                expectedLevel = transaction.IsolationLevel;
            }

            DbTransactionResult actual = await Begin(connection, level, async);
            if (expected is null)
            {
                Assert.Null(actual.Error);
                Assert.Equal(expectedLevel, actual.Level);
            }
            else
            {
                Assert.NotNull(actual.Error);
                Assert.IsType(expected.GetType(), actual.Error);
                Assert.Equal(expected.Message, actual.Error.Message);
            }
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_command_without_the_pending_transaction_fails_as_in_Microsoft_Data_Sqlite(bool async)
    {
        using var oracle = new SqliteConnection("Data Source=:memory:");
        oracle.Open();
        using var oracleTransaction = oracle.BeginTransaction();
        using var oracleCommand = new SqliteCommand("SELECT 1", oracle);
        var expected = Assert.Throws<InvalidOperationException>(() => oracleCommand.ExecuteScalar());

        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using var transaction = connection.BeginTransaction();
        using var command = new SharpCoreDBCommand("SELECT 1", connection);
        var actual = async
            ? await Assert.ThrowsAsync<InvalidOperationException>(() => command.ExecuteScalarAsync())
            : Assert.Throws<InvalidOperationException>(() => command.ExecuteScalar());

        Assert.Equal(expected.Message, actual.Message);
        command.Transaction = transaction;
        Assert.Equal(1L, async ? await command.ExecuteScalarAsync() : command.ExecuteScalar());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_read_only_deferred_transaction_commits_without_touching_the_log(bool async)
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False"));
        connection.Open();
        Run(connection, null, "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
        var store = (WalPageStore)connection.EngineDatabase!.Store;
        ulong sequence = store.EnqueuedSequence;
        var syncs = store.LogSyncs;
        long walSize = store.WalSize;

        var transaction = async ? (SharpCoreDBTransaction)await connection.BeginTransactionAsync(IsolationLevel.ReadUncommitted) : connection.BeginTransaction(deferred: true);
        Assert.Equal(1L, Scalar(connection, transaction, "SELECT count(*) FROM t"));
        if (async)
        {
            await transaction.CommitAsync();
        }
        else
        {
            transaction.Commit();
        }

        // The same through SQL: BEGIN is BEGIN DEFERRED.
        Run(connection, null, "BEGIN; SELECT count(*) FROM t; COMMIT");

        Assert.Equal(sequence, store.EnqueuedSequence);
        Assert.Equal(syncs, store.LogSyncs);
        Assert.Equal(walSize, store.WalSize);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_deferred_transaction_blocks_no_writer_until_it_writes(bool async)
    {
        using var temp = new TempDatabase();
        using var reader = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False"));
        reader.Open();
        Run(reader, null, "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
        // A writer that would fail with Busy after a second if the reader held the writer slot.
        using var writer = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False;Default Timeout=1"));
        writer.Open();

        using var transaction = async ? (SharpCoreDBTransaction)await reader.BeginTransactionAsync(IsolationLevel.ReadUncommitted) : reader.BeginTransaction(deferred: true);
        Assert.Equal(1L, Scalar(reader, transaction, "SELECT count(*) FROM t"));

        Run(writer, null, "INSERT INTO t VALUES (2)");

        // The snapshot stays as it was; writing on it now would overwrite what it did not see: Busy, as SQLITE_BUSY_SNAPSHOT.
        Assert.Equal(1L, Scalar(reader, transaction, "SELECT count(*) FROM t"));
        var stale = Assert.Throws<SharpCoreDBException>(() => Run(reader, transaction, "INSERT INTO t VALUES (3)"));
        Assert.Equal(SharpCoreDBErrorCode.Busy, stale.ErrorCode);
        transaction.Rollback();
        Assert.Equal(2L, Scalar(reader, null, "SELECT count(*) FROM t"));
    }

    [Fact]
    public void A_deferred_transaction_that_writes_takes_the_writer_slot_and_commits()
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False"));
        connection.Open();
        using var writer = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False;Default Timeout=1"));
        writer.Open();
        Run(connection, null, "CREATE TABLE t(x)");

        Run(connection, null, "BEGIN");
        Assert.Equal(0L, Scalar(connection, null, "SELECT count(*) FROM t"));
        Run(connection, null, "SAVEPOINT s; INSERT INTO t VALUES (1); ROLLBACK TO s; INSERT INTO t VALUES (2)");

        AssertBusy(writer, "INSERT INTO t VALUES (9)");
        Run(connection, null, "COMMIT");
        Assert.Equal(2L, Scalar(writer, null, "SELECT sum(x) FROM t"));
    }

    [Theory]
    [InlineData("BEGIN IMMEDIATE")]
    [InlineData("BEGIN EXCLUSIVE")]
    public void Immediate_and_exclusive_take_the_writer_slot_at_once(string begin)
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False"));
        connection.Open();
        using var writer = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False;Default Timeout=1"));
        writer.Open();
        Run(connection, null, "CREATE TABLE t(x)");

        Run(connection, null, begin);

        AssertBusy(writer, "INSERT INTO t VALUES (1)");
        Run(connection, null, "COMMIT");
    }

    [Fact]
    public void BeginTransaction_without_arguments_takes_the_writer_slot_at_once_as_Microsoft_Data_Sqlite()
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False"));
        connection.Open();
        using var writer = new SharpCoreDBConnection(temp.ConnectionString("Pooling=False;Default Timeout=1"));
        writer.Open();
        Run(connection, null, "CREATE TABLE t(x)");

        using var transaction = connection.BeginTransaction();

        Assert.Equal(IsolationLevel.Serializable, transaction.IsolationLevel);
        AssertBusy(writer, "INSERT INTO t VALUES (1)");
    }

    private static async Task<DbTransactionResult> Begin(SharpCoreDBConnection connection, IsolationLevel level, bool async)
    {
        try
        {
            var transaction = async ? await connection.BeginTransactionAsync(level) : connection.BeginTransaction(level);
            await using (transaction)
            {
                return new DbTransactionResult(transaction.IsolationLevel, null);
            }
        }
        catch (ArgumentException ex)
        {
            return new DbTransactionResult(null, ex);
        }
    }

    // The writer's busy timeout (Default Timeout=1) ends the wait; no command timeout races it.
    private static void AssertBusy(SharpCoreDBConnection writer, string sql)
    {
        using var command = new SharpCoreDBCommand(sql, writer) { CommandTimeout = 0 };
        var busy = Assert.Throws<SharpCoreDBException>(() => command.ExecuteNonQuery());
        Assert.Equal(SharpCoreDBErrorCode.Busy, busy.ErrorCode);
    }

    private static void Run(SharpCoreDBConnection connection, SharpCoreDBTransaction? transaction, string sql)
    {
        using var command = new SharpCoreDBCommand(sql, connection, transaction);
        command.ExecuteNonQuery();
    }

    private static object? Scalar(SharpCoreDBConnection connection, SharpCoreDBTransaction? transaction, string sql)
    {
        using var command = new SharpCoreDBCommand(sql, connection, transaction);
        return command.ExecuteScalar();
    }

    private sealed record DbTransactionResult(IsolationLevel? Level, Exception? Error);
}
