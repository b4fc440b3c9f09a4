namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App;

/// <summary>The migrated model's principal entity, in its final (third migration) shape.</summary>
public sealed class Blog
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public double Rating { get; set; }
    public string Url { get; set; } = "";
    public decimal? Price { get; set; }
    public List<Post> Posts { get; } = [];
}
