namespace SharpCoreDB.Tests.Data;

/// <summary>SharpCoreDBDataSource and its builder.</summary>
public sealed class DataSourceTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_data_source_opens_connections_to_its_database(bool async)
    {
        using var temp = new TempDatabase();
        await using var dataSource = SharpCoreDBDataSource.Create(temp.ConnectionString());

        await using (var connection = async ? await dataSource.OpenConnectionAsync() : dataSource.OpenConnection())
        {
            Assert.Equal(System.Data.ConnectionState.Open, connection.State);
            using var create = new SharpCoreDBCommand("CREATE TABLE t(x); INSERT INTO t VALUES (42)", connection);
            create.ExecuteNonQuery();
        }

        using var closed = dataSource.CreateConnection();
        Assert.Equal(System.Data.ConnectionState.Closed, closed.State);
        Assert.Equal(temp.ConnectionString(), dataSource.ConnectionString);

        // A data-source command opens a connection for its execution and closes it afterwards.
        await using var command = dataSource.CreateCommand("SELECT x FROM t");
        Assert.Equal(42L, async ? await command.ExecuteScalarAsync() : command.ExecuteScalar());
    }

    [Fact]
    public void The_builder_makes_the_connection_string_from_its_settings()
    {
        using var temp = new TempDatabase();
        var builder = new SharpCoreDBDataSourceBuilder();
        builder.ConnectionStringBuilder.DataSource = temp.Path;
        builder.ConnectionStringBuilder.Pooling = false;

        using var dataSource = builder.Build();
        using var connection = dataSource.OpenConnection();

        Assert.Equal(temp.Path, connection.DataSource);
        Assert.Contains("Pooling=False", dataSource.ConnectionString, StringComparison.OrdinalIgnoreCase);
        Assert.Same(SharpCoreDBFactory.Instance.CreateDataSource(temp.ConnectionString()).GetType(), dataSource.GetType());
    }

    [Fact]
    public void A_bad_connection_string_fails_when_the_data_source_is_built()
    {
        Assert.Throws<ArgumentException>(() => SharpCoreDBDataSource.Create("Data Source=x;Nonsense=1"));
        Assert.Throws<ArgumentException>(() => SharpCoreDBDataSource.Create("Pooling=True"));
    }

    [Fact]
    public void Disposing_the_data_source_clears_its_pool()
    {
        using var temp = new TempDatabase();
        var dataSource = SharpCoreDBDataSource.Create(temp.ConnectionString());
        global::SharpCoreDB.Engine.Database engine;
        using (var connection = dataSource.OpenConnection())
        {
            engine = connection.EngineDatabase!;
        }

        Assert.True(engine.IsIdle);
        dataSource.Dispose();

        Assert.False(engine.IsIdle);
        Assert.Throws<ObjectDisposedException>(() => dataSource.CreateConnection());
    }
}
