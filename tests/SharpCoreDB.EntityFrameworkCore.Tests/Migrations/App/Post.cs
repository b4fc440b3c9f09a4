namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App;

/// <summary>A blog's post; required reference to its blog, optional one to its writer.</summary>
public sealed class Post
{
    public int Id { get; set; }
    public int BlogId { get; set; }
    public Blog? Blog { get; set; }
    public string Title { get; set; } = "";
    public string? Body { get; set; }
    public int? AuthorId { get; set; }
    public Writer? Author { get; set; }
}
