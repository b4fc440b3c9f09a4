using System.Data;

namespace SharpCoreDB.Tests.Data;

public sealed class ConnectionTests
{
    [Fact]
    public void Open_and_close_raise_state_changes()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        var states = new List<ConnectionState>();
        connection.StateChange += (_, e) => states.Add(e.CurrentState);

        connection.Open();
        connection.Close();
        connection.Close();

        Assert.Equal([ConnectionState.Open, ConnectionState.Closed], states);
    }

    [Fact]
    public void Open_twice_keeps_the_same_in_memory_database()
    {
        // As Microsoft.Data.Sqlite, the second Open does nothing: above all it must not swap the private database.
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        Execute(connection, "CREATE TABLE t(x)");

        connection.Open();

        Execute(connection, "INSERT INTO t VALUES (1)");
    }

    [Fact]
    public void Connection_string_cannot_change_while_open()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();

        Assert.Throws<InvalidOperationException>(() => connection.ConnectionString = "Data Source=other.scdb");
    }

    [Fact]
    public void Missing_data_source_is_a_clear_error()
    {
        using var connection = new SharpCoreDBConnection("Durability=Legacy");

        var error = Assert.Throws<InvalidOperationException>(connection.Open);
        Assert.Contains("Data Source", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Data_survives_close_and_reopen_of_a_file()
    {
        using var temp = new TempDatabase();
        using (var connection = new SharpCoreDBConnection(temp.ConnectionString()))
        {
            connection.Open();
            Execute(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            Execute(connection, "INSERT INTO t(v) VALUES ('kept')");
        }

        using var again = new SharpCoreDBConnection(temp.ConnectionString());
        again.Open();
        using var command = again.CreateCommand();
        command.CommandText = "SELECT v FROM t WHERE id = 1";
        Assert.Equal("kept", command.ExecuteScalar());
    }

    [Fact]
    public void Connections_to_one_file_share_the_engine_and_see_each_others_commits()
    {
        using var temp = new TempDatabase();
        using var first = new SharpCoreDBConnection(temp.ConnectionString());
        using var second = new SharpCoreDBConnection(temp.ConnectionString());
        first.Open();
        second.Open();

        Execute(first, "CREATE TABLE t(x INTEGER)");
        Execute(first, "INSERT INTO t VALUES (7)");

        using var command = second.CreateCommand();
        command.CommandText = "SELECT x FROM t";
        Assert.Equal(7L, command.ExecuteScalar());
    }

    [Fact]
    public void Encrypted_database_needs_its_password()
    {
        using var temp = new TempDatabase();
        using (var connection = new SharpCoreDBConnection(temp.ConnectionString("Password=correct horse")))
        {
            connection.Open();
            Execute(connection, "CREATE TABLE secret(v TEXT)");
            Execute(connection, "INSERT INTO secret VALUES ('canary-7f3a9c')");
        }

        using (var wrong = new SharpCoreDBConnection(temp.ConnectionString("Password=battery staple")))
        {
            var error = Assert.Throws<SharpCoreDBException>(wrong.Open);
            Assert.Equal(SharpCoreDBErrorCode.WrongPassword, error.ErrorCode);
        }

        using (var none = new SharpCoreDBConnection(temp.ConnectionString()))
        {
            var error = Assert.Throws<SharpCoreDBException>(none.Open);
            Assert.Equal(SharpCoreDBErrorCode.PasswordRequired, error.ErrorCode);
        }

        using var right = new SharpCoreDBConnection(temp.ConnectionString("Password=correct horse"));
        right.Open();
        using var command = right.CreateCommand();
        command.CommandText = "SELECT v FROM secret";
        Assert.Equal("canary-7f3a9c", command.ExecuteScalar());
    }

    [Fact]
    public void No_file_the_database_wrote_contains_plaintext_when_encrypted()
    {
        using var temp = new TempDatabase();
        const string Canary = "plaintext-canary-5b1e0d";
        // Not pooled: the files are read once the last connection closed them.
        using (var connection = new SharpCoreDBConnection(temp.ConnectionString("Password=pw;Pooling=False")))
        {
            connection.Open();
            Execute(connection, "CREATE TABLE canary_table(canary_column TEXT)");
            for (var i = 0; i < 200; i++)
            {
                Execute(connection, $"INSERT INTO canary_table VALUES ('{Canary}{i}')");
            }
        }

        var needle = System.Text.Encoding.UTF8.GetBytes(Canary);
        foreach (var file in Directory.EnumerateFiles(temp.Folder))
        {
            var bytes = File.ReadAllBytes(file);
            Assert.True(bytes.AsSpan().IndexOf(needle) < 0, $"plaintext found in {file}");
            Assert.True(bytes.AsSpan().IndexOf("canary_table"u8) < 0, $"schema plaintext found in {file}");
        }
    }

    [Fact]
    public void Read_only_mode_rejects_writes_with_read_only_code()
    {
        using var temp = new TempDatabase();
        using (var connection = new SharpCoreDBConnection(temp.ConnectionString()))
        {
            connection.Open();
            Execute(connection, "CREATE TABLE t(x INTEGER)");
        }

        using var readOnly = new SharpCoreDBConnection(temp.ConnectionString("Mode=ReadOnly"));
        readOnly.Open();
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(readOnly, "INSERT INTO t VALUES (1)"));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, error.ErrorCode);
    }

    [Fact]
    public void ReadWrite_mode_does_not_create_a_missing_file()
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString("Mode=ReadWrite"));

        Assert.Throws<SharpCoreDBException>(connection.Open);
        Assert.False(File.Exists(temp.Path));
    }

    [Fact]
    public void Factory_creates_provider_objects()
    {
        var factory = SharpCoreDBFactory.Instance;

        Assert.IsType<SharpCoreDBConnection>(factory.CreateConnection());
        Assert.IsType<SharpCoreDBCommand>(factory.CreateCommand());
        Assert.IsType<SharpCoreDBParameter>(factory.CreateParameter());
        Assert.IsType<SharpCoreDBConnectionStringBuilder>(factory.CreateConnectionStringBuilder());
    }

    internal static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
