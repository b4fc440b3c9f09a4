using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

/// <summary>The seeded shops in EF's SQLite provider and in ours, created once for the JSON differential tests.</summary>
public sealed class JsonFixture : IDisposable
{
    private readonly TempDirectory _directory = Providers.NewDirectory();

    public JsonFixture()
    {
        SqlitePath = _directory.File("oracle.db");
        OursConnectionString = $"Data Source={_directory.File("ours.scdb")};Durability=Async";
        foreach (var create in new Func<JsonContext>[] { CreateSqlite, CreateOurs })
        {
            using var context = create();
            context.Database.EnsureCreated();
            JsonData.Seed_(context);
        }
    }

    public string SqlitePath { get; }

    public string OursConnectionString { get; }

    public JsonContext CreateSqlite() => new(JsonContext.Sqlite(SqlitePath));

    public JsonContext CreateOurs() => new(JsonContext.Ours(OursConnectionString));

    public void Dispose() => _directory.Dispose();
}
