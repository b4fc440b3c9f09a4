using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Open;

/// <summary>
/// The life of a short-lived writer: open a file database cold (pooling off on every SQL contender, so closing the
/// last connection closes the database and the next open reads its file again), BEGIN, insert 1,000 records of the
/// suite's usual shape (100-byte values, the indexed table of <see cref="KvSchema"/>) through one prepared command,
/// COMMIT (durable: one log sync for SQLite WAL and SharpCoreDB), and close (SQLite checkpoints its WAL into the
/// database on the last close; SharpCoreDB checkpoints its log on close too). The figure is the whole cycle.
/// </summary>
/// <remarks>
/// Every iteration starts from the same file: an iteration setup puts back a copy of the empty table, flushed to disk,
/// so iterations do the same work and the file never grows (with an iteration setup BenchmarkDotNet runs one
/// invocation per iteration). The operating system's file cache is warm, as in the other open benchmarks.
/// </remarks>
[Config(typeof(SuiteConfig))]
public class OpenTransactionBenchmarks
{
    private EmptyTableCycle? _cycle;

    /// <summary>The engine and settings under test (on-disk contenders only: a memory database has nothing to open or close).</summary>
    [Params(
        Contender.SQLite_WAL_Full, Contender.SQLite_Rollback, Contender.SharpCoreDB_Legacy, Contender.SharpCoreDB_FullSync,
        Contender.SharpCoreDB_Legacy_Encrypted, Contender.SharpCoreDB_FullSync_Encrypted, Contender.LiteDB,
        Contender.LiteDB_Encrypted)]
    public Contender Contender { get; set; }

    /// <summary>Creates the empty table and its index, closes the database and keeps a copy of its files.</summary>
    [GlobalSetup]
    public void Setup() => _cycle = EmptyTableCycle.Create(Contender, "open-txn");

    /// <summary>Puts back the empty database the iteration starts from.</summary>
    [IterationSetup]
    public void RestoreEmptyDatabase() => _cycle!.Restore();

    /// <summary>Deletes the folders.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _cycle?.Dispose();
        _cycle = null;
    }

    /// <summary>Open (cold), BEGIN, 1,000 inserts through one prepared command, COMMIT, close.</summary>
    /// <returns>The rows inserted.</returns>
    [Benchmark]
    public int ColdOpenTransactionClose() => _cycle!.Run(pooling: false);
}
