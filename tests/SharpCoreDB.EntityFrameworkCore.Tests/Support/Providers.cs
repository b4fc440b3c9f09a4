using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Support;

/// <summary>Options for the two providers: EF's SQLite provider (the oracle) and ours, each over its own file.</summary>
internal static class Providers
{
    public static DbContextOptions<NorthwindContext> Sqlite(string path) =>
        new DbContextOptionsBuilder<NorthwindContext>().UseSqlite($"Data Source={path}").Options;

    public static DbContextOptions<NorthwindContext> Ours(string connectionString) =>
        new DbContextOptionsBuilder<NorthwindContext>().UseSharpCoreDB(connectionString).Options;

    /// <summary>A fresh directory under the temp folder, removed by <see cref="TempDirectory.Dispose"/>.</summary>
    public static TempDirectory NewDirectory() => new();
}
