namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Connections to one file in a process share one engine instance; each connection's own settings (Mode, Default
/// Timeout) must still hold for it, and settings the instance cannot have twice must agree or fail clearly.
/// </summary>
public sealed class ConnectionOptionsTests
{
    // Long enough that a wait of 30 s (the Default Timeout of the first connection) cannot pass for a 1 s one.
    private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(20);

    [Fact]
    public void ReadOnly_connection_cannot_write_while_the_file_is_open_read_write_in_the_process()
    {
        using var temp = new TempDatabase();
        using var writer = Open(temp.ConnectionString());
        ConnectionTests.Execute(writer, "CREATE TABLE t(v INTEGER)");
        ConnectionTests.Execute(writer, "INSERT INTO t VALUES (1)");

        using var reader = Open(temp.ConnectionString("Mode=ReadOnly"));
        var insert = Assert.Throws<SharpCoreDBException>(() => ConnectionTests.Execute(reader, "INSERT INTO t VALUES (2)"));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, insert.ErrorCode);
        var begin = Assert.Throws<SharpCoreDBException>(() => ConnectionTests.Execute(reader, "CREATE TABLE u(x)"));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, begin.ErrorCode);

        Assert.Equal(1L, Scalar(reader, "SELECT count(*) FROM t"));
        ConnectionTests.Execute(writer, "INSERT INTO t VALUES (3)");
        Assert.Equal(2L, Scalar(reader, "SELECT count(*) FROM t"));
    }

    [Fact]
    public void Each_connection_waits_its_own_Default_Timeout_for_the_writer_lock()
    {
        using var temp = new TempDatabase();
        using var holder = Open(temp.ConnectionString("Default Timeout=30"));
        ConnectionTests.Execute(holder, "CREATE TABLE t(v INTEGER)");
        using var waiter = Open(temp.ConnectionString("Default Timeout=1"));
        using var command = waiter.CreateCommand();
        command.CommandText = "INSERT INTO t VALUES (1)";
        command.CommandTimeout = 0;

        var transaction = holder.BeginTransaction();
        try
        {
            var waiting = Task.Run(command.ExecuteNonQuery);
            Assert.True(((IAsyncResult)waiting).AsyncWaitHandle.WaitOne(HangGuard), "the 1 s busy timeout was not applied");
            var error = Assert.Throws<AggregateException>(() => waiting.Wait()).InnerException;
            Assert.Equal(SharpCoreDBErrorCode.Busy, Assert.IsType<SharpCoreDBException>(error).ErrorCode);
        }
        finally
        {
            transaction.Dispose();
        }
    }

    [Fact]
    public void A_different_password_for_a_file_already_open_is_WrongPassword()
    {
        using var temp = new TempDatabase();
        using var first = Open(temp.ConnectionString("Password=one"));

        using var second = new SharpCoreDBConnection(temp.ConnectionString("Password=two"));
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, Assert.Throws<SharpCoreDBException>(second.Open).ErrorCode);
        using var none = new SharpCoreDBConnection(temp.ConnectionString());
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, Assert.Throws<SharpCoreDBException>(none.Open).ErrorCode);
    }

    [Fact]
    public void A_different_durability_or_cache_size_for_a_file_already_open_is_a_clear_error()
    {
        using var temp = new TempDatabase();
        using var first = Open(temp.ConnectionString("Durability=FullSync;Cache Size=512"));

        using var durability = new SharpCoreDBConnection(temp.ConnectionString("Durability=Async;Cache Size=512"));
        var error = Assert.Throws<SharpCoreDBException>(durability.Open);
        Assert.Contains("durability", error.Message, StringComparison.OrdinalIgnoreCase);

        using var cache = new SharpCoreDBConnection(temp.ConnectionString("Durability=FullSync;Cache Size=4096"));
        error = Assert.Throws<SharpCoreDBException>(cache.Open);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
        Assert.Contains("Cache Size", error.Message, StringComparison.Ordinal);

        using var same = Open(temp.ConnectionString("Durability=FullSync;Cache Size=512;Mode=ReadOnly;Default Timeout=5"));
    }

    internal static SharpCoreDBConnection Open(string connectionString)
    {
        var connection = new SharpCoreDBConnection(connectionString);
        connection.Open();
        return connection;
    }

    internal static object? Scalar(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }
}
