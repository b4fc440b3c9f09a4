using System.Data.Common;
using System.Runtime.ExceptionServices;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// Small durable transactions through the ADO.NET providers: autocommit <c>INSERT</c>s of one ~100-byte row each,
/// issued from 1, 4 or 16 threads, every thread with its own connection to the same database file. Each invocation
/// makes 256 commits in all, split evenly over the threads; figures are per commit (OperationsPerInvoke), so
/// commits per second = 1 s / Mean.
/// </summary>
/// <remarks>
/// <para>
/// SQLite (Microsoft.Data.Sqlite) runs in WAL mode with <c>synchronous=FULL</c>: one fsync of the log per commit,
/// with concurrent writers serialized by SQLite's write lock and a 30 s busy timeout (so SQLITE_BUSY waits instead of
/// failing). SharpCoreDB runs in each of its durability modes: <c>Legacy</c> (one fsync per commit, the baseline
/// design), <c>FullSync</c> (group commit: concurrent commits share one write and one fsync, each durable before it
/// returns) and <c>Async</c> (a commit returns once queued; the log is flushed in the background, so it is not
/// durable at return — compare it with the others knowing that).
/// </para>
/// <para>
/// The threads are started for each invocation and all wait on a barrier before their first commit, so no thread
/// gets a head start; creating them costs microseconds against hundreds of fsyncs.
/// </para>
/// <para>LiteDB is not available from the package registry this project builds against, so it is not compared.</para>
/// </remarks>
[MemoryDiagnoser]
public class ProviderCommitBenchmarks
{
    private const int TotalCommits = 256;
    private const int PayloadLength = 88;
    private const long CacheBytes = 8L * 1024 * 1024;
    private const string CreateTableSql =
        "CREATE TABLE commits (id INTEGER PRIMARY KEY, thread INTEGER NOT NULL, payload BLOB NOT NULL)";
    private const string InsertSql = "INSERT INTO commits (thread, payload) VALUES (@thread, @payload)";

    private BenchmarkDirectory? _directory;
    private Worker[] _workers = [];

    /// <summary>Threads committing at the same time, each on its own connection.</summary>
    [Params(1, 4, 16)]
    public int Threads { get; set; }

    /// <summary>Creates the SQLite database and one connection per thread.</summary>
    [GlobalSetup(Target = nameof(SQLite_WAL_FullSync))]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("commit-sqlite");
        string path = _directory.File("commit.db");
        Setup(() => SqliteDatabase.Open(path, CacheBytes));
    }

    /// <summary>Creates a SharpCoreDB database in Legacy mode and one connection per thread.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_Legacy))]
    public void SetupLegacy() => SetupSharpCoreDB(DurabilityMode.Legacy);

    /// <summary>Creates a SharpCoreDB database in FullSync mode and one connection per thread.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_FullSync))]
    public void SetupFullSync() => SetupSharpCoreDB(DurabilityMode.FullSync);

    /// <summary>Creates a SharpCoreDB database in Async mode and one connection per thread.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_Async))]
    public void SetupAsync() => SetupSharpCoreDB(DurabilityMode.Async);

    /// <summary>Closes every connection and deletes the folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (Worker worker in _workers)
        {
            worker.Dispose();
        }

        _workers = [];
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>SQLite, WAL, synchronous=FULL.</summary>
    /// <returns>The commits made.</returns>
    [Benchmark(Baseline = true, OperationsPerInvoke = TotalCommits)]
    public int SQLite_WAL_FullSync() => CommitFromAllThreads();

    /// <summary>SharpCoreDB, Legacy: one fsync per commit.</summary>
    /// <returns>The commits made.</returns>
    [Benchmark(OperationsPerInvoke = TotalCommits)]
    public int SharpCoreDB_Legacy() => CommitFromAllThreads();

    /// <summary>SharpCoreDB, FullSync: group commit, durable at return.</summary>
    /// <returns>The commits made.</returns>
    [Benchmark(OperationsPerInvoke = TotalCommits)]
    public int SharpCoreDB_FullSync() => CommitFromAllThreads();

    /// <summary>SharpCoreDB, Async: acknowledged when queued, flushed in the background.</summary>
    /// <returns>The commits made.</returns>
    [Benchmark(OperationsPerInvoke = TotalCommits)]
    public int SharpCoreDB_Async() => CommitFromAllThreads();

    private void SetupSharpCoreDB(DurabilityMode durability)
    {
        _directory = BenchmarkDirectory.Create($"commit-{durability}".ToLowerInvariant());
        string connectionString = SharpCoreDBDatabase.ConnectionString(_directory.File("commit.scdb"), durability, CacheBytes);
        Setup(() => SharpCoreDBDatabase.Open(connectionString));
    }

    private void Setup(Func<DbConnection> open)
    {
        if (TotalCommits % Threads != 0)
        {
            throw new InvalidOperationException($"{TotalCommits} commits do not split evenly over {Threads} threads.");
        }

        byte[][] payloads = BenchmarkRows.Payloads(Threads, PayloadLength, seed: 3);
        _workers = new Worker[Threads];
        for (int t = 0; t < Threads; t++)
        {
            DbConnection connection = open();
            if (t == 0)
            {
                using DbCommand create = connection.CreateCommand();
                create.CommandText = CreateTableSql;
                create.ExecuteNonQuery();
            }

            _workers[t] = new Worker(connection, t, payloads[t]);
        }
    }

    private int CommitFromAllThreads()
    {
        Worker[] workers = _workers;
        int perThread = TotalCommits / workers.Length;
        using var start = new Barrier(workers.Length);
        var threads = new Thread[workers.Length];
        for (int t = 0; t < threads.Length; t++)
        {
            Worker worker = workers[t];
            threads[t] = new Thread(() => worker.Run(start, perThread)) { IsBackground = true };
            threads[t].Start();
        }

        foreach (Thread thread in threads)
        {
            thread.Join();
        }

        foreach (Worker worker in workers)
        {
            worker.ThrowIfFailed();
        }

        return TotalCommits;
    }

    /// <summary>One thread's connection and prepared insert.</summary>
    private sealed class Worker : IDisposable
    {
        private readonly DbConnection _connection;
        private readonly DbCommand _insert;
        private ExceptionDispatchInfo? _failure;

        public Worker(DbConnection connection, int thread, byte[] payload)
        {
            _connection = connection;
            _insert = connection.CreateCommand();
            _insert.CommandText = InsertSql;
            BenchmarkRows.AddParameter(_insert, "@thread").Value = (long)thread;
            BenchmarkRows.AddParameter(_insert, "@payload").Value = payload;
            _insert.Prepare();
        }

        public void Run(Barrier start, int commits)
        {
            try
            {
                start.SignalAndWait();
                for (int i = 0; i < commits; i++)
                {
                    if (_insert.ExecuteNonQuery() != 1)
                    {
                        throw new InvalidOperationException("An autocommit insert did not report one row affected.");
                    }
                }
            }
            catch (Exception e)
            {
                // Rethrown on the benchmark thread after the join, so a failing engine fails the run instead of
                // reporting the time it took to fail.
                _failure = ExceptionDispatchInfo.Capture(e);
            }
        }

        public void ThrowIfFailed() => _failure?.Throw();

        public void Dispose()
        {
            _insert.Dispose();
            _connection.Dispose();
        }
    }
}
