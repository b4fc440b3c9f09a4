using System.Data.Common;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>
/// <see cref="DbCommand.Prepare"/> binds as SQLite's prepare does: a text naming an unknown table or column, or with a
/// syntax error, fails at Prepare on both providers (ours with the error code its execution gives), while a text that
/// only fails once an earlier statement has run fails at execution. Microsoft.Data.Sqlite is the oracle.
/// </summary>
public sealed class PrepareConformanceTests : ConformanceTestBase
{
    /// <summary>Where a command text fails.</summary>
    public enum Stage
    {
        /// <summary>Neither at Prepare nor at execution.</summary>
        Never,

        /// <summary>At Prepare, and at execution without Prepare.</summary>
        Prepare,

        /// <summary>Only at execution.</summary>
        Execute,

        /// <summary>Only at Prepare: the text executes fine without it.</summary>
        OnlyPrepare,
    }

    /// <summary>
    /// Command texts run against <c>t(a INTEGER)</c>: where SQLite fails, where we fail, and our error code. The rows
    /// where the two stages differ are deliberate (see each comment).
    /// </summary>
    public static TheoryData<string, Stage, Stage, SharpCoreDBErrorCode?> Texts => new()
    {
        { "SELECT a FROM t WHERE a = @p", Stage.Never, Stage.Never, null },
        { "SELECT x FROM missing", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownTable },
        { "SELECT nope FROM t", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownColumn },
        { "SELEC 1", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.SyntaxError },
        { "SELECT count(*) FROM t GROUP BY nope", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownColumn },
        { "INSERT INTO missing VALUES (1)", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownTable },
        { "INSERT INTO t(nope) VALUES (1)", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownColumn },
        { "UPDATE t SET nope = 1", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownColumn },
        { "DELETE FROM missing WHERE a = @p", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownTable },
        { "CREATE INDEX i ON missing(a)", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownTable },

        // Not yet as SQLite: DROP and CREATE check that their target exists (or not) when they run, not when bound.
        { "DROP TABLE missing", Stage.Prepare, Stage.Execute, SharpCoreDBErrorCode.UnknownTable },
        { "CREATE TABLE t(a)", Stage.Prepare, Stage.Execute, SharpCoreDBErrorCode.AlreadyExists },

        // A later statement fails at Prepare, before the earlier ones run: Prepare changes nothing.
        { "INSERT INTO t VALUES (1); SELECT x FROM missing", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownTable },
        { "BEGIN; SELECT x FROM missing; COMMIT", Stage.Prepare, Stage.Prepare, SharpCoreDBErrorCode.UnknownTable },

        // Dropped by an earlier statement of the text: SQLite prepares the last SELECT before the DROP runs, so both
        // fail only when it runs.
        { "SELECT a FROM t; DROP TABLE t; SELECT a FROM t", Stage.Execute, Stage.Execute, SharpCoreDBErrorCode.UnknownTable },

        // Deliberate: Microsoft.Data.Sqlite prepares every statement before any runs, so Prepare fails on a table the
        // text itself creates ("no such table: u") although the text executes fine; we bind the statements after a
        // schema change when they run, so a valid text never fails at Prepare.
        { "CREATE TABLE u(b); INSERT INTO u VALUES (1); SELECT b FROM u", Stage.OnlyPrepare, Stage.Never, null },
        { "CREATE TABLE u(b); SELECT nope FROM u", Stage.Prepare, Stage.Execute, SharpCoreDBErrorCode.UnknownColumn },
    };

