using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Crud;

/// <summary>
/// The basic operations on a warm table of 100,000 records (100-byte values, an index on the tag): point read by
/// primary key, point read by the secondary index, a range scan of 1,000 keys, a full scan with a filter on an
/// unindexed column, update by key and delete by key (each durable, autocommit). Keys come from a seeded sequence
/// that carries on across invocations. Figures are per operation (OperationsPerInvoke).
/// </summary>
/// <remarks>
/// Each contender gets a 64 MiB page cache, more than the table. Deletes take the next 100 keys of a seeded shuffle
/// and an iteration setup puts them back, so the table keeps its size.
/// </remarks>
[Config(typeof(SuiteConfig))]
public class CrudBenchmarks
{
    private const int FullRecords = 100_000;
    private const int ValueLength = 100;
    private const int Reads = 1000;
    private const int Writes = 100;
    private const int RangeWidth = 1000;
    private const int Seed = 20_251_127;
    private const long CacheBytes = 64L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private ContenderStore? _store;
    private long[] _keys = [];
    private byte[] _value = [];
    private long _version;
    private int _records;
    private int _cursor;
    private int _deleteCursor;
    private int _deleted;

    /// <summary>
    /// The engine and settings under test: durable on disk, plain and encrypted, and SQLite in memory; SharpCoreDB
    /// Async, whose commit returns before its log is synced, is the like-for-like comparison with LiteDB's commit.
    /// </summary>
    [Params(
        Contender.SQLite_WAL_Full, Contender.SQLite_Rollback, Contender.SQLite_Memory, Contender.SharpCoreDB_FullSync,
        Contender.SharpCoreDB_FullSync_Encrypted, Contender.SharpCoreDB_Async, Contender.LiteDB, Contender.LiteDB_Encrypted)]
    public Contender Contender { get; set; }

    /// <summary>Warms the contender's code up (once per process), creates and fills the database and reads every record once (a warm cache).</summary>
    [GlobalSetup]
    public void Setup()
    {
        // The first case of a contender in this process would otherwise be measured while its code is still compiled.
        // A tiny run only checks that each case works, so it skips the warm-up's seconds per contender.
        if (!BenchScale.Tiny)
        {
            JitWarmup.Ensure(Contender, CacheBytes);
        }

        _records = BenchScale.Records(FullRecords);
        _directory = BenchmarkDirectory.Create($"crud-{Contender}".ToLowerInvariant());
        _store = ContenderStore.Open(Contender, _directory, CacheBytes);
        _store.Load(_records, ValueLength, Seed);
        _keys = Shuffled(_records, Seed);
        _value = KvSchema.Value(ValueLength, Seed + 1);
        _store.Main.Range(1, _records);
    }

    /// <summary>Puts back the records the last delete iteration removed.</summary>
    [IterationSetup(Target = nameof(DeleteByKey))]
    public void RestoreDeleted()
    {
        IStoreSession session = _store!.Main;
        for (int i = 0; i < _deleted; i++)
        {
            session.InsertBatch(_keys[(_deleteCursor + i) % _keys.Length], 1, _value);
        }

        _deleteCursor = (_deleteCursor + _deleted) % _keys.Length;
        _deleted = 0;
    }

    /// <summary>Closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _store?.Dispose();
        _store = null;
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>Point reads by primary key.</summary>
    /// <returns>A checksum of what was read.</returns>
    [Benchmark(OperationsPerInvoke = Reads)]
    public long PointReadByKey()
    {
        IStoreSession session = _store!.Main;
        long sum = 0;
        for (int i = 0; i < Reads; i++)
        {
            sum += Found(session.Read(NextKey()));
        }

        return sum;
    }

    /// <summary>Point reads through the secondary index on the tag.</summary>
    /// <returns>A checksum of what was read.</returns>
    [Benchmark(OperationsPerInvoke = Reads)]
    public long PointReadByIndex()
    {
        IStoreSession session = _store!.Main;
        long sum = 0;
        for (int i = 0; i < Reads; i++)
        {
            sum += Found(session.ReadByTag(KvSchema.TagOf(NextKey())));
        }

        return sum;
    }

    /// <summary>One range scan of 1,000 consecutive keys.</summary>
    /// <returns>The records read.</returns>
    [Benchmark]
    public int RangeScan()
    {
        long first = 1 + (NextKey() % Math.Max(1, _records - RangeWidth));
        return _store!.Main.Range(first, RangeWidth);
    }

    /// <summary>One full scan returning the records with one score (one in 1,000), on an unindexed column.</summary>
    /// <returns>The records that matched.</returns>
    [Benchmark]
    public int FullScanWithFilter() => _store!.Main.ScanWhereScore((int)(NextKey() % KvSchema.Scores));

    /// <summary>Durable updates of one record's value by key.</summary>
    /// <returns>The updates made.</returns>
    [Benchmark(OperationsPerInvoke = Writes)]
    public int UpdateByKey()
    {
        IStoreSession session = _store!.Main;
        int updates = BenchScale.Operations(Writes, 1);
        for (int i = 0; i < updates; i++)
        {
            KvSchema.Stamp(_value, ref _version);
            session.Update(NextKey(), _value);
        }

        return updates;
    }

    /// <summary>Durable deletes of one record by key.</summary>
    /// <returns>The deletes made.</returns>
    [Benchmark(OperationsPerInvoke = Writes)]
    public int DeleteByKey()
    {
        IStoreSession session = _store!.Main;
        int deletes = Math.Min(BenchScale.Operations(Writes, 1), _keys.Length);
        if (_deleted + deletes > _keys.Length)
        {
            // Only when a job runs several invocations per iteration (the iteration setup restores after each one
            // otherwise): the table would run out of records.
            RestoreDeleted();
        }

        for (int i = 0; i < deletes; i++)
        {
            session.Delete(_keys[(_deleteCursor + _deleted + i) % _keys.Length]);
        }

        _deleted += deletes;
        return deletes;
    }

    /// <summary>The records in the table now (a range scan over every key), for checks outside the measured cases.</summary>
    /// <returns>The record count.</returns>
    internal int CountRecords() => _store!.Main.Range(1, _records);

    /// <summary>Keys 1..<paramref name="count"/> in a seeded random order.</summary>
    /// <param name="count">The key count.</param>
    /// <param name="seed">The seed.</param>
    /// <returns>The keys.</returns>
    internal static long[] Shuffled(int count, int seed)
    {
        var keys = new long[count];
        for (int i = 0; i < count; i++)
        {
            keys[i] = i + 1;
        }

        new Random(seed).Shuffle(keys);
        return keys;
    }

    private static long Found(int length) =>
        length >= 0 ? length : throw new InvalidOperationException("A key that was loaded was not found.");

    private long NextKey()
    {
        long key = _keys[_cursor];
        _cursor = (_cursor + 1) % _keys.Length;
        return key;
    }
}
