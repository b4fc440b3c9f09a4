using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.Benchmarks.EfCore;

/// <summary>The context of the EF Core benchmarks; the options pick the provider.</summary>
public sealed class BenchContext(DbContextOptions<BenchContext> options) : DbContext(options)
{
    /// <summary>The items.</summary>
    public DbSet<BenchItem> Items => Set<BenchItem>();
}
