using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

/// <summary>The JSON-column and primitive-collection model; the same model runs on EF's SQLite provider and on ours.</summary>
public sealed class JsonContext(DbContextOptions<JsonContext> options) : DbContext(options)
{
    public DbSet<Shop> Shops => Set<Shop>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        var shop = modelBuilder.Entity<Shop>();
        shop.Property(s => s.Id).ValueGeneratedNever();
        shop.OwnsOne(s => s.Profile, profile =>
        {
            profile.ToJson();
            profile.OwnsOne(p => p.Contact);
        });
        shop.OwnsMany(s => s.Reviews, reviews => reviews.ToJson());
        shop.ComplexProperty(s => s.Location, location => location.ToJson());
    }

    /// <summary>Options for EF's SQLite provider (the oracle) over a file.</summary>
    public static DbContextOptions<JsonContext> Sqlite(string path) =>
        new DbContextOptionsBuilder<JsonContext>().UseSqlite($"Data Source={path}").Options;

    /// <summary>Options for our provider.</summary>
    public static DbContextOptions<JsonContext> Ours(string connectionString) =>
        new DbContextOptionsBuilder<JsonContext>().UseSharpCoreDB(connectionString).Options;
}
