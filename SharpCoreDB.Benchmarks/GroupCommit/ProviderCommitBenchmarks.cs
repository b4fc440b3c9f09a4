using System.Data.Common;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// Small durable transactions through the ADO.NET providers: autocommit <c>INSERT</c>s of one ~100-byte row each,
/// issued from 1, 4 or 16 threads, every thread with its own connection to the same database file. Each invocation
/// makes 1,024 commits in all, split evenly over the threads, in the same job as <see cref="WalCommitBenchmarks"/>
/// (<see cref="CommitJobConfig"/>); figures are per commit (OperationsPerInvoke), so commits per second = 1 s / Mean.
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
/// Each connection has its own long-lived thread (a <see cref="CommitterThread"/>), so time and allocation per
/// commit are the steady state's, not thread start-up's or a new thread's first use of its buffers.
/// </para>
/// <para>
/// Every invocation starts by waking its committer threads and ends by waiting for the last one, and at 16 threads
/// the first and last groups of an invocation are not full; 1,024 commits (64 per thread at 16 threads) keep that
/// ramp a small share of the figure, which is meant to be the steady state's commit rate.
/// </para>
/// <para>LiteDB is not available from the package registry this project builds against, so it is not compared.</para>
/// </remarks>
[MemoryDiagnoser]
[Config(typeof(CommitJobConfig))]
public class ProviderCommitBenchmarks
{
    private const int TotalCommits = 1024;

    private BenchmarkDirectory? _directory;
    private InsertCommitter[] _connections = [];
    private CommitterThread[] _committers = [];

    /// <summary>Threads committing at the same time, each on its own connection.</summary>
    [Params(1, 4, 16)]
    public int Threads { get; set; }

    /// <summary>Creates the SQLite database and one connection per thread.</summary>
    [GlobalSetup(Target = nameof(SQLite_WAL_FullSync))]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("commit-sqlite");
        string path = _directory.File("commit.db");
        Setup(() => SqliteDatabase.Open(path, InsertCommitter.CacheBytes));
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
        InsertCommitter.DisposeAll(_committers, _connections);
        _committers = [];
        _connections = [];
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
        string connectionString = SharpCoreDBDatabase.ConnectionString(_directory.File("commit.scdb"), durability, InsertCommitter.CacheBytes);
        Setup(() => SharpCoreDBDatabase.Open(connectionString));
    }

    private void Setup(Func<DbConnection> open) => _connections = InsertCommitter.OpenAll(Threads, open, out _committers);

    private int CommitFromAllThreads()
    {
        // Fewer only in tiny mode (the rot test), where figures do not matter.
        int commits = BenchScale.Operations(TotalCommits, _committers.Length);
        CommitterThread.RunAll(_committers, commits);
        return commits;
    }
}
