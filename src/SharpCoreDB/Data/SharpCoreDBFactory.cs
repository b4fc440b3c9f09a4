using System.Data.Common;

namespace SharpCoreDB;

/// <summary>Creates SharpCoreDB provider objects; register it with <see cref="DbProviderFactories"/> as needed.</summary>
public sealed class SharpCoreDBFactory : DbProviderFactory
{
    /// <summary>The single instance.</summary>
    public static readonly SharpCoreDBFactory Instance = new();

    private SharpCoreDBFactory()
    {
    }

    /// <summary>True: the provider has a <see cref="SharpCoreDBDataAdapter"/>.</summary>
    public override bool CanCreateDataAdapter => true;

    /// <summary>True: the provider has a <see cref="SharpCoreDBCommandBuilder"/>.</summary>
    public override bool CanCreateCommandBuilder => true;

    /// <inheritdoc />
    public override DbDataAdapter CreateDataAdapter() => new SharpCoreDBDataAdapter();

    /// <inheritdoc />
    public override DbCommandBuilder CreateCommandBuilder() => new SharpCoreDBCommandBuilder();

    /// <inheritdoc />
    public override DbCommand CreateCommand() => new SharpCoreDBCommand();

    /// <inheritdoc />
    public override DbConnection CreateConnection() => new SharpCoreDBConnection();

    /// <inheritdoc />
    public override DbConnectionStringBuilder CreateConnectionStringBuilder() => new SharpCoreDBConnectionStringBuilder();

    /// <inheritdoc />
    public override DbParameter CreateParameter() => new SharpCoreDBParameter();

    /// <summary>True: see <see cref="SharpCoreDBBatch"/>.</summary>
    public override bool CanCreateBatch => true;

    /// <inheritdoc />
    public override DbBatch CreateBatch() => new SharpCoreDBBatch();

    /// <inheritdoc />
    public override DbBatchCommand CreateBatchCommand() => new SharpCoreDBBatchCommand();

    /// <inheritdoc />
    public override bool CanCreateDataSourceEnumerator => false;

    /// <inheritdoc />
    public override DbDataSource CreateDataSource(string connectionString) => SharpCoreDBDataSource.Create(connectionString);
}
