using SharpCoreDB.EntityFrameworkCore.Tests.Model;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

/// <summary>The seeded Northwind data in EF's SQLite provider and in ours, created once for the differential tests.</summary>
public sealed class NorthwindFixture : IDisposable
{
    private readonly TempDirectory _directory = Providers.NewDirectory();

    public NorthwindFixture()
    {
        SqlitePath = _directory.File("oracle.db");
        OursConnectionString = $"Data Source={_directory.File("ours.scdb")};Durability=Async";
        foreach (var create in new Func<NorthwindContext>[] { CreateSqlite, CreateOurs })
        {
            using var context = create();
            context.Database.EnsureCreated();
            NorthwindData.Seed_(context);
        }
    }

    public string SqlitePath { get; }

    public string OursConnectionString { get; }

    public NorthwindContext CreateSqlite() => new(Providers.Sqlite(SqlitePath));

    public NorthwindContext CreateOurs() => new(Providers.Ours(OursConnectionString));

    public void Dispose() => _directory.Dispose();
}
