using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// The group-commit suite's main job: durable commits of <see cref="Batch"/> rows each (about 100 bytes a row) from
/// 1, 4, 16 or 50 threads at once, every thread with its own session (for the SQL engines its own connection), for
/// every <see cref="Contenders.Contender"/>. Each invocation makes 400 commits in all, split evenly over the threads;
/// figures are per commit (OperationsPerInvoke), so commits per second = 1 s / Mean, and Mean against Threads at one
/// batch size is the scaling curve the summary draws.
/// </summary>
/// <remarks>
/// Each thread inserts its own ascending keys, so concurrent commits write different leaves. A batch larger than one
/// row is one explicit transaction. Committer threads live across invocations (see <see cref="CommitterThread"/>).
/// </remarks>
[Config(typeof(SuiteConfig))]
public class ContenderCommitBenchmarks
{
    private const int CommitsPerInvocation = 400;
    private const long CacheBytes = 8L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private ContenderStore? _store;
    private IStoreSession[] _sessions = [];
    private CommitterThread[] _committers = [];
    private int _commits;

    /// <summary>The engine and settings under test.</summary>
    [ParamsAllValues]
    public Contender Contender { get; set; }

    /// <summary>Threads committing at the same time.</summary>
    [Params(1, 4, 16, 50)]
    public int Threads { get; set; }

    /// <summary>Rows per commit.</summary>
    [Params(1, 10, 100, 1000)]
    public int Batch { get; set; }

    /// <summary>Creates the database and one session and committer thread per client.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _commits = BenchScale.Operations(CommitsPerInvocation, Threads);
        _directory = BenchmarkDirectory.Create($"group-commit-{Contender}".ToLowerInvariant());
        _store = ContenderStore.Open(Contender, _directory, CacheBytes);
        byte[][] values = BenchmarkRows.Payloads(Threads, InsertCommitter.PayloadLength, seed: 5);
        _sessions = new IStoreSession[Threads];
        _committers = new CommitterThread[Threads];
        for (int t = 0; t < Threads; t++)
        {
            IStoreSession session = _store.OpenSession();
            _sessions[t] = session;
            byte[] value = values[t];
            int batch = Batch;

            // Thread t owns keys (t + 1) * 2^40 upward, so no two threads ever insert the same key.
            long next = (t + 1L) << 40;
            _committers[t] = new CommitterThread(
                () =>
                {
                    session.InsertBatch(next, batch, value);
                    next += batch;
                },
                $"committer {t}");
        }
    }

    /// <summary>Stops the threads, closes the sessions and the database, deletes the folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (CommitterThread committer in _committers)
        {
            committer.Dispose();
        }

        foreach (IStoreSession session in _sessions)
        {
            session.Dispose();
        }

        _committers = [];
        _sessions = [];
        _store?.Dispose();
        _store = null;
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>400 durable commits of <see cref="Batch"/> rows, spread over <see cref="Threads"/> threads.</summary>
    /// <returns>The commits made.</returns>
    [Benchmark(OperationsPerInvoke = CommitsPerInvocation)]
    public int Commit()
    {
        CommitterThread.RunAll(_committers, _commits);
        return _commits;
    }
}
