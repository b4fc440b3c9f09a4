using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>
/// The YCSB core workloads A–F over 100,000 records of 1 KB, zipfian request distribution with skew 0.99 (D: latest),
/// from 1 and 8 client threads, each with its own session. Each invocation runs 1,000 operations in all, split evenly
/// over the clients; figures are per operation (OperationsPerInvoke), so operations per second = 1 s / Mean.
/// </summary>
/// <remarks>
/// Updates and inserts are single-record durable commits (autocommit). Every contender gets a 64 MiB page cache.
/// A fresh database is loaded for each case, so inserts of workloads D and E do not carry over to another case.
/// </remarks>
[Config(typeof(SuiteConfig))]
public class YcsbBenchmarks
{
    private const int FullRecords = 100_000;
    private const int RecordBytes = 1024;
    private const int OperationsPerInvocation = 1000;
    private const int Seed = 1_994;
    private const long CacheBytes = 64L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private ContenderStore? _store;
    private IStoreSession[] _sessions = [];
    private CommitterThread[] _clients = [];
    private int _operations;

    /// <summary>
    /// The engine and settings under test. SharpCoreDB Async, whose commit returns before its log is synced, is the
    /// like-for-like comparison with LiteDB, whose commit does not wait for its log's flush either.
    /// </summary>
    [Params(
        Contender.SQLite_WAL_Full, Contender.SQLite_Memory, Contender.SharpCoreDB_FullSync,
        Contender.SharpCoreDB_FullSync_Encrypted, Contender.SharpCoreDB_Async, Contender.LiteDB, Contender.LiteDB_Encrypted)]
    public Contender Contender { get; set; }

    /// <summary>The YCSB workload.</summary>
    [ParamsAllValues]
    public YcsbWorkload Workload { get; set; }

    /// <summary>Client threads.</summary>
    [Params(1, 8)]
    public int Threads { get; set; }

    /// <summary>Warms the contender's code up (once per process), loads the records and starts the clients.</summary>
    [GlobalSetup]
    public void Setup()
    {
        // The first case of a contender in this process would otherwise be measured while its code is still compiled.
        // A tiny run only checks that each case works, so it skips the warm-up's seconds per contender.
        if (!BenchScale.Tiny)
        {
            JitWarmup.Ensure(Contender, CacheBytes);
        }

        int records = BenchScale.Records(FullRecords);
        _operations = BenchScale.Operations(OperationsPerInvocation, Threads);
        _directory = BenchmarkDirectory.Create($"ycsb-{Contender}".ToLowerInvariant());
        _store = ContenderStore.Open(Contender, _directory, CacheBytes);
        _store.Load(records, RecordBytes, Seed);
        var keys = new YcsbKeySpace(records);
        byte[] value = KvSchema.Value(RecordBytes, Seed + 1);
        _sessions = new IStoreSession[Threads];
        _clients = new CommitterThread[Threads];
        for (int t = 0; t < Threads; t++)
        {
            _sessions[t] = _store.OpenSession();
            var client = new YcsbClient(_sessions[t], Workload, keys, value, Seed + (t * 7));
            _clients[t] = new CommitterThread(client.Step, $"ycsb client {t}");
        }
    }

    /// <summary>Stops the clients, closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (CommitterThread client in _clients)
        {
            client.Dispose();
        }

        foreach (IStoreSession session in _sessions)
        {
            session.Dispose();
        }

        _clients = [];
        _sessions = [];
        _store?.Dispose();
        _store = null;
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>1,000 operations of the workload, spread over the clients.</summary>
    /// <returns>The operations run.</returns>
    [Benchmark(OperationsPerInvoke = OperationsPerInvocation)]
    public int Run()
    {
        CommitterThread.RunAll(_clients, _operations);
        return _operations;
    }
}
