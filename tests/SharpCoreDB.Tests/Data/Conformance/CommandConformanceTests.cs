using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbCommand: defaults, the three Execute methods, their failures, cancellation and behaviours.</summary>
public sealed class CommandConformanceTests : ConformanceTestBase
{
    private enum Execution
    {
        NonQuery,
        Scalar,
        Reader,
    }

    private static async Task Run(DbCommand command, Execution execution, bool async)
    {
        switch (execution)
        {
            case Execution.NonQuery:
                await Api.NonQuery(command, async);
                break;
            case Execution.Scalar:
                await Api.Scalar(command, async);
                break;
            default:
                await using (await Api.Reader(command, async))
                {
                }

                break;
        }
    }

    [Theory, MemberData(nameof(Providers))]
    public void A_new_command_has_the_documented_defaults(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        Assert.Equal(string.Empty, command.CommandText);
        Assert.Equal(CommandType.Text, command.CommandType);
        Assert.Equal(30, command.CommandTimeout);
        Assert.Null(command.Connection);
        Assert.Null(command.Transaction);
        Assert.NotNull(command.Parameters);
        Assert.Same(command.Parameters, command.Parameters);
        Assert.Equal(UpdateRowSource.None, command.UpdatedRowSource);
        command.CommandText = null;
        Assert.Equal(string.Empty, command.CommandText);
        command.Cancel();
    }

    [Theory, MemberData(nameof(Providers))]
    public void CommandType_other_than_Text_is_refused(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        Assert.Throws<ArgumentException>(() => command.CommandType = CommandType.StoredProcedure);
        Assert.Equal(CommandType.Text, command.CommandType);
    }

