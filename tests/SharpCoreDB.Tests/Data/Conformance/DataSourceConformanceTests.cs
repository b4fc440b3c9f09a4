using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbDataSource: connections and commands from one configured source (ours only: Microsoft.Data.Sqlite has
/// no data source type of its own).</summary>
public sealed class DataSourceConformanceTests : ConformanceTestBase
{
    [Theory, MemberData(nameof(OursOnly))]
    public async Task Connections_from_the_source_open_the_same_database(Provider provider, bool async)
    {
        await using DbDataSource source = new SharpCoreDBDataSourceBuilder(ConnectionString(provider)).Build();
        Assert.True(new SharpCoreDBConnectionStringBuilder(ConnectionString(provider)).EquivalentTo(new SharpCoreDBConnectionStringBuilder(source.ConnectionString)));
        await using (DbConnection first = async ? await source.OpenConnectionAsync() : source.OpenConnection())
        {
            Assert.Equal(ConnectionState.Open, first.State);
            await Execute(first, "CREATE TABLE t(x); INSERT INTO t VALUES (5);", async);
        }

        await using DbConnection closed = source.CreateConnection();
        Assert.Equal(ConnectionState.Closed, closed.State);
        await Api.Open(closed, async);
        using DbCommand command = Command(closed, "SELECT x FROM t");
        Assert.Equal(5L, await Api.Scalar(command, async));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task A_command_from_the_source_brings_its_own_connection(Provider provider, bool async)
    {
        await using DbDataSource source = new SharpCoreDBDataSourceBuilder(ConnectionString(provider)).Build();
        await using DbCommand command = source.CreateCommand("SELECT 11");
        Assert.Equal(11L, await Api.Scalar(command, async));
        await using DbBatch batch = source.CreateBatch();
        DbBatchCommand only = batch.CreateBatchCommand();
        only.CommandText = "SELECT 12";
        batch.BatchCommands.Add(only);
        Assert.Equal(12L, async ? await batch.ExecuteScalarAsync() : batch.ExecuteScalar());
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task A_disposed_source_hands_out_nothing(Provider provider, bool async)
    {
        DbDataSource source = new SharpCoreDBDataSourceBuilder(ConnectionString(provider)).Build();
        await Api.Dispose(source, async);
        Assert.Throws<ObjectDisposedException>(() => source.CreateConnection());
    }
}
