// SharpCoreDB through EF Core: `dotnet run --project samples/TodoApp [title …]` migrates an encrypted database
// (todo.scdb, created on first run), adds the titles given as arguments and lists what is left to do.
using Microsoft.EntityFrameworkCore;
using TodoApp;

await using var context = new TodoContext();
await context.Database.MigrateAsync();

if (!await context.Todos.AnyAsync())
{
    context.Todos.Add(new TodoItem { Title = "Try SharpCoreDB", Due = DateOnly.FromDateTime(DateTime.Today), Cost = 0m });
}

foreach (string title in args)
{
    context.Todos.Add(new TodoItem { Title = title, Cost = 1.10m });
}

await context.SaveChangesAsync();

// Exact decimals in SQL: the sum runs in the database.
decimal total = await context.Todos.Where(t => !t.Done).SumAsync(t => t.Cost);
foreach (var todo in await context.Todos.Where(t => !t.Done).OrderBy(t => t.Id).ToListAsync())
{
    Console.WriteLine($"{todo.Id,3}  {todo.Title}{(todo.Due is { } due ? $" (due {due:yyyy-MM-dd})" : "")}");
}

Console.WriteLine($"open: {await context.Todos.CountAsync(t => !t.Done)}, total cost {total}");
Console.WriteLine($"migrations applied: {string.Join(", ", await context.Database.GetAppliedMigrationsAsync())}");
