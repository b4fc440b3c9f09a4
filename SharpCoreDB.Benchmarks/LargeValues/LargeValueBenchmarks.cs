using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.LargeValues;

/// <summary>
/// Values of 1 KB, 10 KB, 100 KB and 1 MB written and read: <see cref="Write"/> replaces the value of one of 16
/// records per operation (a durable autocommit update, so the file does not grow run after run), <see cref="Read"/>
/// reads one whole value by key. Figures are per value (OperationsPerInvoke); the summary gives MB/s =
/// <see cref="ValueBytes"/> / Mean.
/// </summary>
[Config(typeof(SuiteConfig))]
public class LargeValueBenchmarks
{
    private const int Slots = 16;
    private const int Seed = 77;
    private const long CacheBytes = 64L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private ContenderStore? _store;
    private byte[] _value = [];
    private long _version;

    /// <summary>The engine and settings under test.</summary>
    [Params(
        Contender.SQLite_WAL_Full, Contender.SQLite_Rollback, Contender.SQLite_Memory, Contender.SharpCoreDB_FullSync,
        Contender.SharpCoreDB_FullSync_Encrypted, Contender.LiteDB, Contender.LiteDB_Encrypted)]
    public Contender Contender { get; set; }

    /// <summary>The size of every value.</summary>
    [Params(1024, 10 * 1024, 100 * 1024, 1024 * 1024)]
    public int ValueBytes { get; set; }

    /// <summary>Creates the database with the 16 records.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _directory = BenchmarkDirectory.Create($"large-{Contender}".ToLowerInvariant());
        _store = ContenderStore.Open(Contender, _directory, CacheBytes);
        _store.Load(Slots, ValueBytes, Seed);
        _value = KvSchema.Value(ValueBytes, Seed + 1);
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

    /// <summary>Writes one value into each of the 16 records (16 durable commits).</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark(OperationsPerInvoke = Slots)]
    public long Write()
    {
        IStoreSession session = _store!.Main;
        for (long key = 1; key <= Slots; key++)
        {
            KvSchema.Stamp(_value, ref _version);
            session.Update(key, _value);
        }

        return (long)Slots * ValueBytes;
    }

    /// <summary>Reads the value of each of the 16 records.</summary>
    /// <returns>The bytes read.</returns>
    [Benchmark(OperationsPerInvoke = Slots)]
    public long Read()
    {
        IStoreSession session = _store!.Main;
        long bytes = 0;
        for (long key = 1; key <= Slots; key++)
        {
            int length = session.Read(key);
            bytes += length == ValueBytes ? length : throw new InvalidOperationException($"Key {key} read {length} bytes, not {ValueBytes}.");
        }

        return bytes;
    }
}
