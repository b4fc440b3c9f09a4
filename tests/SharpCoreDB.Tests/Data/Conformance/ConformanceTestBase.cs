using System.Data.Common;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>
/// The base of the ADO.NET conformance suite: one test class per ADO.NET type, each test a theory over the provider
/// (ours and Microsoft.Data.Sqlite) and over the synchronous and asynchronous API (<see cref="Api"/>). A behaviour the
/// suite asserts is one the oracle shows too, unless the test runs on <see cref="OursOnly"/>.
/// </summary>
public abstract class ConformanceTestBase : IDisposable
{
    private readonly TempDatabase _folder = new();

    /// <summary>Both providers, each with the synchronous and the asynchronous API.</summary>
    public static TheoryData<Provider, bool> Both => new()
    {
        { Provider.SharpCoreDB, false },
        { Provider.SharpCoreDB, true },
        { Provider.Sqlite, false },
        { Provider.Sqlite, true },
    };

    /// <summary>Our provider only (an API Microsoft.Data.Sqlite does not have, such as DbBatch), both variants.</summary>
    public static TheoryData<Provider, bool> OursOnly => new()
    {
        { Provider.SharpCoreDB, false },
        { Provider.SharpCoreDB, true },
    };

    /// <summary>
    /// Both providers, for a behaviour with no asynchronous API (property setters, builders, factories, operations
    /// taking a cancellation token that only the asynchronous form has): no test pretends to run it both ways.
    /// </summary>
    public static TheoryData<Provider> Providers => new() { Provider.SharpCoreDB, Provider.Sqlite };

    /// <summary>Our provider only, for a behaviour with no asynchronous API.</summary>
    public static TheoryData<Provider> OurProvider => new() { Provider.SharpCoreDB };

    /// <summary>The provider's factory.</summary>
    protected static DbProviderFactory Factory(Provider provider) =>
        provider == Provider.SharpCoreDB ? SharpCoreDBFactory.Instance : SqliteFactory.Instance;

    /// <summary>A connection string for a file database in this test's folder (SQLite's unpooled, so nothing keeps
    /// the folder's files open after the test).</summary>
    protected string ConnectionString(Provider provider) =>
        provider == Provider.SharpCoreDB
            ? _folder.ConnectionString()
            : new SqliteConnectionStringBuilder { DataSource = Path.Combine(_folder.Folder, "oracle.db"), Pooling = false }.ConnectionString;

    /// <summary>A closed connection to this test's database.</summary>
    protected DbConnection CreateConnection(Provider provider)
    {
        DbConnection connection = Factory(provider).CreateConnection()!;
        connection.ConnectionString = ConnectionString(provider);
        return connection;
    }

    /// <summary>An open connection to this test's database.</summary>
    protected async Task<DbConnection> OpenConnection(Provider provider, bool async)
    {
        DbConnection connection = CreateConnection(provider);
        await Api.Open(connection, async);
        return connection;
    }

    /// <summary>A command on the connection.</summary>
    protected static DbCommand Command(DbConnection connection, string sql)
    {
        DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command;
    }

    /// <summary>A batch of one command per SQL text (also used by the async-path tests outside the suite).</summary>
    internal static DbBatch Batch(DbConnection connection, params string[] sql)
    {
        DbBatch batch = connection.CreateBatch();
        foreach (string text in sql)
        {
            DbBatchCommand command = batch.CreateBatchCommand();
            command.CommandText = text;
            batch.BatchCommands.Add(command);
        }

        return batch;
    }

    /// <summary>Runs statements that must succeed.</summary>
    protected static async Task Execute(DbConnection connection, string sql, bool async)
    {
        using DbCommand command = Command(connection, sql);
        await Api.NonQuery(command, async);
    }

    /// <summary>A parameter made through the command.</summary>
    protected static DbParameter Parameter(DbCommand command, string name, object? value)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = value;
        command.Parameters.Add(parameter);
        return parameter;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _folder.Dispose();
        GC.SuppressFinalize(this);
    }
}
