using System.Text;
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Storage;

public sealed class DatabaseCreatorTests
{
    [Fact]
    public void EnsureCreated_creates_the_file_and_schema_and_EnsureDeleted_removes_the_database_and_its_log()
    {
        using var directory = Providers.NewDirectory();
        string path = directory.File("app.scdb");
        using (var context = new NorthwindContext(Providers.Ours($"Data Source={path}")))
        {
            Assert.False(context.Database.CanConnect());
            Assert.True(context.Database.EnsureCreated());
            Assert.False(context.Database.EnsureCreated());
            context.Categories.Add(new Category { Name = "Beverages" });
            context.SaveChanges();
        }

        Assert.True(File.Exists(path));
        Assert.True(File.Exists(path + "-wal"));
        using (var context = new NorthwindContext(Providers.Ours($"Data Source={path}")))
        {
            Assert.True(context.Database.CanConnect());
            Assert.True(context.Database.EnsureDeleted());
        }

        Assert.False(File.Exists(path));
        Assert.False(File.Exists(path + "-wal"));
        using (var context = new NorthwindContext(Providers.Ours($"Data Source={path}")))
        {
            Assert.False(context.Database.EnsureDeleted());
            Assert.True(context.Database.EnsureCreated());
            Assert.Equal(0, context.Categories.Count());
        }
    }

    [Fact]
    public void EnsureCreated_with_a_password_creates_an_encrypted_database_that_needs_the_password()
    {
        using var directory = Providers.NewDirectory();
        string path = directory.File("secret.scdb");
        using (var context = new NorthwindContext(Providers.Ours($"Data Source={path};Password=correct horse")))
        {
            context.Database.EnsureCreated();
            context.Categories.Add(new Category { Name = "PlaintextMarkerXYZ" });
            context.SaveChanges();
        }

        // Closing the pooled database checkpoints the log into the file; neither may hold the text in the clear.
        SharpCoreDBConnection.ClearAllPools();
        foreach (var file in new[] { path, path + "-wal" }.Where(File.Exists))
        {
            Assert.DoesNotContain("PlaintextMarkerXYZ", Encoding.UTF8.GetString(File.ReadAllBytes(file)), StringComparison.Ordinal);
        }

        using (var context = new NorthwindContext(Providers.Ours($"Data Source={path};Password=wrong")))
        {
            Assert.ThrowsAny<SharpCoreDBException>(() => context.Categories.Count());
        }

        using (var context = new NorthwindContext(Providers.Ours($"Data Source={path};Password=correct horse")))
        {
            Assert.Equal("PlaintextMarkerXYZ", context.Categories.Single().Name);
        }
    }

    [Fact]
    public void EnsureDeleted_of_an_in_memory_database_discards_it()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using var context = new NorthwindContext(new DbContextOptionsBuilder<NorthwindContext>().UseSharpCoreDB(connection).Options);
        Assert.True(context.Database.EnsureCreated());
        Assert.True(context.Database.EnsureDeleted());
    }

    [Fact]
    public void UseSharpCoreDB_refuses_an_unknown_connection_string_keyword_where_the_context_is_configured()
    {
        var builder = new DbContextOptionsBuilder<NorthwindContext>();
        Assert.Throws<ArgumentException>(() => builder.UseSharpCoreDB("Data Source=x.scdb;Durabilty=Async"));
    }

    [Fact]
    public void UseSharpCoreDB_refuses_a_connection_of_another_provider()
    {
        using var connection = new Microsoft.Data.Sqlite.SqliteConnection("Data Source=:memory:");
        Assert.Throws<ArgumentException>(() => new DbContextOptionsBuilder<NorthwindContext>().UseSharpCoreDB(connection));
    }
}
