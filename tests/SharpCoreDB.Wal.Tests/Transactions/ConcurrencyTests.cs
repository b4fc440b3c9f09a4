using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.Text;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// Long reader scans see a stable snapshot while a writer commits and checkpoints run (by hand and by themselves).
/// The oracle is the writer's own record of every key's value after each commit.
/// </summary>
public sealed class ConcurrencyTests
{
    private const int Keys = 1500;

    [Theory]
    [InlineData(DurabilityMode.Legacy, 11)]
    [InlineData(DurabilityMode.FullSync, 12)]
    [InlineData(DurabilityMode.Async, 13)]

    // A long flush interval makes large groups, which the log writer merges around the readers' snapshots.
    [InlineData(DurabilityMode.Async, 14, 40)]
    public void Long_scans_see_a_stable_snapshot_while_the_writer_commits_and_checkpoints_run(DurabilityMode mode, int seed, int flushMilliseconds = 2)
    {
        using var kit = new WalTestKit(mode)
        {
            CheckpointThreshold = 96 * 1024,
            CachePages = 48,
            FlushInterval = TimeSpan.FromMilliseconds(flushMilliseconds),
        };
        using WalPageStore store = kit.Open();
        var states = new ConcurrentDictionary<long, Dictionary<int, long>>();
        uint root;
        var state = new Dictionary<int, long>();
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30)))
        {
            root = BTree.Create(tx);
            tx.CatalogRoot = root;
            var tree = new BTree(tx, root);
            for (int key = 0; key < Keys; key += 2)
            {
                tree.Upsert(Key(key), Value(key, 0));
                state[key] = 0;
            }

            tree.Upsert(MetaKey, Value(-1, 0));
            states[0] = new Dictionary<int, long>(state);
            tx.Commit();
        }

        int commits = WalTestKit.Stress ? 2000 : 150;
        using var done = new CancellationTokenSource();
        var errors = new ConcurrentQueue<string>();
        int scans = 0;
        Thread[] readers = [.. Enumerable.Range(0, 2).Select(r => new Thread(() =>
        {
            try
            {
                while (!done.IsCancellationRequested)
                {
                    Scan(store, root, states, seed, errors);
                    Interlocked.Increment(ref scans);
                }
            }
            catch (Exception ex)
            {
                errors.Enqueue($"seed {seed}, reader {r}: {ex}");
            }
        }))];
        foreach (Thread reader in readers)
        {
            reader.Start();
        }

        var rng = new Random(seed);
        try
        {
            for (long version = 1; version <= commits && errors.IsEmpty; version++)
            {
                using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30));
                var tree = new BTree(tx, root);
                for (int i = 0; i < 12; i++)
                {
                    int key = rng.Next(Keys);
                    if (rng.Next(4) == 0 && state.Remove(key))
                    {
                        Assert.True(tree.Delete(Key(key)), $"seed {seed}: key {key} was not there to delete");
                    }
                    else
                    {
                        tree.Upsert(Key(key), Value(key, version));
                        state[key] = version;
                    }
                }

                tree.Upsert(MetaKey, Value(-1, version));

                // Recorded before the commit: a reader that sees this version finds its oracle.
                states[version] = new Dictionary<int, long>(state);
                tx.Commit();
                if (rng.Next(25) == 0)
                {
                    // Async commits may not be on disk yet, and a checkpoint copies only what is.
                    store.Flush();
                    store.Checkpoint();
                }
            }
        }
        finally
        {
            done.Cancel();
            foreach (Thread reader in readers)
            {
                reader.Join();
            }
        }

        Assert.True(errors.IsEmpty, string.Join(Environment.NewLine, errors.Take(5)));
        Assert.True(scans > 0, $"seed {seed}: no scan completed");
        Assert.True(store.BackfilledSequence > 0, $"seed {seed}: no checkpoint ran (durable {store.DurableSequence}, visible {store.VisibleSequence}, log {store.WalSize})");
        Scan(store, root, states, seed, errors);
        Assert.True(errors.IsEmpty, string.Join(Environment.NewLine, errors.Take(5)));
        WalTestKit.AssertIntegrity(store, $"seed {seed}");
    }

    private static ReadOnlySpan<byte> MetaKey => "~meta"u8;

    private static byte[] Key(int key) => Encoding.ASCII.GetBytes($"k{key:D6}");

    private static byte[] Value(int key, long version)
    {
        byte[] value = new byte[16 + ((key & 0xFF) % 7 * 13)];
        BinaryPrimitives.WriteInt64LittleEndian(value, version);
        BinaryPrimitives.WriteInt32LittleEndian(value.AsSpan(8), key);
        return value;
    }

    private static void Scan(WalPageStore store, uint root, ConcurrentDictionary<long, Dictionary<int, long>> states, int seed, ConcurrentQueue<string> errors)
    {
        using IReadTransaction read = store.BeginRead();
        var tree = new BTree(read, root);
        long version = BinaryPrimitives.ReadInt64LittleEndian(tree.Get(MetaKey));
        Dictionary<int, long> expected = states[version];
        int seen = 0;
        using BTreeCursor cursor = tree.OpenCursor();
        for (bool more = cursor.First(); more; more = cursor.MoveNext())
        {
            if (cursor.Key.SequenceEqual(MetaKey))
            {
                continue;
            }

            int key = int.Parse(Encoding.ASCII.GetString(cursor.Key[1..]), System.Globalization.CultureInfo.InvariantCulture);
            byte[] value = cursor.GetValue();
            long written = BinaryPrimitives.ReadInt64LittleEndian(value);
            if (!expected.TryGetValue(key, out long want) || want != written || !value.AsSpan().SequenceEqual(Value(key, written)))
            {
                errors.Enqueue($"seed {seed}: snapshot of version {version} read key {key} as version {written}, expected {(expected.ContainsKey(key) ? want : "absent")}");
                return;
            }

            seen++;
            if (seen % 64 == 0)
            {
                // A long scan: give the writer and the checkpoint time to move on underneath it.
                Thread.Yield();
            }
        }

        if (seen != expected.Count)
        {
            errors.Enqueue($"seed {seed}: snapshot of version {version} saw {seen} keys, expected {expected.Count}");
        }
    }
}
