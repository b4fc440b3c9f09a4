using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>A connection, a command and its reader positioned on the first row, disposed together.</summary>
internal sealed class OpenRow(DbConnection connection, DbCommand command, DbDataReader reader) : IAsyncDisposable
{
    public DbDataReader Reader => reader;

    public async ValueTask DisposeAsync()
    {
        await reader.DisposeAsync();
        await command.DisposeAsync();
        await connection.DisposeAsync();
    }
}
