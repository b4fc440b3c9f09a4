using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbBatch and DbBatchCommand (Microsoft.Data.Sqlite has none, so these run on our provider only).</summary>
public sealed class BatchConformanceTests : ConformanceTestBase
{
    [Theory, MemberData(nameof(OursOnly))]
    public async Task ExecuteNonQuery_reports_each_commands_RecordsAffected_and_the_total(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        Assert.True(connection.CanCreateBatch);
        await using DbBatch batch = Batch(connection, "CREATE TABLE t(x)", "INSERT INTO t VALUES (1), (2)", "UPDATE t SET x = 0", "SELECT * FROM t");
        int total = await Api.BatchNonQuery(batch, async);
        Assert.Equal(4, total);
        Assert.Equal([0, 2, 2, -1], batch.BatchCommands.Select(c => c.RecordsAffected));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task ExecuteReader_gives_one_result_per_query_command(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbBatch batch = Batch(connection, "SELECT 1", "SELECT 'two'");
        await using DbDataReader reader = await Api.BatchReader(batch, async);
        Assert.True(await Api.Read(reader, async));
        Assert.Equal(1L, reader.GetValue(0));
        Assert.True(await Api.NextResult(reader, async));
        Assert.True(await Api.Read(reader, async));
        Assert.Equal("two", reader.GetValue(0));
        Assert.False(await Api.NextResult(reader, async));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task ExecuteScalar_returns_the_first_value(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbBatch batch = Batch(connection, "SELECT 42", "SELECT 43");
        Assert.Equal(42L, await Api.BatchScalar(batch, async));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task A_failure_midway_keeps_the_earlier_commands_effects_and_stops(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x UNIQUE)", async);
        await using DbBatch batch = Batch(connection, "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)");
        await Api.Throws<DbException>(async () => _ = await Api.BatchNonQuery(batch, async));
        using DbCommand count = Command(connection, "SELECT group_concat(x) FROM t");
        Assert.Equal("1", await Api.Scalar(count, async));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task Batch_commands_bind_their_own_parameters(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x)", async);
        await using DbBatch batch = connection.CreateBatch();
        for (int i = 1; i <= 3; i++)
        {
            DbBatchCommand insert = batch.CreateBatchCommand();
            insert.CommandText = "INSERT INTO t VALUES (@v)";
            DbParameter value = Factory(provider).CreateParameter()!;
            value.ParameterName = "@v";
            value.Value = i * 10;
            insert.Parameters.Add(value);
            batch.BatchCommands.Add(insert);
        }

        Assert.Equal(3, await Api.BatchNonQuery(batch, async));
        using DbCommand sum = Command(connection, "SELECT sum(x) FROM t");
        Assert.Equal(60L, await Api.Scalar(sum, async));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task A_batch_needs_an_open_connection_and_the_pending_transaction(Provider provider, bool async)
    {
        await using DbConnection closed = CreateConnection(provider);
        await using (DbBatch onClosed = Batch(closed, "SELECT 1"))
        {
            await Api.Throws<InvalidOperationException>(async () => _ = await Api.BatchNonQuery(onClosed, async));
        }

        await using DbConnection connection = await OpenConnection(provider, async);
        // Made before the transaction began, so it is not enlisted (CreateBatch enlists, as CreateCommand does).
        await using DbBatch batch = Batch(connection, "SELECT 1");
        await using DbTransaction transaction = await Api.Begin(connection, async);
        await Api.Throws<InvalidOperationException>(async () => _ = await Api.BatchNonQuery(batch, async));
        batch.Transaction = transaction;
        Assert.Equal(-1, await Api.BatchNonQuery(batch, async));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task An_empty_batch_or_command_text_is_refused(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbBatch empty = connection.CreateBatch();
        await Api.Throws<InvalidOperationException>(async () => _ = await Api.BatchNonQuery(empty, async));
        await using DbBatch blank = Batch(connection, string.Empty);
        await Api.Throws<InvalidOperationException>(async () => _ = await Api.BatchNonQuery(blank, async));
        Assert.Equal(CommandType.Text, blank.BatchCommands[0].CommandType);
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task Prepare_parses_every_commands_SQL_before_anything_runs(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x)", async);
        await using DbBatch good = Batch(connection, "INSERT INTO t VALUES (1)", "SELECT x FROM t");
        await Api.PrepareBatch(good, async);
        Assert.Equal(1, await Api.BatchNonQuery(good, async));

        await using DbBatch bad = Batch(connection, "INSERT INTO t VALUES (2)", "SELEC x FROM t");
        await Api.Throws<DbException>(() => Api.PrepareBatch(bad, async));
        using DbCommand count = Command(connection, "SELECT count(*) FROM t");
        Assert.Equal(1L, await Api.Scalar(count, async));
    }
}
