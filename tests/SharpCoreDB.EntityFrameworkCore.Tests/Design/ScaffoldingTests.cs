using System.Data.Common;
using System.Text;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Design;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.EntityFrameworkCore.Sqlite.Design.Internal;
using Microsoft.Extensions.DependencyInjection;
using SharpCoreDB.EntityFrameworkCore.Design;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Design;

#pragma warning disable EF1001 // SqliteDesignTimeServices is the oracle's design-time entry point.

/// <summary>
/// Reverse engineering (<c>dotnet ef dbcontext scaffold</c>) in process: the same tables, keys, foreign keys, indexes
/// and data in a SQLite database and in ours scaffold to the same entity types, keys, relationships and indexes; the
/// CLR types come from declared types and data.
/// </summary>
public sealed class ScaffoldingTests
{
    private const string Schema = """
        CREATE TABLE "Categories" ("Id" INTEGER NOT NULL CONSTRAINT "PK_Categories" PRIMARY KEY AUTOINCREMENT, "Name" TEXT NOT NULL,
            "Code" TEXT NOT NULL CONSTRAINT "AK_Categories_Code" UNIQUE);
        CREATE TABLE "Products" ("Id" INTEGER NOT NULL PRIMARY KEY, "CategoryId" INTEGER NULL REFERENCES "Categories" ("Id") ON DELETE SET NULL,
            "Name" TEXT NOT NULL, "Price" DECIMAL NOT NULL, "Weight" REAL NULL, "AddedOn" DATE NOT NULL, "UpdatedAt" DATETIME NULL,
            "Discontinued" BOOLEAN NOT NULL DEFAULT 0, "Picture" BLOB NULL, "Sku" GUID NOT NULL, "Stock" INTEGER NOT NULL DEFAULT 5);
        CREATE INDEX "IX_Products_CategoryId" ON "Products" ("CategoryId");
        CREATE UNIQUE INDEX "IX_Products_Name" ON "Products" ("Name");
        CREATE INDEX "IX_Products_Stock" ON "Products" ("Stock") WHERE "Stock" > 0;
        CREATE VIEW "ProductNames" AS SELECT "Id", "Name" FROM "Products";
        CREATE TABLE "OrderLines" ("OrderId" INTEGER NOT NULL, "ProductId" INTEGER NOT NULL REFERENCES "Products" ("Id") ON DELETE CASCADE,
            "Quantity" INTEGER NOT NULL, "ShippedAt" TEXT NULL, "DueOn" TEXT NULL, "Note" TEXT NULL,
            CONSTRAINT "PK_OrderLines" PRIMARY KEY ("OrderId", "ProductId"));
        INSERT INTO "Categories" ("Name", "Code") VALUES ('Beverages', 'BEV');
        INSERT INTO "Products" VALUES (1, 1, 'Chai', 18, 0.5, '2026-01-02', NULL, 0, NULL, 'B3D7C0B4-2A6E-4F0B-9E1C-5B1A2C3D4E5F', 7);
        INSERT INTO "OrderLines" VALUES (10, 1, 3, '2026-03-01 10:00:00', '2026-03-05', 'fragile');
        """;

    [Fact]
    public void Scaffolding_a_database_gives_the_SQLite_providers_entity_types_keys_relationships_and_indexes()
    {
        using var directory = Providers.NewDirectory();
        string ours = $"Data Source={directory.File("shop.scdb")}";
        string oracle = $"Data Source={directory.File("shop.db")}";
        using (var connection = new SharpCoreDBConnection(ours))
        {
            Execute(connection, Schema);
        }

        using (var connection = new SqliteConnection(oracle))
        {
            Execute(connection, Schema);
        }

        var ourModel = Scaffold(new SharpCoreDBDesignTimeServices(), ours);
        Assert.Equal(Describe(Scaffold(new SqliteDesignTimeServices(), oracle), withTypes: false), Describe(ourModel, withTypes: false));

        var product = ourModel.FindEntityType("Product")!;
        Assert.Equal("\"Stock\" > 0", product.GetIndexes().Single(i => i.Name == "IX_Products_Stock").GetFilter());
        Assert.Null(ourModel.FindEntityType("ProductName")!.FindPrimaryKey());
        Assert.Equal(typeof(decimal), product.FindProperty("Price")!.ClrType);
        Assert.Equal(typeof(DateTime), product.FindProperty("AddedOn")!.ClrType);
        Assert.Equal(typeof(DateTime?), product.FindProperty("UpdatedAt")!.ClrType);
        // A bool column with a database default scaffolds as bool? (EF's rule, so that false can still be inserted).
        Assert.Equal(typeof(bool?), product.FindProperty("Discontinued")!.ClrType);
        Assert.Equal(typeof(Guid), product.FindProperty("Sku")!.ClrType);
        Assert.Equal(typeof(double?), product.FindProperty("Weight")!.ClrType);
        Assert.Equal(typeof(byte[]), product.FindProperty("Picture")!.ClrType);
        Assert.Equal(typeof(int), product.FindProperty("Stock")!.ClrType);
        var line = ourModel.FindEntityType("OrderLine")!;
        Assert.Equal(typeof(DateTime?), line.FindProperty("ShippedAt")!.ClrType);
        Assert.Equal(typeof(DateOnly?), line.FindProperty("DueOn")!.ClrType);
        Assert.Equal(typeof(string), line.FindProperty("Note")!.ClrType);
    }

