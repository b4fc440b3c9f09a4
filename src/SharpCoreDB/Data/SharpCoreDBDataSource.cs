using System.Data.Common;

namespace SharpCoreDB;

/// <summary>
/// Hands out connections to one database (the modern ADO.NET entry point, registered once in dependency injection).
/// Connections it creates share the file's engine and its pool like any other connection with the same connection
/// string; disposing the data source clears that pool (see <see cref="SharpCoreDBConnection.ClearPool"/>).
/// </summary>
/// <example>
/// <code>
/// await using var dataSource = SharpCoreDBDataSource.Create("Data Source=app.scdb");
/// await using var connection = await dataSource.OpenConnectionAsync();
/// </code>
/// </example>
public sealed class SharpCoreDBDataSource : DbDataSource
{
    private readonly string _connectionString;
    private readonly string _dataSource;
    private int _disposed;

    internal SharpCoreDBDataSource(string connectionString)
    {
        // Parsed once here, so a bad keyword or value fails when the data source is built, not at the first open.
        var settings = new SharpCoreDBConnectionStringBuilder(connectionString);
        if (string.IsNullOrWhiteSpace(settings.DataSource))
        {
            throw new ArgumentException("The connection string has no 'Data Source' (a file path or :memory:).", nameof(connectionString));
        }

        _connectionString = connectionString;
        _dataSource = settings.DataSource;
    }

    /// <inheritdoc />
    public override string ConnectionString => _connectionString;

    /// <summary>Creates a data source.</summary>
    /// <param name="connectionString">The connection string; see <see cref="SharpCoreDBConnectionStringBuilder"/>.</param>
    /// <returns>The data source.</returns>
    /// <exception cref="ArgumentException">A keyword is unknown, a value is invalid, or there is no Data Source.</exception>
    public static SharpCoreDBDataSource Create(string connectionString) => new(connectionString);

    /// <summary>Creates a closed connection.</summary>
    /// <returns>The connection.</returns>
    public new SharpCoreDBConnection CreateConnection() => (SharpCoreDBConnection)CreateDbConnection();

    /// <summary>Creates and opens a connection.</summary>
    /// <returns>The open connection.</returns>
    /// <exception cref="SharpCoreDBException">The database cannot be opened.</exception>
    public new SharpCoreDBConnection OpenConnection() => (SharpCoreDBConnection)OpenDbConnection();

    /// <summary>Creates and opens a connection.</summary>
    /// <param name="cancellationToken">Cancels the open.</param>
    /// <returns>The open connection.</returns>
    public new async ValueTask<SharpCoreDBConnection> OpenConnectionAsync(CancellationToken cancellationToken = default) =>
        (SharpCoreDBConnection)await OpenDbConnectionAsync(cancellationToken).ConfigureAwait(false);

    /// <inheritdoc />
    protected override DbConnection CreateDbConnection()
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        return new SharpCoreDBConnection(_connectionString);
    }

    /// <summary>Creates a batch with a connection of its own, opened when the batch first runs and closed when it is
    /// disposed (the framework's default batch of a data source cannot create batch commands).</summary>
    /// <returns>The batch.</returns>
    public new SharpCoreDBBatch CreateBatch() => (SharpCoreDBBatch)CreateDbBatch();

    /// <inheritdoc />
    protected override DbBatch CreateDbBatch() => SharpCoreDBBatch.OwningConnection((SharpCoreDBConnection)CreateDbConnection());

    /// <inheritdoc />
    protected override DbConnection OpenDbConnection()
    {
        var connection = CreateDbConnection();
        try
        {
            connection.Open();
            return connection;
        }
        catch
        {
            connection.Dispose();
            throw;
        }
    }

    /// <inheritdoc />
    protected override async ValueTask<DbConnection> OpenDbConnectionAsync(CancellationToken cancellationToken = default)
    {
        var connection = CreateDbConnection();
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            return connection;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            ClearOnce();
        }

        base.Dispose(disposing);
    }

    /// <inheritdoc />
    protected override ValueTask DisposeAsyncCore()
    {
        ClearOnce();
        return base.DisposeAsyncCore();
    }

    private void ClearOnce()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            Engine.Database.ClearPool(_dataSource);
        }
    }
}
