using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App;

/// <summary>
/// The context the migrations in <c>Migrations/App/Migrations</c> belong to. Its model is the last migration's
/// target model; every store type is explicit so the same migrations give the same schema on EF's SQLite provider
/// and on ours (the providers map <see cref="decimal"/> differently by default).
/// </summary>
public sealed class BlogContext(DbContextOptions<BlogContext> options) : DbContext(options)
{
    public DbSet<Blog> Blogs => Set<Blog>();
    public DbSet<Post> Posts => Set<Post>();
    public DbSet<Writer> Writers => Set<Writer>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Blog>(b =>
        {
            b.ToTable("Blogs");
            b.Property(x => x.Url).HasDefaultValue("");
            b.Property(x => x.Price).HasColumnType("DECIMAL");
        });
        modelBuilder.Entity<Writer>().ToTable("Writers");
        modelBuilder.Entity<Post>(b =>
        {
            b.ToTable("Posts");
            b.HasOne(p => p.Blog).WithMany(x => x.Posts).HasForeignKey(p => p.BlogId).OnDelete(DeleteBehavior.Cascade);
            b.HasOne(p => p.Author).WithMany(x => x.Posts).HasForeignKey(p => p.AuthorId).OnDelete(DeleteBehavior.SetNull);
        });
    }
}
