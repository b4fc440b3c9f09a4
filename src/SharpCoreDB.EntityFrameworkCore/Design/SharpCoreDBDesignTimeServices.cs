using Microsoft.EntityFrameworkCore.Design;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.EntityFrameworkCore.Sqlite.Design.Internal;
using Microsoft.Extensions.DependencyInjection;
using SharpCoreDB.EntityFrameworkCore.Scaffolding;

// dotnet ef finds a provider's design-time services through this attribute on the provider's assembly.
[assembly: DesignTimeProviderServices("SharpCoreDB.EntityFrameworkCore.Design.SharpCoreDBDesignTimeServices")]

namespace SharpCoreDB.EntityFrameworkCore.Design;

#pragma warning disable EF1001 // The SQLite provider's annotation code generator writes the annotations its conventions make, which are ours too.

/// <summary>
/// The design-time services of the SharpCoreDB provider, used by <c>dotnet ef</c> and EF's design-time API
/// (<c>migrations add</c>, <c>database update</c>, <c>dbcontext scaffold</c>): the provider's run-time services, the
/// SQLite provider's annotation code generator (our conventions are its conventions), our reverse-engineering
/// database model factory (the SQLite one reads the schema through native SQLite) and our <c>UseSharpCoreDB</c> code
/// generator for scaffolded contexts.
/// </summary>
public sealed class SharpCoreDBDesignTimeServices : IDesignTimeServices
{
    /// <summary>Adds the provider's design-time services.</summary>
    /// <param name="serviceCollection">The design-time service collection.</param>
    public void ConfigureDesignTimeServices(IServiceCollection serviceCollection)
    {
        ArgumentNullException.ThrowIfNull(serviceCollection);
        serviceCollection.AddEntityFrameworkSharpCoreDB();
        new EntityFrameworkRelationalDesignServicesBuilder(serviceCollection)
            .TryAdd<IAnnotationCodeGenerator, SqliteAnnotationCodeGenerator>()
            .TryAdd<IDatabaseModelFactory, SharpCoreDBDatabaseModelFactory>()
            .TryAdd<IProviderConfigurationCodeGenerator, SharpCoreDBCodeGenerator>()
            .TryAddCoreServices();
    }
}