    [Theory, MemberData(nameof(OurProvider))]
    public void CommandTimeout_below_zero_is_refused(Provider provider)
    {
        // Microsoft.Data.Sqlite accepts a negative timeout (and then never times out); SqlClient and we refuse it.
        using DbCommand command = Factory(provider).CreateCommand()!;
        Assert.ThrowsAny<ArgumentException>(() => command.CommandTimeout = -1);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Execute_without_a_connection_throws_InvalidOperationException(Provider provider, bool async)
    {
        foreach (Execution execution in Enum.GetValues<Execution>())
        {
            using DbCommand command = Factory(provider).CreateCommand()!;
            command.CommandText = "SELECT 1";
            await Api.Throws<InvalidOperationException>(() => Run(command, execution, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Execute_on_a_closed_connection_throws_InvalidOperationException(Provider provider, bool async)
    {
        await using DbConnection connection = CreateConnection(provider);
        foreach (Execution execution in Enum.GetValues<Execution>())
        {
            using DbCommand command = Command(connection, "SELECT 1");
            await Api.Throws<InvalidOperationException>(() => Run(command, execution, async));
        }
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task Execute_without_command_text_throws_InvalidOperationException(Provider provider, bool async)
    {
        // As the ADO.NET specification tests and SqlClient; Microsoft.Data.Sqlite runs an empty text as no statement.
        await using DbConnection connection = await OpenConnection(provider, async);
        foreach (Execution execution in Enum.GetValues<Execution>())
        {
            using DbCommand command = connection.CreateCommand();
            await Api.Throws<InvalidOperationException>(() => Run(command, execution, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Execute_of_bad_SQL_throws_a_DbException_and_the_connection_stays_usable(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        foreach (Execution execution in Enum.GetValues<Execution>())
        {
            using DbCommand bad = Command(connection, "INVALID;");
            await Api.Throws<DbException>(() => Run(bad, execution, async));
        }

        using DbCommand good = Command(connection, "SELECT 7");
        Assert.Equal(7L, await Api.Scalar(good, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Execute_with_a_pending_transaction_but_no_Transaction_set_throws(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1");
        await using DbTransaction transaction = await Api.Begin(connection, async);
        foreach (Execution execution in Enum.GetValues<Execution>())
        {
            await Api.Throws<InvalidOperationException>(() => Run(command, execution, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Execute_with_another_connections_transaction_throws(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbConnection other = await OpenConnection(provider, async);
        await using DbTransaction otherTransaction = await Api.Begin(other, async);
        using DbCommand command = Command(connection, "SELECT 1");
        command.Transaction = otherTransaction;
        await Api.Throws<InvalidOperationException>(() => Run(command, Execution.Reader, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task ExecuteScalar_returns_the_first_column_of_the_first_row(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        (string Sql, object? Expected)[] cases =
        [
            ("SELECT 1", 1L),
            ("SELECT 3.14", 3.14),
            ("SELECT 'test'", "test"),
            ("SELECT x'0102'", new byte[] { 1, 2 }),
            ("SELECT NULL", DBNull.Value),
            ("SELECT 42, 43", 42L),
            ("SELECT 42 UNION ALL SELECT 43", 42L),
            ("SELECT 42; SELECT 43;", 42L),
            ("SELECT 1 WHERE 0", null),
        ];
        foreach ((string sql, object? expected) in cases)
        {
            using DbCommand command = Command(connection, sql);
            Assert.Equal(expected, await Api.Scalar(command, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task ExecuteNonQuery_counts_rows_changed_and_is_minus_one_for_a_query(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using (DbCommand select = Command(connection, "SELECT 1"))
        {
            Assert.Equal(-1, await Api.NonQuery(select, async));
        }

        using (DbCommand create = Command(connection, "CREATE TABLE t(x)"))
        {
            Assert.Equal(0, await Api.NonQuery(create, async));
        }

        using (DbCommand insert = Command(connection, "INSERT INTO t VALUES (1), (2), (3)"))
        {
            Assert.Equal(3, await Api.NonQuery(insert, async));
        }

        using DbCommand several = Command(connection, "UPDATE t SET x = x + 1; DELETE FROM t WHERE x = 4; SELECT 1;");
        Assert.Equal(4, await Api.NonQuery(several, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task RETURNING_rows_are_read_like_a_query_in_and_out_of_a_transaction(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, x)", async);
        using (DbCommand autocommit = Command(connection, "INSERT INTO t(x) VALUES ('a'), ('b') RETURNING id, x"))
        {
            await using DbDataReader reader = await Api.Reader(autocommit, async);
            Assert.True(await Api.Read(reader, async));
            Assert.Equal(1L, reader.GetInt64(0));
            Assert.True(await Api.Read(reader, async));
            Assert.Equal("b", reader.GetString(1));
            Assert.False(await Api.Read(reader, async));
            Assert.False(await Api.NextResult(reader, async));
        }

        await using DbTransaction transaction = await Api.Begin(connection, async);
        using DbCommand inTransaction = Command(connection, "UPDATE t SET x = x || '!' RETURNING x");
        inTransaction.Transaction = transaction;
        var values = new List<string>();
        await using (DbDataReader reader = await Api.Reader(inTransaction, async))
        {
            while (await Api.Read(reader, async))
            {
                values.Add(reader.GetString(0));
            }
        }

        values.Sort(StringComparer.Ordinal);
        Assert.Equal(["a!", "b!"], values);
        await Api.Commit(transaction, async);
    }

    [Theory, MemberData(nameof(Providers))]
    public async Task Execute_with_a_canceled_token_is_canceled(Provider provider)
    {
        await using DbConnection connection = await OpenConnection(provider, async: true);
        using DbCommand command = Command(connection, "SELECT 1");
        var canceled = new CancellationToken(canceled: true);
        Task[] tasks = [command.ExecuteNonQueryAsync(canceled), command.ExecuteScalarAsync(canceled), command.ExecuteReaderAsync(canceled)];
        foreach (Task task in tasks)
        {
            await Api.Throws<OperationCanceledException>(() => task);
            Assert.True(task.IsCanceled);
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_query_of_only_a_comment_has_no_rows_and_trailing_comments_are_fine(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using (DbCommand comment = Command(connection, "-- nothing to run"))
        {
            await using DbDataReader reader = await Api.Reader(comment, async);
            Assert.False(reader.HasRows);
            Assert.False(await Api.Read(reader, async));
        }

        using DbCommand trailing = Command(connection, "SELECT 0; -- my favourite number");
        await using DbDataReader rows = await Api.Reader(trailing, async);
        Assert.True(await Api.Read(rows, async));
        Assert.Equal(0, rows.GetInt32(0));
        Assert.False(await Api.NextResult(rows, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task CloseConnection_behaviour_closes_the_connection_with_the_reader(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 0");
        DbDataReader reader = await Api.Reader(command, async, CommandBehavior.CloseConnection);
        Assert.Equal(ConnectionState.Open, connection.State);
        await Api.CloseReader(reader, async);
        Assert.Equal(ConnectionState.Closed, connection.State);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task SingleRow_and_SingleResult_are_hints_and_every_row_still_reads(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1 UNION ALL SELECT 2");
        await using DbDataReader reader = await Api.Reader(command, async, CommandBehavior.SingleRow | CommandBehavior.SingleResult);
        Assert.True(await Api.Read(reader, async));
        Assert.True(await Api.Read(reader, async));
        Assert.False(await Api.Read(reader, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_command_cannot_run_again_or_change_while_its_reader_is_open(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbConnection other = CreateConnection(provider);
        using DbCommand command = Command(connection, "SELECT 1");
        DbDataReader reader = await Api.Reader(command, async);
        Assert.True(await Api.Read(reader, async));
        Assert.Throws<InvalidOperationException>(() => command.CommandText = "SELECT 2");
        Assert.Throws<InvalidOperationException>(() => command.Connection = other);
        await Api.Throws<InvalidOperationException>(() => Run(command, Execution.Reader, async));
        Assert.Equal("SELECT 1", command.CommandText);

        await Api.CloseReader(reader, async);
        command.CommandText = "SELECT 2";
        Assert.Equal(2L, await Api.Scalar(command, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Connection_can_be_unset(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = connection.CreateCommand();
        command.Connection = null;
        Assert.Null(command.Connection);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Prepare_needs_an_open_connection_and_command_text(Provider provider, bool async)
    {
        using (DbCommand unconnected = Factory(provider).CreateCommand()!)
        {
            unconnected.CommandText = "SELECT 1";
            await Api.Throws<InvalidOperationException>(() => Api.Prepare(unconnected, async));
        }

        await using DbConnection closed = CreateConnection(provider);
        using (DbCommand onClosed = Command(closed, "SELECT 1"))
        {
            await Api.Throws<InvalidOperationException>(() => Api.Prepare(onClosed, async));
        }

        await using DbConnection open = await OpenConnection(provider, async);
        if (provider == Provider.SharpCoreDB)
        {
            // Microsoft.Data.Sqlite prepares an empty text as no statement (see Execute_without_command_text...).
            using DbCommand empty = open.CreateCommand();
            await Api.Throws<InvalidOperationException>(() => Api.Prepare(empty, async));
        }

        using DbCommand good = Command(open, "SELECT 5");
        await Api.Prepare(good, async);
        Assert.Equal(5L, await Api.Scalar(good, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Prepare_of_bad_SQL_throws_a_DbException(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand bad = Command(connection, "SELEC 1");
        await Api.Throws<DbException>(() => Api.Prepare(bad, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_command_runs_again_with_new_parameter_values(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT @a * 2");
        DbParameter a = Parameter(command, "@a", 1);
        await Api.Prepare(command, async);
        for (int i = 1; i <= 3; i++)
        {
            a.Value = i;
            Assert.Equal(i * 2L, await Api.Scalar(command, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_parameter_of_an_unknown_type_is_refused(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT @p");
        Parameter(command, "@p", new Uri("https://example.com"));
        if (provider == Provider.SharpCoreDB)
        {
            // A wrong type is bad input: our error carries a code (Microsoft.Data.Sqlite throws InvalidOperationException).
            var error = await Api.Throws<SharpCoreDBException>(() => Api.Scalar(command, async));
            Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        }
        else
        {
            await Api.Throws<InvalidOperationException>(() => Api.Scalar(command, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Disposing_a_command_twice_is_harmless_and_leaves_the_connection_open(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        DbCommand command = Command(connection, "SELECT 1");
        Assert.Equal(1L, await Api.Scalar(command, async));
        await Api.Dispose(command, async);
        await Api.Dispose(command, async);
        Assert.Equal(ConnectionState.Open, connection.State);
    }
}
