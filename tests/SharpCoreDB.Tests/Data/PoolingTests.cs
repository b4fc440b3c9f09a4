using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Data.PoolConnections;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Connection pooling: the last close keeps the database open for the next open of the same file with the same
/// settings, and never hands out one whose file was deleted or replaced, or that was opened differently.
/// </summary>
[Collection(PoolCollection.Name)]
public sealed class PoolingTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Reopening_a_closed_connection_reuses_the_pooled_database(bool async)
    {
        using var temp = new TempDatabase();
        var first = await OpenAsync(temp.ConnectionString(), async);
        Execute(first, "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
        var engine = first.EngineDatabase!;
        await CloseAsync(first, async);

        Assert.True(engine.IsIdle);
        var second = await OpenAsync(temp.ConnectionString(), async);
        try
        {
            Assert.Same(engine, second.EngineDatabase);
            Assert.Equal(1L, PoolConnections.Scalar(second, "SELECT count(*) FROM t"));
        }
        finally
        {
            await CloseAsync(second, async);
            SharpCoreDBConnection.ClearPool(second);
        }
    }

    [Fact]
    public void Pooling_false_closes_the_database_with_its_last_connection()
    {
        using var temp = new TempDatabase();
        var engine = OpenClose(temp.ConnectionString("Pooling=False"));

        Assert.False(engine.IsIdle);
        using var again = Open(temp.ConnectionString("Pooling=False"));
        Assert.NotSame(engine, again.EngineDatabase);
    }

    [Fact]
    public void ClearPool_closes_the_idle_database_and_the_next_open_reads_the_file_afresh()
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString());
        connection.Open();
        Execute(connection, "CREATE TABLE t(x)");
        var engine = connection.EngineDatabase!;
        connection.Close();

        SharpCoreDBConnection.ClearPool(connection);

        Assert.False(engine.IsIdle);
        connection.Open();
        Assert.NotSame(engine, connection.EngineDatabase);
        Assert.Equal(0L, PoolConnections.Scalar(connection, "SELECT count(*) FROM t"));
        connection.Close();
        SharpCoreDBConnection.ClearPool(connection);
    }

    [Fact]
    public void ClearPool_on_a_busy_database_closes_it_when_its_last_connection_closes()
    {
        using var temp = new TempDatabase();
        using var connection = Open(temp.ConnectionString());
        var engine = connection.EngineDatabase!;

        SharpCoreDBConnection.ClearPool(connection);
        Assert.Equal(0L, PoolConnections.Scalar(connection, "SELECT count(*) FROM sqlite_master"));
        connection.Close();

        Assert.False(engine.IsIdle);
    }

    [Fact]
    public void ClearAllPools_closes_every_idle_database()
    {
        using var one = new TempDatabase();
        using var two = new TempDatabase();
        var first = OpenClose(one.ConnectionString());
        var second = OpenClose(two.ConnectionString());

        SharpCoreDBConnection.ClearAllPools();

        Assert.False(first.IsIdle);
        Assert.False(second.IsIdle);
    }

    [Theory]
    [InlineData("Cache Size=100", "Cache Size=200")]
    [InlineData("Durability=FullSync", "Durability=Async")]
    [InlineData("Mode=ReadOnly", "Mode=ReadWrite")]
    public void A_pooled_database_opened_with_other_settings_is_closed_and_the_file_opened_with_the_new_ones(string before, string after)
    {
        using var temp = new TempDatabase();
        OpenClose(temp.ConnectionString("Pooling=False"));
        var pooled = OpenClose(temp.ConnectionString(before));

        using var connection = Open(temp.ConnectionString(after));

        Assert.NotSame(pooled, connection.EngineDatabase);
        Assert.False(pooled.IsIdle);
        if (after == "Mode=ReadWrite")
        {
            Execute(connection, "CREATE TABLE written(x)");
        }

        connection.Close();
        SharpCoreDBConnection.ClearPool(connection);
    }

    [Fact]
    public void A_file_deleted_while_pooled_is_never_served_from_the_pool()
    {
        using var temp = new TempDatabase();
        using (var connection = Open(temp.ConnectionString()))
        {
            Execute(connection, "CREATE TABLE old(x); INSERT INTO old VALUES (1)");
        }

        foreach (var file in Directory.GetFiles(temp.Folder))
        {
            File.Delete(file);
        }

        using var reopened = Open(temp.ConnectionString());
        Assert.Equal(0L, PoolConnections.Scalar(reopened, "SELECT count(*) FROM sqlite_master WHERE name = 'old'"));
        reopened.Close();
        SharpCoreDBConnection.ClearPool(reopened);
    }

    [Fact]
    public void A_file_replaced_while_pooled_is_opened_afresh()
    {
        using var temp = new TempDatabase();
        string other = Path.Combine(temp.Folder, "other.scdb");
        using (var connection = Open(temp.ConnectionString()))
        {
            Execute(connection, "CREATE TABLE old(x)");
        }

        using (var connection = Open($"Data Source={other};Pooling=False"))
        {
            Execute(connection, "CREATE TABLE replacement(x)");
        }

        // A restore from backup: another database moved over the pooled one's path (its log was emptied at close).
        File.Move(other, temp.Path, overwrite: true);
        File.Delete(other + "-wal");
        File.Delete(temp.Path + "-wal");

        using var reopened = Open(temp.ConnectionString());
        Assert.Equal(1L, PoolConnections.Scalar(reopened, "SELECT count(*) FROM sqlite_master WHERE name = 'replacement'"));
        reopened.Close();
        SharpCoreDBConnection.ClearPool(reopened);
    }

    [Fact]
    public void An_encrypted_database_is_reused_without_a_key_derivation_and_a_wrong_password_still_fails()
    {
        using var temp = new TempDatabase();
        var engine = OpenClose(temp.ConnectionString("Password=right"));

        var wrong = Assert.Throws<SharpCoreDBException>(() => Open(temp.ConnectionString("Password=wrong")));
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, wrong.ErrorCode);
        var none = Assert.Throws<SharpCoreDBException>(() => Open(temp.ConnectionString()));
        Assert.Equal(SharpCoreDBErrorCode.PasswordRequired, none.ErrorCode);

        // The refused opens closed the pooled instance (a wrong guess costs a key derivation, as on a cold open).
        Assert.False(engine.IsIdle);
        var reopened = OpenClose(temp.ConnectionString("Password=right"));
        using var again = Open(temp.ConnectionString("Password=right"));
        Assert.Same(reopened, again.EngineDatabase);
        again.Close();
        SharpCoreDBConnection.ClearPool(again);
    }

    [Fact]
    public void Pooling_keyword_is_parsed_and_validated()
    {
        Assert.True(new SharpCoreDBConnectionStringBuilder("Data Source=a").Pooling);
        Assert.False(new SharpCoreDBConnectionStringBuilder("Data Source=a;pooling=false").Pooling);
        Assert.Throws<ArgumentException>(() => new SharpCoreDBConnectionStringBuilder("Data Source=a;Pooling=maybe"));
    }

    private static async Task<SharpCoreDBConnection> OpenAsync(string connectionString, bool async)
    {
        var connection = new SharpCoreDBConnection(connectionString);
        if (async)
        {
            await connection.OpenAsync();
        }
        else
        {
            connection.Open();
        }

        return connection;
    }

    private static async Task CloseAsync(SharpCoreDBConnection connection, bool async)
    {
        if (async)
        {
            await connection.DisposeAsync();
        }
        else
        {
            connection.Dispose();
        }
    }

    private static global::SharpCoreDB.Engine.Database OpenClose(string connectionString)
    {
        using var connection = Open(connectionString);
        return connection.EngineDatabase!;
    }
}
