using System.Globalization;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Benchmarks.ReadOnly;

/// <summary>
/// Read-only transactions (begin, 10 point reads, commit) from 1 and 50 threads at once, each thread with its own
/// session, over 10,000 records of 100 bytes. Each invocation runs 1,000 transactions in all; figures are per
/// transaction. A read-only transaction has nothing to make durable: for SharpCoreDB the benchmark counts the fsyncs
/// of every file device in the process between setup and cleanup and records them in the run's notes (0 is the
/// expected figure). SQLite's and LiteDB's syncs are not visible to the process and are not counted.
/// </summary>
[Config(typeof(SuiteConfig))]
public class ReadOnlyTransactionBenchmarks
{
    private const int FullRecords = 10_000;
    private const int ValueLength = 100;
    private const int ReadsPerTransaction = 10;
    private const int TransactionsPerInvocation = 1000;
    private const int Seed = 4_242;
    private const long CacheBytes = 16L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private ContenderStore? _store;
    private IStoreSession[] _sessions = [];
    private CommitterThread[] _readers = [];
    private int _transactions;
    private long _transactionsRun;
    private long _flushesAtStart;

    /// <summary>The engine and settings under test.</summary>
    [Params(
        Contender.SQLite_WAL_Full, Contender.SQLite_Rollback, Contender.SharpCoreDB_Legacy, Contender.SharpCoreDB_FullSync,
        Contender.SharpCoreDB_Async, Contender.SharpCoreDB_FullSync_Encrypted, Contender.LiteDB)]
    public Contender Contender { get; set; }

    /// <summary>Threads running transactions at the same time.</summary>
    [Params(1, 50)]
    public int Threads { get; set; }

    /// <summary>Loads the records, opens a session and reader thread per client, and notes the fsync count.</summary>
    [GlobalSetup]
    public void Setup()
    {
        int records = BenchScale.Records(FullRecords);
        _transactions = BenchScale.Operations(TransactionsPerInvocation, Threads);
        _directory = BenchmarkDirectory.Create($"read-only-{Contender}".ToLowerInvariant());
        using (ContenderStore loader = ContenderStore.Open(Contender, _directory, CacheBytes))
        {
            loader.Load(records, ValueLength, Seed);
        }

        // Reopened after the load's close so the count below sees only the run: in Async mode the load's last
        // commits are synced by the log worker up to 10 ms after they return, which would count as a read's fsync.
        _store = ContenderStore.Open(Contender, _directory, CacheBytes, create: false);
        _sessions = new IStoreSession[Threads];
        _readers = new CommitterThread[Threads];
        for (int t = 0; t < Threads; t++)
        {
            IStoreSession session = _store.OpenSession();
            _sessions[t] = session;
            var random = new Random(Seed + t);
            var keys = new long[ReadsPerTransaction];
            _readers[t] = new CommitterThread(
                () =>
                {
                    for (int i = 0; i < keys.Length; i++)
                    {
                        keys[i] = 1 + random.Next(records);
                    }

                    if (session.ReadOnlyTransaction(keys) != keys.Length)
                    {
                        throw new InvalidOperationException("A read-only transaction missed a loaded key.");
                    }

                    Interlocked.Increment(ref _transactionsRun);
                },
                $"reader {t}");
        }

        _transactionsRun = 0;
        _flushesAtStart = FileStorageDevice.ProcessFlushCount;
    }

    /// <summary>Records the fsyncs seen during the run, stops the readers, closes the database.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        long flushes = FileStorageDevice.ProcessFlushCount - _flushesAtStart;
        if (ContenderFacts.IsSharpCoreDB(Contender))
        {
            RunNotes.Add(string.Create(
                CultureInfo.InvariantCulture,
                $"Read-only transactions, {Contender}, {Threads} threads: {flushes} fsyncs during {Interlocked.Read(ref _transactionsRun):N0} transactions."));
        }

        foreach (CommitterThread reader in _readers)
        {
            reader.Dispose();
        }

        foreach (IStoreSession session in _sessions)
        {
            session.Dispose();
        }

        _readers = [];
        _sessions = [];
        _store?.Dispose();
        _store = null;
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>1,000 read-only transactions spread over the threads.</summary>
    /// <returns>The transactions run.</returns>
    [Benchmark(OperationsPerInvoke = TransactionsPerInvocation)]
    public int ReadOnlyTransactions()
    {
        CommitterThread.RunAll(_readers, _transactions);
        return _transactions;
    }
}
