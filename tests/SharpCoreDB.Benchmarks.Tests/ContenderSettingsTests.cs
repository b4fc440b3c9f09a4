using SharpCoreDB;
using SharpCoreDB.Wal;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>The SharpCoreDB side of the comparisons is set up as the SQLite side is.</summary>
public sealed class ContenderSettingsTests
{
    [Fact]
    public void SharpCoreDB_opens_without_a_connection_pool_as_the_sqlite_side_does()
    {
        // With the pool on, a "cold open" benchmark would time a warm database handed back by the pool.
        string connectionString = SharpCoreDBDatabase.ConnectionString("/tmp/x.scdb", DurabilityMode.FullSync, 8L * 1024 * 1024);

        Assert.False(new SharpCoreDBConnectionStringBuilder(connectionString).Pooling);
    }
}
