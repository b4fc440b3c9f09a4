using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// Small transactions straight on the write-ahead-log store, without SQL: each commit inserts one 100-byte row into
/// a B+tree, from 1, 4 or 16 threads, in each durability mode, with per-thread or shared ascending keys
/// (<see cref="CommitKeys"/>). Each invocation makes 1,024 commits split evenly over the threads; figures are per
/// commit, so commits per second = 1 s / Mean. Compare with <see cref="RawSyncBenchmarks"/> from the same run for the
/// disk's own append+fdatasync rate.
/// </summary>
/// <remarks>
/// <para>
/// The key order decides what a group commit writes: with <see cref="CommitKeys.PerThread"/> keys a group of 16
/// commits writes 16 leaves (about 66 KB), with <see cref="CommitKeys.Shared"/> keys it writes the one leaf they all
/// append to. One thread writes one leaf per commit either way.
/// </para>
/// <para>
/// Allocation per commit (MemoryDiagnoser) counts everything allocated on every thread, the log writer's included:
/// transaction, B+tree handle, queue entry and completion. Page images come from the array pool.
/// </para>
/// </remarks>
[MemoryDiagnoser]
[Config(typeof(CommitJobConfig))]
public class WalCommitBenchmarks
{
    private const int TotalCommits = 1024;
    private const int RowLength = 100;

    private BenchmarkDirectory? _directory;
    private WalPageStore? _store;
    private uint _root;
    private CommitterThread[] _committers = [];

    /// <summary>The durability mode.</summary>
    [Params(DurabilityMode.Legacy, DurabilityMode.FullSync, DurabilityMode.Async)]
    public DurabilityMode Mode { get; set; }

    /// <summary>Threads committing at the same time.</summary>
    [Params(1, 4, 16)]
    public int Threads { get; set; }

    /// <summary>Whose keys each commit inserts.</summary>
    [Params(CommitKeys.PerThread, CommitKeys.Shared)]
    public CommitKeys Keys { get; set; }

    /// <summary>Creates the database and the tree.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _directory = BenchmarkDirectory.Create($"wal-commit-{Mode}-{Threads}-{Keys}".ToLowerInvariant());
        _store = WalPageStore.Open(_directory.File("commit.scdb"), new WalStoreOptions
        {
            Durability = new DurabilityOptions { Mode = Mode, BusyTimeout = TimeSpan.FromMinutes(1) },
        });
        using (IWriteTransaction tx = _store.BeginWrite(TimeSpan.FromMinutes(1)))
        {
            _root = BTree.Create(tx);
            tx.CatalogRoot = _root;
            tx.Commit();
        }

        byte[][] rows = BenchmarkRows.Payloads(Threads, RowLength, seed: 5);
        var shared = new StrongBox<long>();
        _committers = [.. Enumerable.Range(0, Threads).Select(t => new CommitterThread(CommitOneRow(_store, _root, t, rows[t], Keys == CommitKeys.Shared ? shared : null), $"committer {t}"))];
    }

    /// <summary>Closes the store (final checkpoint) and deletes the folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (CommitterThread committer in _committers)
        {
            committer.Dispose();
        }

        _committers = [];
        if (_store is not null)
        {
            // Group commit at work, independent of how fast the disk happened to be during the run.
            (long syncs, long commits) = _store.LogSyncs;
            Console.WriteLine($"// {Mode}, {Threads} thread(s), {Keys} keys: {commits} commits in {syncs} log syncs, {(syncs == 0 ? 0 : (double)commits / syncs):F1} commits per sync, log {_store.WalSize} bytes, backfilled to {_store.BackfilledSequence}");
        }

        _store?.Dispose();
        _store = null;
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>1,024 one-row commits from <see cref="Threads"/> threads.</summary>
    /// <returns>The commits made.</returns>
    [Benchmark(OperationsPerInvoke = TotalCommits)]
    public int Commit()
    {
        // Fewer only in tiny mode (the rot test), where figures do not matter.
        int commits = BenchScale.Operations(TotalCommits, _committers.Length);
        CommitterThread.RunAll(_committers, commits);
        return commits;
    }

    // One thread's commit: insert the next key with its row, and commit. Per-thread keys are (thread number, the
    // thread's counter); shared keys are (0, the shared counter), taken under the writer slot so they ascend in
    // commit order.
    private static Action CommitOneRow(WalPageStore store, uint root, int thread, byte[] row, StrongBox<long>? shared)
    {
        byte[] key = new byte[12];
        BinaryPrimitives.WriteInt32BigEndian(key, shared is null ? thread : 0);
        long next = 0;
        return () =>
        {
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromMinutes(1));
            BinaryPrimitives.WriteInt64BigEndian(key.AsSpan(4), shared is null ? next++ : shared.Value++);
            if (!new BTree(tx, root).TryInsert(key, row))
            {
                throw new InvalidOperationException("A fresh key was already in the tree.");
            }

            tx.Commit();
        };
    }
}
