using Microsoft.EntityFrameworkCore;

namespace TodoApp;

/// <summary>
/// The app's context. The connection string comes from TODOAPP_CONNECTION, or defaults to an encrypted
/// <c>todo.scdb</c> in the working directory (dotnet ef uses the same default when it creates the context).
/// </summary>
public sealed class TodoContext : DbContext
{
    public const string DefaultConnectionString = "Data Source=todo.scdb;Password=sample-password;Durability=FullSync";

    public DbSet<TodoItem> Todos => Set<TodoItem>();

    protected override void OnConfiguring(DbContextOptionsBuilder optionsBuilder) =>
        optionsBuilder.UseSharpCoreDB(Environment.GetEnvironmentVariable("TODOAPP_CONNECTION") ?? DefaultConnectionString);
}
