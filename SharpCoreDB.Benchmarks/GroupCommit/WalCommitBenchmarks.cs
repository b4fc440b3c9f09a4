using System.Buffers.Binary;
using System.Runtime.ExceptionServices;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// Small transactions straight on the write-ahead-log store, without SQL: each commit inserts one 100-byte row into
/// a B+tree, from 1, 4 or 16 threads, in each durability mode. Each invocation makes 256 commits split evenly over
/// the threads; figures are per commit, so commits per second = 1 s / Mean. Compare with
/// <see cref="RawSyncBenchmarks"/> from the same run for the disk's own append+fdatasync rate.
/// </summary>
/// <remarks>
/// Allocation per commit (MemoryDiagnoser) counts everything allocated on every thread, the log writer's included:
/// transaction, B+tree handle, queue entry and completion. Page images come from the array pool.
/// </remarks>
[MemoryDiagnoser]
[Config(typeof(CommitJobConfig))]
public class WalCommitBenchmarks
{
    private const int TotalCommits = 256;
    private const int RowLength = 100;

    private BenchmarkDirectory? _directory;
    private WalPageStore? _store;
    private uint _root;
    private Committer[] _committers = [];

    /// <summary>The durability mode.</summary>
    [Params(DurabilityMode.Legacy, DurabilityMode.FullSync, DurabilityMode.Async)]
    public DurabilityMode Mode { get; set; }

    /// <summary>Threads committing at the same time.</summary>
    [Params(1, 4, 16)]
    public int Threads { get; set; }

    /// <summary>Creates the database and the tree.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _directory = BenchmarkDirectory.Create($"wal-commit-{Mode}-{Threads}".ToLowerInvariant());
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
        _committers = [.. Enumerable.Range(0, Threads).Select(t => new Committer(_store, _root, t, rows[t]))];
    }

    /// <summary>Closes the store (final checkpoint) and deletes the folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _store?.Dispose();
        _store = null;
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>256 one-row commits from <see cref="Threads"/> threads.</summary>
    /// <returns>The commits made.</returns>
    [Benchmark(OperationsPerInvoke = TotalCommits)]
    public int Commit()
    {
        Committer[] committers = _committers;
        int perThread = TotalCommits / committers.Length;
        using var start = new Barrier(committers.Length);
        var threads = new Thread[committers.Length];
        for (int t = 0; t < threads.Length; t++)
        {
            Committer committer = committers[t];
            threads[t] = new Thread(() => committer.Run(start, perThread)) { IsBackground = true };
            threads[t].Start();
        }

        foreach (Thread thread in threads)
        {
            thread.Join();
        }

        foreach (Committer committer in committers)
        {
            committer.ThrowIfFailed();
        }

        return TotalCommits;
    }

    /// <summary>One thread's key buffer, row and commit loop.</summary>
    private sealed class Committer(WalPageStore store, uint root, int thread, byte[] row)
    {
        private readonly byte[] _key = new byte[12];
        private long _next;
        private ExceptionDispatchInfo? _failure;

        public void Run(Barrier start, int commits)
        {
            try
            {
                start.SignalAndWait();
                BinaryPrimitives.WriteInt32BigEndian(_key, thread);
                for (int i = 0; i < commits; i++)
                {
                    BinaryPrimitives.WriteInt64BigEndian(_key.AsSpan(4), _next++);
                    using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromMinutes(1));
                    if (!new BTree(tx, root).TryInsert(_key, row))
                    {
                        throw new InvalidOperationException("A fresh key was already in the tree.");
                    }

                    tx.Commit();
                }
            }
            catch (Exception e)
            {
                // Rethrown on the benchmark thread, so a failing store fails the run instead of timing the failure.
                _failure = ExceptionDispatchInfo.Capture(e);
            }
        }

        public void ThrowIfFailed() => _failure?.Throw();
    }
}
