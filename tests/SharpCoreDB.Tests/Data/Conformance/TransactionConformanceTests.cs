using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbTransaction: commit, rollback, dispose, savepoints, isolation levels and misuse.</summary>
public sealed class TransactionConformanceTests : ConformanceTestBase
{
    private static async Task<long> Count(DbConnection connection, bool async, DbTransaction? transaction = null)
    {
        using DbCommand command = Command(connection, "SELECT count(*) FROM t");
        command.Transaction = transaction;
        return (long)(await Api.Scalar(command, async))!;
    }

    private static async Task Insert(DbConnection connection, DbTransaction transaction, bool async, int value = 1)
    {
        using DbCommand command = Command(connection, $"INSERT INTO t VALUES ({value})");
        command.Transaction = transaction;
        await Api.NonQuery(command, async);
    }

    private async Task<DbConnection> WithTable(Provider provider, bool async)
    {
        DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x)", async);
        return connection;
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Commit_keeps_the_changes_for_every_connection(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        await using DbConnection other = await OpenConnection(provider, async);
        DbTransaction transaction = await Api.Begin(connection, async);
        await Insert(connection, transaction, async);
        Assert.Equal(0L, await Count(other, async));
        await Api.Commit(transaction, async);
        Assert.Equal(1L, await Count(other, async));
        Assert.Null(transaction.Connection);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Rollback_undoes_the_changes(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        DbTransaction transaction = await Api.Begin(connection, async);
        await Insert(connection, transaction, async);
        Assert.Equal(1L, await Count(connection, async, transaction));
        await Api.Rollback(transaction, async);
        Assert.Equal(0L, await Count(connection, async));
        Assert.Null(transaction.Connection);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Disposing_without_commit_rolls_back(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        DbTransaction transaction = await Api.Begin(connection, async);
        await Insert(connection, transaction, async);
        await Api.Dispose(transaction, async);
        await Api.Dispose(transaction, async);
        Assert.Equal(0L, await Count(connection, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_completed_transaction_refuses_Commit_and_Rollback(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        DbTransaction committed = await Api.Begin(connection, async);
        await Api.Commit(committed, async);
        await Api.Throws<InvalidOperationException>(() => Api.Commit(committed, async));
        await Api.Throws<InvalidOperationException>(() => Api.Rollback(committed, async));

        DbTransaction rolledBack = await Api.Begin(connection, async);
        await Api.Rollback(rolledBack, async);
        await Api.Throws<InvalidOperationException>(() => Api.Commit(rolledBack, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_new_transaction_can_begin_after_the_last_one_ended(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        for (int i = 0; i < 3; i++)
        {
            await using DbTransaction transaction = await Api.Begin(connection, async);
            Assert.Same(connection, transaction.Connection);
            await Insert(connection, transaction, async, i);
            await Api.Commit(transaction, async);
        }

        Assert.Equal(3L, await Count(connection, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Savepoints_roll_back_and_release_part_of_a_transaction(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        DbTransaction transaction = await Api.Begin(connection, async);
        Assert.True(transaction.SupportsSavepoints);
        await Insert(connection, transaction, async, 1);
        await Api.Save(transaction, "first", async);
        await Insert(connection, transaction, async, 2);
        await Api.Save(transaction, "second", async);
        await Insert(connection, transaction, async, 3);
        await Api.RollbackTo(transaction, "second", async);
        Assert.Equal(2L, await Count(connection, async, transaction));
        await Api.Release(transaction, "first", async);
        await Api.Commit(transaction, async);
        Assert.Equal(2L, await Count(connection, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Transaction_statements_in_command_text_begin_save_release_and_commit(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        await using DbConnection other = await OpenConnection(provider, async);

        // One command: BEGIN IMMEDIATE takes the writer slot, the read after the write waits for what it builds on,
        // RELEASE of an inner savepoint keeps the transaction, COMMIT ends it.
        using (DbCommand explicitTransaction = Command(
            connection,
            "BEGIN IMMEDIATE; INSERT INTO t VALUES (1); SAVEPOINT inner_mark; INSERT INTO t VALUES (2); ROLLBACK TO inner_mark; "
            + "INSERT INTO t VALUES (3); RELEASE inner_mark; SELECT count(*) FROM t; COMMIT;"))
        {
            Assert.Equal(2L, await Api.Scalar(explicitTransaction, async));
        }

        Assert.Equal(2L, await Count(other, async));

        // A SAVEPOINT outside a transaction begins one, and releasing it commits.
        // (RecordsAffected is not compared: Microsoft.Data.Sqlite adds sqlite3_changes() again after each later statement.)
        await Execute(connection, "SAVEPOINT outer_mark; INSERT INTO t VALUES (4); CREATE TABLE u(y); RELEASE outer_mark;", async);

        Assert.Equal(3L, await Count(other, async));
        using DbCommand schema = Command(other, "SELECT count(*) FROM u");
        Assert.Equal(0L, await Api.Scalar(schema, async));

        // Statement by statement, with a read inside the explicit transaction between the writes.
        await Execute(connection, "BEGIN", async);
        await Execute(connection, "INSERT INTO t VALUES (5)", async);
        Assert.Equal(4L, await Count(connection, async));
        await Execute(connection, "ROLLBACK", async);
        Assert.Equal(3L, await Count(other, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Rolling_back_to_an_unknown_savepoint_is_a_DbException(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        await using DbTransaction transaction = await Api.Begin(connection, async);
        await Api.Throws<DbException>(() => Api.RollbackTo(transaction, "never_saved", async));
        await Insert(connection, transaction, async);
        await Api.Commit(transaction, async);
        Assert.Equal(1L, await Count(connection, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task The_default_isolation_level_is_Serializable(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await using DbTransaction transaction = await Api.Begin(connection, async);
        Assert.Equal(IsolationLevel.Serializable, transaction.IsolationLevel);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Isolation_levels_that_cannot_be_honoured_are_refused(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        foreach (IsolationLevel level in new[] { IsolationLevel.Chaos, IsolationLevel.Snapshot })
        {
            await Api.Throws<ArgumentException>(() => Api.Begin(connection, async, level));
        }

        await using DbTransaction serializable = await Api.Begin(connection, async, IsolationLevel.Serializable);
        Assert.Equal(IsolationLevel.Serializable, serializable.IsolationLevel);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_failing_statement_leaves_the_transaction_usable(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x UNIQUE)", async);
        DbTransaction transaction = await Api.Begin(connection, async);
        await Insert(connection, transaction, async, 1);
        await Api.Throws<DbException>(() => Insert(connection, transaction, async, 1));
        await Insert(connection, transaction, async, 2);
        await Api.Commit(transaction, async);
        Assert.Equal(2L, await Count(connection, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Commit_after_the_connection_closed_throws_InvalidOperationException(Provider provider, bool async)
    {
        await using DbConnection connection = await WithTable(provider, async);
        DbTransaction transaction = await Api.Begin(connection, async);
        await Api.Close(connection, async);
        await Api.Throws<InvalidOperationException>(() => Api.Commit(transaction, async));
    }
}
