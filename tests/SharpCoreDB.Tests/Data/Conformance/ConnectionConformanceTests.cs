using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbConnection: state, open and close, events, transactions and commands it hands out.</summary>
public sealed class ConnectionConformanceTests : ConformanceTestBase
{
    [Theory, MemberData(nameof(Both))]
    public async Task Open_and_close_move_the_state_and_raise_StateChange(Provider provider, bool async)
    {
        await using DbConnection connection = CreateConnection(provider);
        var changes = new List<(ConnectionState From, ConnectionState To)>();
        connection.StateChange += (_, e) => changes.Add((e.OriginalState, e.CurrentState));

        Assert.Equal(ConnectionState.Closed, connection.State);
        await Api.Open(connection, async);
        Assert.Equal(ConnectionState.Open, connection.State);
        await Api.Close(connection, async);
        Assert.Equal(ConnectionState.Closed, connection.State);

        Assert.Equal([(ConnectionState.Closed, ConnectionState.Open), (ConnectionState.Open, ConnectionState.Closed)], changes);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Open_when_open_does_nothing(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        int changes = 0;
        connection.StateChange += (_, _) => changes++;
        await Api.Open(connection, async);
        Assert.Equal(ConnectionState.Open, connection.State);
        Assert.Equal(0, changes);
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task Open_without_a_connection_string_throws_InvalidOperationException(Provider provider, bool async)
    {
        // A deliberate difference: Microsoft.Data.Sqlite opens a private temporary database for an empty Data Source;
        // we refuse it, because a missing Data Source is nearly always a configuration mistake (docs/ADONET.md).
        await using DbConnection connection = Factory(provider).CreateConnection()!;
        await Api.Throws<InvalidOperationException>(() => Api.Open(connection, async));
        Assert.Equal(ConnectionState.Closed, connection.State);
    }

    [Theory, MemberData(nameof(Providers))]
    public async Task OpenAsync_with_a_canceled_token_is_canceled_and_stays_closed(Provider provider)
    {
        await using DbConnection connection = CreateConnection(provider);
        Task task = connection.OpenAsync(new CancellationToken(canceled: true));
        await Api.Throws<OperationCanceledException>(() => task);
        Assert.True(task.IsCanceled);
        Assert.Equal(ConnectionState.Closed, connection.State);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Close_and_Dispose_twice_do_nothing(Provider provider, bool async)
    {
        DbConnection connection = await OpenConnection(provider, async);
        await Api.Close(connection, async);
        await Api.Close(connection, async);
        await Api.Dispose(connection, async);
        await Api.Dispose(connection, async);
        Assert.Equal(ConnectionState.Closed, connection.State);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_closed_connection_opens_again_and_sees_what_it_wrote(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x); INSERT INTO t VALUES (42);", async);
        await Api.Close(connection, async);
        await Api.Open(connection, async);
        using DbCommand command = Command(connection, "SELECT x FROM t");
        Assert.Equal(42L, await Api.Scalar(command, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task ConnectionString_cannot_change_while_open(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        string before = connection.ConnectionString;
        Assert.Throws<InvalidOperationException>(() => connection.ConnectionString = "Data Source=other.db");
        Assert.Equal(before, connection.ConnectionString);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task ConnectionString_can_change_after_close(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Api.Close(connection, async);
        connection.ConnectionString = ConnectionString(provider);
        await Api.Open(connection, async);
        Assert.Equal(ConnectionState.Open, connection.State);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Database_is_main_and_DataSource_names_the_file(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        Assert.Equal("main", connection.Database);
        Assert.EndsWith(provider == Provider.SharpCoreDB ? "test.scdb" : "oracle.db", connection.DataSource, StringComparison.Ordinal);
        Assert.False(string.IsNullOrEmpty(connection.ServerVersion));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task ChangeDatabase_is_not_supported(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        Assert.Throws<NotSupportedException>(() => connection.ChangeDatabase("other"));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task CreateCommand_returns_a_command_on_this_connection(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = connection.CreateCommand();
        Assert.Same(connection, command.Connection);
        Assert.Equal(string.Empty, command.CommandText);
        Assert.Null(command.Transaction);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task CreateCommand_during_a_transaction_enlists_the_command(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbTransaction transaction = await Api.Begin(connection, async);
        using DbCommand command = connection.CreateCommand();
        Assert.Same(transaction, command.Transaction);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task BeginTransaction_when_closed_throws_InvalidOperationException(Provider provider, bool async)
    {
        await using DbConnection connection = CreateConnection(provider);
        await Api.Throws<InvalidOperationException>(() => Api.Begin(connection, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task BeginTransaction_inside_a_transaction_throws_InvalidOperationException(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbTransaction transaction = await Api.Begin(connection, async);
        await Api.Throws<InvalidOperationException>(() => Api.Begin(connection, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Closing_rolls_back_the_pending_transaction(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x)", async);
        DbTransaction transaction = await Api.Begin(connection, async);
        using (DbCommand insert = Command(connection, "INSERT INTO t VALUES (1)"))
        {
            insert.Transaction = transaction;
            await Api.NonQuery(insert, async);
        }

        await Api.Close(connection, async);
        await Api.Open(connection, async);
        using DbCommand count = Command(connection, "SELECT count(*) FROM t");
        Assert.Equal(0L, await Api.Scalar(count, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Closing_closes_the_open_reader(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1 UNION ALL SELECT 2");
        DbDataReader reader = await Api.Reader(command, async);
        Assert.True(await Api.Read(reader, async));
        await Api.Close(connection, async);
        Assert.True(reader.IsClosed);
        await Api.Throws<InvalidOperationException>(() => Api.Read(reader, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Two_connections_see_each_others_commits(Provider provider, bool async)
    {
        await using DbConnection first = await OpenConnection(provider, async);
        await using DbConnection second = await OpenConnection(provider, async);
        await Execute(first, "CREATE TABLE t(x); INSERT INTO t VALUES ('from first');", async);
        using DbCommand read = Command(second, "SELECT x FROM t");
        Assert.Equal("from first", await Api.Scalar(read, async));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task GetSchema_on_a_closed_connection_throws_InvalidOperationException(Provider provider, bool async)
    {
        // Microsoft.Data.Sqlite has no GetSchema; a closed connection has no schema to describe.
        await using DbConnection connection = CreateConnection(provider);
        await Api.Throws<InvalidOperationException>(async () => _ = async ? await connection.GetSchemaAsync() : connection.GetSchema());
    }
}
