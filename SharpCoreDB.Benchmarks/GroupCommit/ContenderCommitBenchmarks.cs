using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// The group-commit suite's main job: durable commits of <see cref="Batch"/> rows each (about 100 bytes a row) from
/// 1, 4, 16 or 50 threads at once, every thread with its own session (for the SQL engines its own connection), for
/// every <see cref="Contenders.Contender"/>. Each invocation makes 400 commits in all, split evenly over the threads,
/// except in the cases where 400 would take seconds (<see cref="TakesFewCommits"/>: 50); figures are per commit
/// (OperationsPerInvoke, exact either way), so commits per second = 1 s / Mean, and Mean against Threads at one batch
/// size is the scaling curve the summary draws.
/// </summary>
/// <remarks>
/// <para>
/// Each thread inserts its own ascending keys, so concurrent commits write different leaves. A batch larger than one
/// row is one explicit transaction. Committer threads live across invocations (see <see cref="CommitterThread"/>).
/// </para>
/// <para>
/// BenchmarkDotNet fixes OperationsPerInvoke per method, so the two invocation sizes are two methods shown under one
/// name (<c>Commit</c>), and <see cref="ContenderCommitConfig"/>'s filter runs exactly one of them in each case.
/// </para>
/// </remarks>
[Config(typeof(ContenderCommitConfig))]
public class ContenderCommitBenchmarks
{
    /// <summary>Commits per invocation in most cases: split evenly over 1, 4, 16 and 50 threads.</summary>
    public const int CommitsPerInvocation = 400;

    /// <summary>Commits per invocation where 400 would take seconds (<see cref="TakesFewCommits"/>): at least one per thread.</summary>
    public const int FewCommitsPerInvocation = 50;

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

    /// <summary>
    /// True for the cases that make <see cref="FewCommitsPerInvocation"/> commits per invocation: those where 400
    /// took seconds in the published run, so that a run with warm-ups and ten iterations would spend minutes on each.
    /// SQLite's file contenders at 50 threads (about 11 and 32 ms a commit: its writers queue for one lock and back off
    /// in the busy handler), every contender at 1,000 rows a commit (5 to 39 ms), LiteDB from 100 rows (3 to 4 ms).
    /// </summary>
    /// <param name="contender">The contender.</param>
    /// <param name="threads">The committing threads.</param>
    /// <param name="batch">Rows per commit.</param>
    /// <returns>Whether the case makes few commits per invocation.</returns>
    public static bool TakesFewCommits(Contender contender, int threads, int batch) =>
        batch >= 1000
        || (threads >= 50 && contender is Contender.SQLite_WAL_Full or Contender.SQLite_Rollback)
        || (batch >= 100 && ContenderFacts.IsLiteDb(contender));

    /// <summary>Creates the database and one session and committer thread per client.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _commits = BenchScale.Operations(TakesFewCommits(Contender, Threads, Batch) ? FewCommitsPerInvocation : CommitsPerInvocation, Threads);
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

    /// <summary>
    /// 50 durable commits of <see cref="Batch"/> rows, spread over <see cref="Threads"/> threads (as evenly as they go):
    /// <see cref="Commit"/> for the cases of <see cref="TakesFewCommits"/>, shown under the same name.
    /// </summary>
    /// <returns>The commits made.</returns>
    [Benchmark(OperationsPerInvoke = FewCommitsPerInvocation, Description = nameof(Commit))]
    public int CommitFew()
    {
        CommitterThread.RunAll(_committers, _commits);
        return _commits;
    }
}