    [Theory, MemberData(nameof(Texts))]
    public async Task Prepare_fails_where_SQLite_prepare_fails_with_the_error_of_execution(
        string sql, Stage sqlite, Stage ours, SharpCoreDBErrorCode? code)
    {
        foreach (Provider provider in new[] { Provider.Sqlite, Provider.SharpCoreDB })
        {
            Stage expected = provider == Provider.Sqlite ? sqlite : ours;
            Exception? atPrepare;
            Exception? atExecute;
            await using (DbConnection connection = await OpenConnection(provider, async: false))
            {
                await ResetSchema(connection);

                // Prepare, then execute with the parameter bound only after Prepare (an unbound parameter is fine there).
                using DbCommand prepared = Command(connection, sql);
                atPrepare = Record.Exception(prepared.Prepare);
                Assert.Equal(0L, await CountRows(connection));
                Parameter(prepared, "@p", 1);
                atExecute = await Record.ExceptionAsync(() => RunToEnd(prepared));
            }

            // The same text executed without Prepare, on a new connection (closing rolls back a transaction the text
            // began and left open) and a fresh schema.
            await using DbConnection again = await OpenConnection(provider, async: false);
            await ResetSchema(again);
            using DbCommand unprepared = Command(again, sql);
            Parameter(unprepared, "@p", 1);
            Exception? unpreparedError = await Record.ExceptionAsync(() => RunToEnd(unprepared));

            string where = $"{provider} on \"{sql}\": prepare {atPrepare?.Message ?? "ok"}; execute {unpreparedError?.Message ?? "ok"}";
            switch (expected)
            {
                case Stage.Never:
                    Assert.True(atPrepare is null && atExecute is null && unpreparedError is null, where);
                    break;
                case Stage.Prepare:
                    Assert.True(atPrepare is not null && unpreparedError is not null, where);
                    AssertErrorClass(provider, code, atPrepare, where);
                    AssertErrorClass(provider, code, unpreparedError, where);
                    break;
                case Stage.Execute:
                    Assert.True(atPrepare is null && atExecute is not null && unpreparedError is not null, where);
                    AssertErrorClass(provider, code, atExecute, where);
                    AssertErrorClass(provider, code, unpreparedError, where);
                    break;
                case Stage.OnlyPrepare:
                    Assert.True(atPrepare is not null && atExecute is null && unpreparedError is null, where);
                    AssertErrorClass(provider, code, atPrepare, where);
                    break;
            }
        }
    }

    [Fact]
    public async Task Prepared_command_runs_on_the_plan_made_at_Prepare_and_plans_again_after_a_schema_change()
    {
        await using DbConnection connection = await OpenConnection(Provider.SharpCoreDB, async: false);
        await Execute(connection, "CREATE TABLE t(a INTEGER); INSERT INTO t VALUES (1), (2)", async: false);
        const string Sql = "SELECT count(*) FROM t WHERE a >= @p";
        global::SharpCoreDB.Engine.Statement statement = ((SharpCoreDBConnection)connection).Session.Prepare(Sql);
        int before = statement.PlansCompiled;

        using DbCommand command = Command(connection, Sql);
        command.Prepare();
        Assert.Equal(before + 1, statement.PlansCompiled);
        Parameter(command, "@p", 1);
        for (int i = 0; i < 3; i++)
        {
            Assert.Equal(2L, command.ExecuteScalar());
        }

        Assert.Equal(before + 1, statement.PlansCompiled);

        // A schema change after Prepare: the next execution plans again, against the new schema.
        await Execute(connection, "CREATE TABLE other(x); INSERT INTO t VALUES (3)", async: false);
        Assert.Equal(3L, command.ExecuteScalar());
        Assert.Equal(before + 2, statement.PlansCompiled);

        // A change that breaks it fails the execution as an unprepared command would.
        await Execute(connection, "ALTER TABLE t RENAME COLUMN a TO b", async: false);
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, error.ErrorCode);
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task Batch_Prepare_binds_each_command_until_one_changes_the_schema(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(a INTEGER)", async);

        await using DbBatch bad = Batch(connection, "INSERT INTO t VALUES (1)", "SELECT x FROM missing");
        var error = await Assert.ThrowsAsync<SharpCoreDBException>(() => Api.PrepareBatch(bad, async));
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, error.ErrorCode);
        Assert.Equal(0L, await CountRows(connection));

        await using DbBatch dependent = Batch(connection, "CREATE TABLE u(b)", "INSERT INTO u VALUES (1)", "SELECT count(*) FROM u");
        await Api.PrepareBatch(dependent, async);
        Assert.Equal(1, await Api.BatchNonQuery(dependent, async));
    }

    // Every error is the provider's own class: SQLITE_ERROR for SQLite, the expected code (the same at Prepare as at
    // execution) for ours.
    private static void AssertErrorClass(Provider provider, SharpCoreDBErrorCode? code, Exception? error, string where)
    {
        if (provider == Provider.Sqlite)
        {
            Assert.True(error is SqliteException { SqliteErrorCode: 1 }, where);
        }
        else
        {
            Assert.True(error is SharpCoreDBException ours && ours.ErrorCode == code, where);
        }
    }

    private static async Task RunToEnd(DbCommand command)
    {
        await using DbDataReader reader = await command.ExecuteReaderAsync();
        while (await reader.NextResultAsync())
        {
        }
    }

    private static async Task<long> CountRows(DbConnection connection)
    {
        using DbCommand count = Command(connection, "SELECT count(*) FROM t");
        return (long)(await count.ExecuteScalarAsync())!;
    }

    // Back to t(a) empty, whatever the text did.
    private static async Task ResetSchema(DbConnection connection)
    {
        await Execute(connection, "DROP TABLE IF EXISTS u; DROP TABLE IF EXISTS t; CREATE TABLE t(a INTEGER)", async: false);
    }
}
