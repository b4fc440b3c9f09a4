using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Open;

/// <summary>
/// Opening a closed database of 20,000 records (100-byte values) in a process that has none of it cached, then its
/// first query, then closing it: a point read by key (<see cref="ColdOpenFirstQuery"/>) or a full scan with a filter
/// (<see cref="ColdOpenFullScan"/>). The encrypted contenders make this the encrypted open (SharpCoreDB with a raw key,
/// so no key derivation; LiteDB derives its key from a password on every open). The operating system's file cache
/// is warm: this is the engine's open, not the disk's.
/// </summary>
/// <remarks>Pooled opens (a connection taken from a pool) are measured by the provider's pooling benchmarks.</remarks>
[Config(typeof(SuiteConfig))]
public class OpenBenchmarks
{
    private const int FullRecords = 20_000;
    private const int ValueLength = 100;
    private const int Seed = 9;
    private const long CacheBytes = 8L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private int _records;
    private long _nextKey;

    /// <summary>The engine and settings under test (on-disk contenders only: a memory database has nothing to open).</summary>
    [Params(
        Contender.SQLite_WAL_Full, Contender.SQLite_Rollback, Contender.SharpCoreDB_FullSync,
        Contender.SharpCoreDB_FullSync_Encrypted, Contender.LiteDB, Contender.LiteDB_Encrypted)]
    public Contender Contender { get; set; }

    /// <summary>Creates and fills the database, then closes it.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _records = BenchScale.Records(FullRecords);
        _directory = BenchmarkDirectory.Create($"open-{Contender}".ToLowerInvariant());
        using ContenderStore store = ContenderStore.Open(Contender, _directory, CacheBytes);
        store.Load(_records, ValueLength, Seed);
    }

    /// <summary>Deletes the folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>Open, read one record by key, close.</summary>
    /// <returns>The value's length.</returns>
    [Benchmark]
    public int ColdOpenFirstQuery()
    {
        using ContenderStore store = ContenderStore.Open(Contender, _directory!, CacheBytes, create: false);
        _nextKey = (_nextKey % _records) + 1;
        return store.Main.Read(_nextKey);
    }

    /// <summary>Open, scan every record for one score, close.</summary>
    /// <returns>The records that matched.</returns>
    [Benchmark]
    public int ColdOpenFullScan()
    {
        using ContenderStore store = ContenderStore.Open(Contender, _directory!, CacheBytes, create: false);
        _nextKey = (_nextKey % KvSchema.Scores) + 1;
        return store.Main.ScanWhereScore((int)_nextKey);
    }
}
