using System.Data.Common;
using SharpCoreDB.Tests.Data.Conformance;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Every provider operation that can commit, run through its asynchronous API, must reach the engine's asynchronous
/// core rather than quietly run the synchronous one. Seen by counting, not timing: under FullSync a lone synchronous
/// committer writes and syncs the log on its own thread (the log's own-write count goes up), while an asynchronous one
/// hands its commit to the log writer and awaits it, so the count stays put.
/// </summary>
public sealed class AsyncPathTests : IDisposable
{
    private readonly TempDatabase _db = new();

    /// <summary>Each operation that makes exactly one commit, by name, with the synchronous and asynchronous API.</summary>
    public static TheoryData<string, bool> Operations()
    {
        var data = new TheoryData<string, bool>();
        foreach (string name in s_operations.Keys)
        {
            data.Add(name, false);
            data.Add(name, true);
        }

        return data;
    }

    private static readonly Dictionary<string, Func<SharpCoreDBConnection, bool, Task>> s_operations = new()
    {
        ["ExecuteNonQuery"] = static async (connection, async) =>
        {
            using DbCommand command = Command(connection, "INSERT INTO t VALUES (1)");
            await Api.NonQuery(command, async);
        },
        ["ExecuteScalar running a later statement"] = static async (connection, async) =>
        {
            using DbCommand command = Command(connection, "SELECT 1; INSERT INTO t VALUES (1)");
            Assert.Equal(1L, await Api.Scalar(command, async));
        },
        ["ExecuteReader"] = static async (connection, async) =>
        {
            using DbCommand command = Command(connection, "INSERT INTO t VALUES (1); SELECT 1");
            DbDataReader reader = await Api.Reader(command, async);
            await Api.Dispose(reader, async);
        },
        ["NextResult"] = static async (connection, async) =>
        {
            using DbCommand command = Command(connection, "SELECT 1; INSERT INTO t VALUES (1); SELECT 2");
            DbDataReader reader = await Api.Reader(command, async);
            Assert.True(await Api.NextResult(reader, async));
            await Api.Dispose(reader, async);
        },
        ["Close of a reader with statements left"] = static async (connection, async) =>
        {
            using DbCommand command = Command(connection, "SELECT 1; INSERT INTO t VALUES (1)");
            DbDataReader reader = await Api.Reader(command, async);
            await Api.CloseReader(reader, async);
        },
        ["Dispose of a reader with statements left"] = static async (connection, async) =>
        {
            using DbCommand command = Command(connection, "SELECT 1; INSERT INTO t VALUES (1)");
            DbDataReader reader = await Api.Reader(command, async);
            await Api.Dispose(reader, async);
        },
        ["Commit"] = static async (connection, async) =>
        {
            DbTransaction transaction = await Api.Begin(connection, async);
            using DbCommand command = Command(connection, "INSERT INTO t VALUES (1)");
            command.Transaction = transaction;
            await Api.NonQuery(command, async);
            await Api.Commit(transaction, async);
            await Api.Dispose(transaction, async);
        },
        ["Batch ExecuteNonQuery"] = static async (connection, async) =>
        {
            DbBatch batch = ConformanceTestBase.Batch(connection, "SELECT 1", "INSERT INTO t VALUES (1)");
            await Api.BatchNonQuery(batch, async);
            await Api.Dispose(batch, async);
        },
        ["Batch ExecuteScalar"] = static async (connection, async) =>
        {
            DbBatch batch = ConformanceTestBase.Batch(connection, "SELECT 1", "INSERT INTO t VALUES (1)");
            Assert.Equal(1L, await Api.BatchScalar(batch, async));
            await Api.Dispose(batch, async);
        },
        ["Close of a batch reader with commands left"] = static async (connection, async) =>
        {
            DbBatch batch = ConformanceTestBase.Batch(connection, "SELECT 1; INSERT INTO t VALUES (1)");
            DbDataReader reader = await Api.BatchReader(batch, async);
            await Api.CloseReader(reader, async);
            await Api.Dispose(batch, async);
        },
    };

    [Theory, MemberData(nameof(Operations))]
    public async Task An_operation_commits_on_the_path_of_its_API(string operation, bool async)
    {
        // FullSync is the default; named so the reason for the own-write count is visible here.
        await using var connection = new SharpCoreDBConnection(_db.ConnectionString("Durability=FullSync"));
        connection.Open();
        using (DbCommand create = Command(connection, "CREATE TABLE t(x)"))
        {
            create.ExecuteNonQuery();
        }

        var store = Assert.IsType<WalPageStore>(connection.Session.Database.Store);
        long ownWritesBefore = store.OwnWrites;

        await s_operations[operation](connection, async);

        using (DbCommand count = Command(connection, "SELECT count(*) FROM t"))
        {
            Assert.Equal(1L, count.ExecuteScalar());
        }

        // The synchronous API writes its lone commit itself; the asynchronous one never blocks its thread on the sync.
        Assert.Equal(async ? 0 : 1, store.OwnWrites - ownWritesBefore);
    }

    public void Dispose() => _db.Dispose();

    private static DbCommand Command(DbConnection connection, string sql)
    {
        DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command;
    }
}
