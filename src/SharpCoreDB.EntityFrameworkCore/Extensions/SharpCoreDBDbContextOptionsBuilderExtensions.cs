using System.Data.Common;
using Microsoft.EntityFrameworkCore.Infrastructure;
using SharpCoreDB;
using SharpCoreDB.EntityFrameworkCore.Infrastructure;

// EF Core providers put UseXxx in EF's namespace so that it shows up wherever DbContextOptionsBuilder is used.
namespace Microsoft.EntityFrameworkCore;

/// <summary>Configures a <see cref="DbContext"/> to use SharpCoreDB.</summary>
public static class SharpCoreDBDbContextOptionsBuilderExtensions
{
    /// <summary>
    /// Connects the context to a SharpCoreDB database through a connection string, e.g.
    /// <c>Data Source=app.scdb;Password=…;Durability=FullSync</c>. Every keyword of
    /// <see cref="SharpCoreDBConnectionStringBuilder"/> passes through; <c>Foreign Keys</c> defaults to true for EF
    /// (as the SQLite provider's connections enforce foreign keys), so cascade deletes run in the database.
    /// </summary>
    /// <param name="optionsBuilder">The options builder of the context.</param>
    /// <param name="connectionString">The connection string.</param>
    /// <param name="sharpCoreDBOptionsAction">Further provider options, or null.</param>
    /// <returns>The options builder, for chaining.</returns>
    /// <exception cref="ArgumentException">The connection string has an unknown keyword or an invalid value.</exception>
    public static DbContextOptionsBuilder UseSharpCoreDB(
        this DbContextOptionsBuilder optionsBuilder,
        string connectionString,
        Action<SharpCoreDBDbContextOptionsBuilder>? sharpCoreDBOptionsAction = null)
    {
        ArgumentNullException.ThrowIfNull(optionsBuilder);
        ArgumentException.ThrowIfNullOrWhiteSpace(connectionString);
        // Parse now so that a typo in a keyword fails where the context is configured, not at the first query.
        _ = new SharpCoreDBConnectionStringBuilder(connectionString);
        var extension = (SharpCoreDBOptionsExtension)GetOrCreateExtension(optionsBuilder).WithConnectionString(connectionString);
        return Apply(optionsBuilder, extension, sharpCoreDBOptionsAction);
    }

    /// <summary>
    /// Connects the context to a SharpCoreDB database through an existing <see cref="SharpCoreDBConnection"/>. The
    /// context opens and closes it as needed but does not dispose it. When its connection string does not name
    /// <c>Foreign Keys</c>, the provider turns them on as it opens the connection.
    /// </summary>
    /// <param name="optionsBuilder">The options builder of the context.</param>
    /// <param name="connection">A <see cref="SharpCoreDBConnection"/>, open or closed.</param>
    /// <param name="sharpCoreDBOptionsAction">Further provider options, or null.</param>
    /// <returns>The options builder, for chaining.</returns>
    /// <exception cref="ArgumentException">The connection is not a <see cref="SharpCoreDBConnection"/>.</exception>
    public static DbContextOptionsBuilder UseSharpCoreDB(
        this DbContextOptionsBuilder optionsBuilder,
        DbConnection connection,
        Action<SharpCoreDBDbContextOptionsBuilder>? sharpCoreDBOptionsAction = null)
    {
        ArgumentNullException.ThrowIfNull(optionsBuilder);
        ArgumentNullException.ThrowIfNull(connection);
        if (connection is not SharpCoreDBConnection)
        {
            throw new ArgumentException(
                $"UseSharpCoreDB needs a SharpCoreDBConnection, not a {connection.GetType().Name}.", nameof(connection));
        }

        var extension = (SharpCoreDBOptionsExtension)GetOrCreateExtension(optionsBuilder).WithConnection(connection);
        return Apply(optionsBuilder, extension, sharpCoreDBOptionsAction);
    }

    /// <summary>Connects the context to a SharpCoreDB database through a connection string.</summary>
    /// <typeparam name="TContext">The context type.</typeparam>
    /// <param name="optionsBuilder">The options builder of the context.</param>
    /// <param name="connectionString">The connection string.</param>
    /// <param name="sharpCoreDBOptionsAction">Further provider options, or null.</param>
    /// <returns>The options builder, for chaining.</returns>
    public static DbContextOptionsBuilder<TContext> UseSharpCoreDB<TContext>(
        this DbContextOptionsBuilder<TContext> optionsBuilder,
        string connectionString,
        Action<SharpCoreDBDbContextOptionsBuilder>? sharpCoreDBOptionsAction = null)
        where TContext : DbContext =>
        (DbContextOptionsBuilder<TContext>)UseSharpCoreDB((DbContextOptionsBuilder)optionsBuilder, connectionString, sharpCoreDBOptionsAction);

    /// <summary>Connects the context to a SharpCoreDB database through an existing connection.</summary>
    /// <typeparam name="TContext">The context type.</typeparam>
    /// <param name="optionsBuilder">The options builder of the context.</param>
    /// <param name="connection">A <see cref="SharpCoreDBConnection"/>, open or closed.</param>
    /// <param name="sharpCoreDBOptionsAction">Further provider options, or null.</param>
    /// <returns>The options builder, for chaining.</returns>
    public static DbContextOptionsBuilder<TContext> UseSharpCoreDB<TContext>(
        this DbContextOptionsBuilder<TContext> optionsBuilder,
        DbConnection connection,
        Action<SharpCoreDBDbContextOptionsBuilder>? sharpCoreDBOptionsAction = null)
        where TContext : DbContext =>
        (DbContextOptionsBuilder<TContext>)UseSharpCoreDB((DbContextOptionsBuilder)optionsBuilder, connection, sharpCoreDBOptionsAction);

    private static DbContextOptionsBuilder Apply(
        DbContextOptionsBuilder optionsBuilder,
        SharpCoreDBOptionsExtension extension,
        Action<SharpCoreDBDbContextOptionsBuilder>? sharpCoreDBOptionsAction)
    {
        ((IDbContextOptionsBuilderInfrastructure)optionsBuilder).AddOrUpdateExtension(extension);
        // The relational defaults every provider applies (e.g. the ambient-transaction and split-query warnings).
        var core = optionsBuilder.Options.FindExtension<CoreOptionsExtension>() ?? new CoreOptionsExtension();
        ((IDbContextOptionsBuilderInfrastructure)optionsBuilder).AddOrUpdateExtension(RelationalOptionsExtension.WithDefaultWarningConfiguration(core));
        sharpCoreDBOptionsAction?.Invoke(new SharpCoreDBDbContextOptionsBuilder(optionsBuilder));
        return optionsBuilder;
    }

    private static SharpCoreDBOptionsExtension GetOrCreateExtension(DbContextOptionsBuilder optionsBuilder) =>
        optionsBuilder.Options.FindExtension<SharpCoreDBOptionsExtension>() ?? new SharpCoreDBOptionsExtension();
}
