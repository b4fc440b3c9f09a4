using System.Data;

namespace SharpCoreDB.Tests.Data;

public sealed class CommandTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public CommandTests()
    {
        _connection.Open();
        ConnectionTests.Execute(_connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL)");
    }

    public void Dispose() => _connection.Dispose();

    [Fact]
    public void ExecuteNonQuery_returns_rows_affected_and_minus_one_for_select()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "INSERT INTO t(name) VALUES ('a'), ('b'), ('c')";
        Assert.Equal(3, command.ExecuteNonQuery());

        command.CommandText = "UPDATE t SET score = 1 WHERE id >= 2";
        Assert.Equal(2, command.ExecuteNonQuery());

        command.CommandText = "SELECT * FROM t";
        Assert.Equal(-1, command.ExecuteNonQuery());
    }

    [Fact]
    public void Insert_then_last_insert_rowid_in_one_command_returns_the_new_id()
    {
        // The usual way to get a generated key with SQLite and Dapper: ExecuteScalar of both statements at once.
        using var command = _connection.CreateCommand();
        command.CommandText = "INSERT INTO t(name) VALUES (@name); SELECT last_insert_rowid();";
        command.Parameters.AddWithValue("@name", "first");
        Assert.Equal(1L, command.ExecuteScalar());
        command.Parameters[0].Value = "second";
        Assert.Equal(2L, command.ExecuteScalar());

        command.CommandText = "SELECT name FROM t WHERE id = last_insert_rowid()";
        Assert.Equal("second", command.ExecuteScalar());
    }

    [Fact]
    public async Task Each_connection_has_its_own_last_insert_rowid_and_changes()
    {
        using var database = new TempDatabase();
        await using var first = new SharpCoreDBConnection(database.ConnectionString());
        await using var second = new SharpCoreDBConnection(database.ConnectionString());
        first.Open();
        second.Open();
        ConnectionTests.Execute(first, "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT)");
        ConnectionTests.Execute(first, "INSERT INTO items(name) VALUES ('a'), ('b')");
        ConnectionTests.Execute(second, "INSERT INTO items(id, name) VALUES (10, 'c')");

        using var ask = first.CreateCommand();
        ask.CommandText = "SELECT last_insert_rowid() || ',' || changes() || ',' || total_changes()";
        Assert.Equal("2,2,2", ask.ExecuteScalar());
        using var askSecond = second.CreateCommand();
        askSecond.CommandText = ask.CommandText;
        Assert.Equal("10,1,1", await askSecond.ExecuteScalarAsync());
    }

    [Fact]
    public void ExecuteScalar_returns_null_without_rows_and_DBNull_for_sql_null()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT name FROM t WHERE id = 99";
        Assert.Null(command.ExecuteScalar());

        command.CommandText = "SELECT NULL";
        Assert.Equal(DBNull.Value, command.ExecuteScalar());
    }

    [Theory]
    [InlineData("SELECT @v", "@v")]
    [InlineData("SELECT :v", ":v")]
    [InlineData("SELECT $v", "$v")]
    [InlineData("SELECT @v", "v")]
    public void Parameter_prefixes_bind_interchangeably(string sql, string name)
    {
        using var command = _connection.CreateCommand();
        command.CommandText = sql;
        command.Parameters.AddWithValue(name, 42);

        Assert.Equal(42L, command.ExecuteScalar());
    }

    [Fact]
    public void Positional_parameters_bind_in_collection_order()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT ? - ?";
        command.Parameters.Add(new SharpCoreDBParameter { Value = 10 });
        command.Parameters.Add(new SharpCoreDBParameter { Value = 3 });

        Assert.Equal(7L, command.ExecuteScalar());
    }

    [Fact]
    public void Missing_parameter_is_a_MissingParameter_error()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT @absent";

        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.MissingParameter, error.ErrorCode);
        Assert.Contains("@absent", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Unsupported_parameter_type_is_a_TypeMismatch_error()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT @v";
        command.Parameters.AddWithValue("@v", new object());

        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
    }

    [Fact]
    public void Parameter_values_are_never_pasted_into_sql()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "INSERT INTO t(name) VALUES (@name)";
        command.Parameters.AddWithValue("@name", "x'); DROP TABLE t; --");
        command.ExecuteNonQuery();

        command.CommandText = "SELECT name FROM t";
        command.Parameters.Clear();
        Assert.Equal("x'); DROP TABLE t; --", command.ExecuteScalar());
    }

    [Fact]
    public void Prepared_command_reexecutes_with_new_values()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "INSERT INTO t(name, score) VALUES (@n, @s)";
        var n = command.Parameters.AddWithValue("@n", "");
        var s = command.Parameters.AddWithValue("@s", 0.0);
        command.Prepare();
        for (var i = 0; i < 50; i++)
        {
            n.Value = "row" + i;
            s.Value = i * 0.5;
            Assert.Equal(1, command.ExecuteNonQuery());
        }

        using var count = _connection.CreateCommand();
        count.CommandText = "SELECT count(*), sum(score) FROM t";
        using var reader = count.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal(50L, reader.GetInt64(0));
        Assert.Equal(612.5, reader.GetDouble(1));
    }

    [Fact]
    public void Syntax_error_reports_line_and_column_and_connection_stays_usable()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT 1,\n  FROM t";

        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
        Assert.Equal(2, error.Line);
        Assert.True(error.Column > 0);

        command.CommandText = "SELECT 5";
        Assert.Equal(5L, command.ExecuteScalar());
    }

    [Fact]
    public void Trigger_raise_rollback_ends_the_transaction_and_the_connection_goes_on()
    {
        ConnectionTests.Execute(_connection, "CREATE TABLE audit(what TEXT)");
        ConnectionTests.Execute(_connection, "CREATE TRIGGER t_audit AFTER INSERT ON t BEGIN INSERT INTO audit VALUES ('added ' || new.name); END");
        ConnectionTests.Execute(_connection, "CREATE TRIGGER t_guard BEFORE INSERT ON t WHEN new.name = 'bad' BEGIN SELECT RAISE(ROLLBACK, 'bad name'); END");

        using (var transaction = _connection.BeginTransaction())
        using (var command = _connection.CreateCommand())
        {
            command.Transaction = transaction;
            command.CommandText = "INSERT INTO t(name) VALUES ('ok')";
            Assert.Equal(1, command.ExecuteNonQuery());
            command.CommandText = "INSERT INTO t(name) VALUES ('bad')";
            var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteNonQuery());
            Assert.Equal(SharpCoreDBErrorCode.TriggerRaise, error.ErrorCode);
            Assert.Equal("bad name", error.Message);

            // The trigger rolled the whole transaction back, as in SQLite: committing it is an error.
            Assert.Equal(SharpCoreDBErrorCode.TransactionState, Assert.Throws<SharpCoreDBException>(transaction.Commit).ErrorCode);
        }

        using var check = _connection.CreateCommand();
        check.CommandText = "INSERT INTO t(name) VALUES ('after')";
        check.ExecuteNonQuery();
        check.CommandText = "SELECT group_concat(what) FROM audit";
        Assert.Equal("added after", check.ExecuteScalar());
    }

    [Fact]
    public void Constraint_violation_changes_nothing_and_keeps_the_transaction_usable()
    {
        using var transaction = _connection.BeginTransaction();
        using var command = _connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = "INSERT INTO t(id, name) VALUES (1, 'one')";
        command.ExecuteNonQuery();

        command.CommandText = "INSERT INTO t(id, name) VALUES (2, 'two'), (3, NULL)";
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteNonQuery());
        Assert.Equal(SharpCoreDBErrorCode.NotNullViolation, error.ErrorCode);

        command.CommandText = "INSERT INTO t(id, name) VALUES (4, 'four')";
        command.ExecuteNonQuery();
        transaction.Commit();

        command.Transaction = null;
        command.CommandText = "SELECT group_concat(id) FROM t";
        Assert.Equal("1,4", command.ExecuteScalar());
    }

    [Fact]
    public void Multiple_statements_yield_one_result_per_query()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "INSERT INTO t(name) VALUES ('a'); SELECT 1; SELECT 'x', 2;";
        using var reader = command.ExecuteReader();

        Assert.Equal(1, reader.FieldCount);
        Assert.True(reader.Read());
        Assert.Equal(1L, reader.GetInt64(0));
        Assert.True(reader.NextResult());
        Assert.Equal(2, reader.FieldCount);
        Assert.True(reader.Read());
        Assert.Equal("x", reader.GetString(0));
        Assert.False(reader.NextResult());
        Assert.Equal(1, reader.RecordsAffected);
    }

    [Fact]
    public void CommandType_other_than_text_is_rejected()
    {
        using var command = _connection.CreateCommand();

        Assert.Throws<ArgumentException>(() => command.CommandType = CommandType.StoredProcedure);
    }

    [Fact]
    public async Task Async_methods_work_and_honour_a_cancelled_token()
    {
        await using var command = _connection.CreateCommand();
        command.CommandText = "INSERT INTO t(name) VALUES ('async')";
        Assert.Equal(1, await command.ExecuteNonQueryAsync());

        command.CommandText = "SELECT name FROM t";
        Assert.Equal("async", await command.ExecuteScalarAsync());

        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => command.ExecuteScalarAsync(cancelled.Token));
    }

    [Fact]
    public void Transaction_rollback_discards_and_commit_keeps()
    {
        using (var transaction = _connection.BeginTransaction())
        {
            ConnectionTests.Execute(_connection, "INSERT INTO t(name) VALUES ('gone')");
            transaction.Rollback();
        }

        using (var transaction = _connection.BeginTransaction())
        {
            ConnectionTests.Execute(_connection, "INSERT INTO t(name) VALUES ('kept')");
            transaction.Commit();
            Assert.Throws<InvalidOperationException>(transaction.Commit);
        }

        using (_connection.BeginTransaction())
        {
            ConnectionTests.Execute(_connection, "INSERT INTO t(name) VALUES ('disposed')");
        }

        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT group_concat(name) FROM t";
        Assert.Equal("kept", command.ExecuteScalar());
    }

    [Fact]
    public void Nested_BeginTransaction_is_rejected()
    {
        using var transaction = _connection.BeginTransaction();

        Assert.Throws<InvalidOperationException>(() => _connection.BeginTransaction());
    }

    [Fact]
    public void Sql_BEGIN_and_COMMIT_work_through_commands()
    {
        ConnectionTests.Execute(_connection, "BEGIN");
        ConnectionTests.Execute(_connection, "INSERT INTO t(name) VALUES ('sql-tx')");
        ConnectionTests.Execute(_connection, "ROLLBACK");
        ConnectionTests.Execute(_connection, "BEGIN TRANSACTION");
        ConnectionTests.Execute(_connection, "INSERT INTO t(name) VALUES ('sql-commit')");
        ConnectionTests.Execute(_connection, "COMMIT");

        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT group_concat(name) FROM t";
        Assert.Equal("sql-commit", command.ExecuteScalar());
    }

    [Fact]
    public void Command_timeout_stops_a_long_query_with_a_Timeout_error()
    {
        FillForCrossJoin();
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT count(*) FROM t a, t b, t c, t d";
        command.CommandTimeout = 1;

        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());

        Assert.Equal(SharpCoreDBErrorCode.Timeout, error.ErrorCode);
        command.CommandText = "SELECT 1";
        Assert.Equal(1L, command.ExecuteScalar());
    }

    [Fact]
    public async Task Cancel_from_another_thread_stops_a_long_query()
    {
        FillForCrossJoin();
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT count(*) FROM t a, t b, t c, t d";
        command.CommandTimeout = 0;

        var running = Task.Run(() => command.ExecuteScalar());
        // Cancel until the execution has started and observed it; Cancel before Execute is reset by Execute.
        while (!running.IsCompleted)
        {
            command.Cancel();
            await Task.Delay(20);
        }

        var error = await Assert.ThrowsAsync<SharpCoreDBException>(() => running);
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, error.ErrorCode);
    }

    private void FillForCrossJoin()
    {
        using var transaction = _connection.BeginTransaction();
        using var insert = _connection.CreateCommand();
        insert.CommandText = "INSERT INTO t(name) VALUES ('r')";
        for (var i = 0; i < 300; i++)
        {
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
    }
}
