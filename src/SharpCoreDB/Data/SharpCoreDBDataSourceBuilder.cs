namespace SharpCoreDB;

/// <summary>Builds a <see cref="SharpCoreDBDataSource"/> from connection-string settings.</summary>
/// <example>
/// <code>
/// var builder = new SharpCoreDBDataSourceBuilder("Data Source=app.scdb");
/// builder.ConnectionStringBuilder.Password = secret;
/// await using var dataSource = builder.Build();
/// </code>
/// </example>
public sealed class SharpCoreDBDataSourceBuilder
{
    /// <summary>Creates a builder with no settings.</summary>
    public SharpCoreDBDataSourceBuilder()
    {
        ConnectionStringBuilder = new SharpCoreDBConnectionStringBuilder();
    }

    /// <summary>Creates a builder from a connection string.</summary>
    /// <param name="connectionString">The connection string.</param>
    /// <exception cref="ArgumentException">A keyword is unknown or a value is invalid.</exception>
    public SharpCoreDBDataSourceBuilder(string? connectionString)
    {
        ConnectionStringBuilder = new SharpCoreDBConnectionStringBuilder(connectionString);
    }

    /// <summary>The settings; change them before <see cref="Build"/>.</summary>
    public SharpCoreDBConnectionStringBuilder ConnectionStringBuilder { get; }

    /// <summary>The connection string the settings make.</summary>
    public string ConnectionString => ConnectionStringBuilder.ConnectionString;

    /// <summary>Builds the data source (later changes to the settings do not affect it).</summary>
    /// <returns>The data source.</returns>
    /// <exception cref="ArgumentException">There is no Data Source.</exception>
    public SharpCoreDBDataSource Build() => new(ConnectionStringBuilder.ConnectionString);
}
