using System.Data.Common;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

/// <summary>
/// EF's connection service over a <see cref="SharpCoreDBConnection"/> (pooled by the engine as the connection string
/// says). Foreign keys are on unless the connection string says otherwise, as they are for the SQLite provider,
/// whose bundled SQLite is built with foreign keys on: cascades and restrict rules must run in the database.
/// </summary>
internal sealed class SharpCoreDBRelationalConnection : RelationalConnection
{
    public SharpCoreDBRelationalConnection(RelationalConnectionDependencies dependencies)
        : base(dependencies)
    {
    }

    protected override DbConnection CreateDbConnection()
    {
        var builder = new SharpCoreDBConnectionStringBuilder(GetValidatedConnectionString());
        builder.ForeignKeys ??= true;
        return new SharpCoreDBConnection(builder.ConnectionString);
    }

    protected override void OpenDbConnection(bool errorsExpected)
    {
        base.OpenDbConnection(errorsExpected);
        EnableForeignKeysUnlessConfigured();
    }

    protected override async Task OpenDbConnectionAsync(bool errorsExpected, CancellationToken cancellationToken)
    {
        await base.OpenDbConnectionAsync(errorsExpected, cancellationToken).ConfigureAwait(false);
        EnableForeignKeysUnlessConfigured();
    }

    /// <summary>
    /// A connection the application handed to <c>UseSharpCoreDB(DbConnection)</c> keeps its own <c>Foreign Keys</c>
    /// keyword; without one it gets the EF default (on), set as it opens since its connection string is the
    /// application's. Connections this service creates carry the keyword already.
    /// </summary>
    private void EnableForeignKeysUnlessConfigured()
    {
        var connection = (SharpCoreDBConnection)DbConnection;
        if (new SharpCoreDBConnectionStringBuilder(connection.ConnectionString).ForeignKeys is not null)
        {
            return;
        }

        using var command = connection.CreateCommand();
        command.CommandText = "PRAGMA foreign_keys = ON";
        command.ExecuteNonQuery();
    }
}
