namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App;

/// <summary>A post's writer (table "Authors" until the third migration renames it "Writers").</summary>
public sealed class Writer
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public List<Post> Posts { get; } = [];
}
