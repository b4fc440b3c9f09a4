// Usage: SharpCoreDB.EntityFrameworkCore.NativeProbe <database file>
// Runs what an application does through the EF provider (create an encrypted database, save, query with decimal
// arithmetic, ExecuteUpdate, delete the database), then prints every loaded module whose name mentions SQLite:
// "native <path>" for mapped native SQLite libraries (/proc/self/maps), "managed <name>" for loaded assemblies. The
// provider's tests require that neither shows native SQLite nor its wrappers.
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.NativeProbe;

await using (var context = new ProbeContext($"Data Source={args[0]};Password=probe"))
{
    await context.Database.EnsureCreatedAsync();
    context.Notes.Add(new Note { Text = "a", Amount = 1.25m, Key = Guid.NewGuid(), At = DateTime.UtcNow, Took = TimeSpan.FromSeconds(3) });
    context.Notes.Add(new Note { Text = "b", Amount = 2.50m, Key = Guid.NewGuid(), At = DateTime.UtcNow, Took = TimeSpan.FromSeconds(1) });
    await context.SaveChangesAsync();
    decimal total = await context.Notes.Where(n => n.Amount * 2 > 1m).SumAsync(n => n.Amount);
    await context.Notes.Where(n => n.Text == "a").ExecuteUpdateAsync(s => s.SetProperty(n => n.Amount, n => n.Amount + 1));
    var ordered = await context.Notes.OrderBy(n => n.Took).Select(n => n.Text).ToListAsync();
    Console.WriteLine($"total {total} order {string.Join(",", ordered)}");
    await context.Database.EnsureDeletedAsync();
}

foreach (string line in File.Exists("/proc/self/maps") ? File.ReadLines("/proc/self/maps") : [])
{
    // Managed assemblies are mapped too (Microsoft.EntityFrameworkCore.Sqlite.dll, whose query pipeline the
    // provider reuses); native SQLite is a library named after sqlite3 (libe_sqlite3.so, libsqlite3.so) or sqlcipher.
    int path = line.IndexOf('/', StringComparison.Ordinal);
    string file = path < 0 ? "" : Path.GetFileName(line[path..]);
    if (file.Contains("sqlite3", StringComparison.OrdinalIgnoreCase) || file.Contains("sqlcipher", StringComparison.OrdinalIgnoreCase))
    {
        Console.WriteLine("native " + line[path..]);
    }
}

foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
{
    string name = assembly.GetName().Name ?? "";
    if (name.Contains("SQLitePCL", StringComparison.OrdinalIgnoreCase) || name.StartsWith("Microsoft.Data.Sqlite", StringComparison.OrdinalIgnoreCase))
    {
        Console.WriteLine("managed " + name);
    }
}

Console.WriteLine("done");
