using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Model;

/// <summary>The differential tests' context; the same model runs on EF's SQLite provider and on ours.</summary>
public sealed class NorthwindContext(DbContextOptions<NorthwindContext> options) : DbContext(options)
{
    public DbSet<Category> Categories => Set<Category>();
    public DbSet<Product> Products => Set<Product>();
    public DbSet<Tag> Tags => Set<Tag>();
    public DbSet<Customer> Customers => Set<Customer>();
    public DbSet<Employee> Employees => Set<Employee>();
    public DbSet<Order> Orders => Set<Order>();
    public DbSet<OrderLine> OrderLines => Set<OrderLine>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Customer>().OwnsOne(c => c.Address);
        modelBuilder.Entity<Customer>().HasIndex(c => c.Email).IsUnique();
        modelBuilder.Entity<Product>().Property(p => p.Version).IsConcurrencyToken();
        modelBuilder.Entity<Product>().HasMany(p => p.Tags).WithMany(t => t.Products);
        modelBuilder.Entity<Product>().HasOne(p => p.Category).WithMany(c => c.Products).OnDelete(DeleteBehavior.Restrict);
        modelBuilder.Entity<Employee>().HasOne(e => e.Manager).WithMany(e => e.Reports).HasForeignKey(e => e.ManagerId)
            .OnDelete(DeleteBehavior.Restrict);
        modelBuilder.Entity<Order>().HasOne(o => o.Employee).WithMany(e => e.Orders).OnDelete(DeleteBehavior.SetNull);
        modelBuilder.Entity<Order>().HasIndex(o => o.OrderedAt);
        modelBuilder.Entity<OrderLine>().HasOne(l => l.Product).WithMany(p => p.Lines).OnDelete(DeleteBehavior.Restrict);
    }
}