    [Fact]
    public void Dbcontext_scaffold_writes_a_context_that_uses_SharpCoreDB()
    {
        using var directory = Providers.NewDirectory();
        string connectionString = $"Data Source={directory.File("shop.scdb")}";
        using (var connection = new SharpCoreDBConnection(connectionString))
        {
            Execute(connection, Schema);
        }

        using var services = DesignServices(new SharpCoreDBDesignTimeServices());
        using var scope = services.CreateScope();
        var scaffolded = scope.ServiceProvider.GetRequiredService<IReverseEngineerScaffolder>().ScaffoldModel(
            connectionString,
            new DatabaseModelFactoryOptions(),
            new ModelReverseEngineerOptions(),
            new ModelCodeGenerationOptions { ContextName = "ShopContext", ContextNamespace = "Shop", ModelNamespace = "Shop", ConnectionString = connectionString });

        Assert.Contains($"optionsBuilder.UseSharpCoreDB(\"{connectionString}\")", scaffolded.ContextFile.Code, StringComparison.Ordinal);
        string product = scaffolded.AdditionalFiles.Single(f => f.Path == "Product.cs").Code;
        Assert.Contains("public decimal Price { get; set; }", product, StringComparison.Ordinal);
        Assert.Contains("public virtual Category Category { get; set; }", product, StringComparison.Ordinal);
    }

    private static ServiceProvider DesignServices(IDesignTimeServices provider)
    {
        var services = new ServiceCollection().AddEntityFrameworkDesignTimeServices();
        provider.ConfigureDesignTimeServices(services);
        return services.BuildServiceProvider(validateScopes: true);
    }

    private static IModel Scaffold(IDesignTimeServices provider, string connectionString)
    {
        using var services = DesignServices(provider);
        using var scope = services.CreateScope();
        var database = scope.ServiceProvider.GetRequiredService<IDatabaseModelFactory>().Create(connectionString, new DatabaseModelFactoryOptions());
        return scope.ServiceProvider.GetRequiredService<IScaffoldingModelFactory>().Create(database, new ModelReverseEngineerOptions());
    }

    /// <summary>The model as text: entity types, properties (with or without CLR types), keys, foreign keys, indexes.</summary>
    private static string Describe(IModel model, bool withTypes)
    {
        var text = new StringBuilder();
        foreach (var entity in model.GetEntityTypes().OrderBy(e => e.Name, StringComparer.Ordinal))
        {
            text.Append("entity ").Append(entity.Name).Append(" table ").Append(entity.GetTableName()).Append(" view ").AppendLine(entity.GetViewName());
            foreach (var property in entity.GetProperties().OrderBy(p => p.Name, StringComparer.Ordinal))
            {
                text.Append("  property ").Append(property.Name).Append(withTypes ? " " + property.ClrType.Name : "")
                    .Append(property.IsNullable ? " null" : " not null").Append(" generated ").Append(property.ValueGenerated)
                    .Append(" default ").AppendLine(property.GetDefaultValueSql());
            }

            foreach (var key in entity.GetKeys())
            {
                text.Append(key.IsPrimaryKey() ? "  primary key " : "  alternate key ").AppendJoin(", ", key.Properties.Select(p => p.Name)).AppendLine();
            }

            foreach (var foreignKey in entity.GetForeignKeys())
            {
                text.Append("  foreign key ").AppendJoin(", ", foreignKey.Properties.Select(p => p.Name)).Append(" -> ")
                    .Append(foreignKey.PrincipalEntityType.Name).Append(' ').Append(foreignKey.DeleteBehavior)
                    .Append(foreignKey.IsRequired ? " required" : " optional").AppendLine();
            }

            foreach (var index in entity.GetIndexes().OrderBy(i => i.Name, StringComparer.Ordinal))
            {
                text.Append("  index ").Append(index.Name).Append(index.IsUnique ? " unique " : " ")
                    .AppendJoin(", ", index.Properties.Select(p => p.Name)).AppendLine();
            }
        }

        return text.ToString();
    }

    private static void Execute(DbConnection connection, string sql)
    {
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
