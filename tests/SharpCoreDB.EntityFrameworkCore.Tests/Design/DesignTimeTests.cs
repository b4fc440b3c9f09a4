using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Design.Internal;
using Microsoft.EntityFrameworkCore.Migrations.Design;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.Extensions.DependencyInjection;
using SharpCoreDB.EntityFrameworkCore.Scaffolding;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Design;

#pragma warning disable EF1001 // DesignTimeServicesBuilder is what dotnet ef itself runs; the test goes the same way.

/// <summary>
/// What <c>dotnet ef migrations add</c> does, in process: EF's design-time services builder finds the provider's
/// design-time services through the <c>DesignTimeProviderServices</c> attribute on its assembly, and the migrations
/// scaffolder writes a migration with our store types.
/// </summary>
public sealed class DesignTimeTests
{
    [Fact]
    public void Migrations_add_finds_the_providers_design_time_services_and_scaffolds_a_migration_with_our_store_types()
    {
        using var directory = Providers.NewDirectory();
        using var context = new NorthwindContext(Providers.Ours($"Data Source={directory.File("design.scdb")}"));
        var assembly = typeof(NorthwindContext).Assembly;
        using var services = (ServiceProvider)new DesignTimeServicesBuilder(assembly, assembly, new OperationReporter(handler: null), [])
            .Build(context);
        Assert.IsType<SharpCoreDBDatabaseModelFactory>(services.GetRequiredService<IDatabaseModelFactory>());

        var migration = services.GetRequiredService<IMigrationsScaffolder>().ScaffoldMigration("Initial", "Shop");

        Assert.Contains("migrationBuilder.CreateTable(", migration.MigrationCode, StringComparison.Ordinal);
        // Our mappings, not the SQLite provider's: exact DECIMAL (SQLite's says TEXT), GUIDs as BLOB.
        Assert.Contains("UnitPrice = table.Column<decimal>(type: \"DECIMAL\"", migration.MigrationCode, StringComparison.Ordinal);
        Assert.Contains("table.Column<Guid>(type: \"BLOB\"", migration.MigrationCode, StringComparison.Ordinal);
        Assert.Contains("\"Sqlite:Autoincrement\", true", migration.MigrationCode, StringComparison.Ordinal);
        Assert.Contains("class NorthwindContextModelSnapshot", migration.SnapshotCode, StringComparison.Ordinal);
    }
}
