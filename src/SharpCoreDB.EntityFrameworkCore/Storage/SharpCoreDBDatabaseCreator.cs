using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

/// <summary>
/// <c>EnsureCreated</c>/<c>EnsureDeleted</c>/<c>Exists</c> for a SharpCoreDB file. Ours rather than the SQLite
/// provider's because that one uses Microsoft.Data.Sqlite (native SQLite) to probe and clears the wrong pool; and a
/// SharpCoreDB database is two files, the database and its write-ahead log (<c>&lt;file&gt;-wal</c>), so deleting
/// must remove both, after closing the database the pool keeps open. Creating opens the database, which creates the
/// file, encrypted when the connection string has a <c>Password</c> or <c>Encryption Key</c>.
/// </summary>
internal sealed class SharpCoreDBDatabaseCreator : RelationalDatabaseCreator
{
    /// <summary>The suffix the engine gives the write-ahead log beside the database file.</summary>
    private const string LogSuffix = "-wal";

    private readonly IRawSqlCommandBuilder _rawSqlCommandBuilder;

    public SharpCoreDBDatabaseCreator(RelationalDatabaseCreatorDependencies dependencies, IRawSqlCommandBuilder rawSqlCommandBuilder)
        : base(dependencies)
    {
        _rawSqlCommandBuilder = rawSqlCommandBuilder;
    }

    public override void Create()
    {
        // Opening creates the file (Mode=ReadWriteCreate, the default) with its keys and first checkpoint.
        Dependencies.Connection.Open();
        Dependencies.Connection.Close();
    }

    public override bool Exists()
    {
        var settings = Settings();
        return IsMemory(settings) || File.Exists(settings.DataSource);
    }

    public override bool HasTables()
    {
        var count = _rawSqlCommandBuilder
            .Build("SELECT COUNT(*) FROM \"sqlite_master\" WHERE \"type\" = 'table'")
            .ExecuteScalar(new RelationalCommandParameterObject(
                Dependencies.Connection, null, null, Dependencies.CurrentContext.Context, Dependencies.CommandLogger, CommandSource.Migrations));
        return Convert.ToInt64(count, System.Globalization.CultureInfo.InvariantCulture) != 0;
    }

    public override void Delete()
    {
        var settings = Settings();
        if (IsMemory(settings))
        {
            // An in-memory database lives as long as its connection: closing it is deleting it.
            Dependencies.Connection.Close();
            return;
        }

        Dependencies.Connection.Close();
        // The pool keeps the last-closed database open (and its log file in use); close it before removing the files.
        SharpCoreDBConnection.ClearPool(new SharpCoreDBConnection(Dependencies.Connection.ConnectionString!));
        File.Delete(settings.DataSource);
        File.Delete(settings.DataSource + LogSuffix);
    }

    private SharpCoreDBConnectionStringBuilder Settings() => new(Dependencies.Connection.ConnectionString);

    private static bool IsMemory(SharpCoreDBConnectionStringBuilder settings) =>
        string.Equals(settings.DataSource, ":memory:", StringComparison.OrdinalIgnoreCase);
}
