using BenchmarkDotNet.Attributes;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Open;

/// <summary>
/// The cycle of <see cref="OpenTransactionBenchmarks"/> (open, BEGIN, 1,000 inserts through one prepared command,
/// COMMIT, close) with each provider's connection pooling on, as an application that opens a connection per unit of
/// work runs it: the open is warm (the pool hands back the open database) and the close returns the connection to the
/// pool, so neither engine checkpoints at the close; the commit is durable as in the cold case. LiteDB has no pool and
/// is left out.
/// </summary>
/// <remarks>
/// Every iteration starts from the same empty table: the iteration setup empties both providers' pools (which closes
/// and checkpoints the previous iteration's database), puts back the copy of the empty database, and opens and closes
/// one connection so the pool holds it (one invocation per iteration).
/// </remarks>
[Config(typeof(SuiteConfig))]
public class PooledOpenTransactionBenchmarks
{
    private EmptyTableCycle? _cycle;

    /// <summary>The engine and settings under test (the SQL engines on disk: LiteDB has no connection pool).</summary>
    [Params(
        Contender.SQLite_WAL_Full, Contender.SQLite_Rollback, Contender.SharpCoreDB_Legacy, Contender.SharpCoreDB_FullSync,
        Contender.SharpCoreDB_Legacy_Encrypted, Contender.SharpCoreDB_FullSync_Encrypted)]
    public Contender Contender { get; set; }

    /// <summary>Creates the empty table and its index, closes the database and keeps a copy of its files.</summary>
    [GlobalSetup]
    public void Setup() => _cycle = EmptyTableCycle.Create(Contender, "pooled-txn");

    /// <summary>Closes the pooled database, puts back the empty one and has the pool open it.</summary>
    [IterationSetup]
    public void RestoreAndPool()
    {
        ClearPools();
        _cycle!.Restore();
        using (ContenderStore.Open(Contender, _cycle.Directory, EmptyTableCycle.CacheBytes, create: false, pooling: true))
        {
            // Opening and closing one connection leaves the open database in the pool.
        }
    }

    /// <summary>Closes the pooled databases and deletes the folders.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        ClearPools();
        _cycle?.Dispose();
        _cycle = null;
    }

    /// <summary>Open (from the pool), BEGIN, 1,000 inserts through one prepared command, COMMIT, close (back to the pool).</summary>
    /// <returns>The rows inserted.</returns>
    [Benchmark]
    public int PooledOpenTransactionClose() => _cycle!.Run(pooling: true);

    private static void ClearPools()
    {
        SqliteConnection.ClearAllPools();
        SharpCoreDBConnection.ClearAllPools();
    }
}
