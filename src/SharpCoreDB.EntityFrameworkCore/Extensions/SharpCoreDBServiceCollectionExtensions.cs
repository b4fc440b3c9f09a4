using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Sqlite.Infrastructure.Internal;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore.Update;
using SharpCoreDB.EntityFrameworkCore.Infrastructure;
using SharpCoreDB.EntityFrameworkCore.Query;
using SharpCoreDB.EntityFrameworkCore.Storage;
using SharpCoreDB.EntityFrameworkCore.Update;

// EF Core providers put AddEntityFrameworkXxx beside the other service-collection extensions.
namespace Microsoft.Extensions.DependencyInjection;

#pragma warning disable EF1001 // SqliteOptionsExtension names the SQLite provider's registration to take out, nothing more.

/// <summary>Registers the SharpCoreDB provider's services.</summary>
public static class SharpCoreDBServiceCollectionExtensions
{
    /// <summary>
    /// Adds the services of the SharpCoreDB provider to an application's internal EF service provider. Applications
    /// call <c>UseSharpCoreDB</c> instead; this is for those that build EF's internal service provider themselves.
    /// </summary>
    /// <remarks>
    /// Our dialect is SQLite's, so the SQLite provider's services (SQL generation, method and member translation,
    /// migrations SQL, conventions, model validation) are reused; the services registered first below are ours, because
    /// the engine differs (exact decimals, our date and GUID forms, our connection and files) or because the SQLite
    /// service would load the native SQLite library. docs/EFCORE.md lists them with the reasons.
    /// </remarks>
    /// <param name="serviceCollection">The service collection.</param>
    /// <returns>The same service collection.</returns>
    public static IServiceCollection AddEntityFrameworkSharpCoreDB(this IServiceCollection serviceCollection)
    {
        ArgumentNullException.ThrowIfNull(serviceCollection);
        // The SQLite provider's logging definitions stay: its reused services log through them.
        new EntityFrameworkRelationalServicesBuilder(serviceCollection)
            .TryAdd<IDatabaseProvider, DatabaseProvider<SharpCoreDBOptionsExtension>>()
            .TryAdd<IRelationalTypeMappingSource, SharpCoreDBTypeMappingSource>()
            .TryAdd<IRelationalConnection, SharpCoreDBRelationalConnection>()
            .TryAdd<IRelationalDatabaseCreator, SharpCoreDBDatabaseCreator>()
            .TryAdd<IUpdateSqlGenerator, SharpCoreDBUpdateSqlGenerator>()
            .TryAdd<IAggregateMethodCallTranslatorProvider, SharpCoreDBAggregateMethodCallTranslatorProvider>()
            .TryAdd<IQueryableMethodTranslatingExpressionVisitorFactory, SharpCoreDBQueryableMethodTranslatingExpressionVisitorFactory>()
            .TryAdd<IRelationalSqlTranslatingExpressionVisitorFactory, SharpCoreDBSqlTranslatingExpressionVisitorFactory>();
        // The rest is the SQLite provider's: its registrations are TryAdd too, so the services above stay ours.
        serviceCollection.AddEntityFrameworkSqlite();
        // IDatabaseProvider is a multi-service (EF checks that exactly one provider is registered), so the SQLite one
        // is added beside ours rather than skipped: take it out.
        for (int i = serviceCollection.Count - 1; i >= 0; i--)
        {
            if (serviceCollection[i].ServiceType == typeof(IDatabaseProvider)
                && serviceCollection[i].ImplementationType == typeof(DatabaseProvider<SqliteOptionsExtension>))
            {
                serviceCollection.RemoveAt(i);
            }
        }

        return serviceCollection;
    }
}
