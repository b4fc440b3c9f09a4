using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.CrashChild;

/// <summary>The crash child's workload (see Program.cs for the protocol); public so the harness can regenerate the values it writes.</summary>
public static class CrashWorkload
{
    public static int Run(string[] args)
    {
        if (args.Length < 4
            || !Enum.TryParse(args[1], ignoreCase: true, out DurabilityMode mode)
            || !int.TryParse(args[2], CultureInfo.InvariantCulture, out int threads)
            || !long.TryParse(args[3], CultureInfo.InvariantCulture, out long firstTxId))
        {
            Console.Error.WriteLine("usage: SharpCoreDB.CrashChild <database> <Legacy|FullSync|Async> <threads> <firstTxId> [rowsPerTx]");
            return 2;
        }

        int rowsPerTx = args.Length > 4 ? int.Parse(args[4], CultureInfo.InvariantCulture) : 4;
        var options = new WalStoreOptions
        {
            Durability = new DurabilityOptions
            {
                Mode = mode,
                CheckpointThreshold = 256 * 1024,
                BusyTimeout = TimeSpan.FromSeconds(60),
            },
        };

        WalPageStore store = WalPageStore.Open(args[0], options);
        uint root = EnsureTree(store);
        Console.Out.WriteLine($"ready {store.VisibleSequence}");
        Console.Out.Flush();
        long nextTxId = firstTxId;
        var workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            int thread = t;
            workers[t] = new Thread(() => Work(store, root, thread, rowsPerTx, ref nextTxId)) { IsBackground = true };
            workers[t].Start();
        }

        foreach (Thread worker in workers)
        {
            worker.Join();
        }

        return 1;
    }

    public static byte[] Key(string prefix, long number, int suffix = -1) =>
        Encoding.ASCII.GetBytes(suffix < 0
            ? string.Create(CultureInfo.InvariantCulture, $"{prefix}{number:D12}")
            : string.Create(CultureInfo.InvariantCulture, $"{prefix}{number:D12}/{suffix:D3}"));

    public static byte[] Value(long txId, int salt, int length)
    {
        byte[] value = new byte[Math.Max(length, 8)];
        // Not HashCode.Combine: it is seeded per process, and the harness regenerates these bytes in another one.
        new Random(unchecked((int)((txId * 1_000_003) ^ (salt * 7919L)))).NextBytes(value);
        BinaryPrimitives.WriteInt64LittleEndian(value, txId);
        return value;
    }

    private static uint EnsureTree(WalPageStore store)
    {
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(60));
        uint root = tx.CatalogRoot;
        if (root == 0)
        {
            root = BTree.Create(tx);
            tx.CatalogRoot = root;
            new BTree(tx, root).Upsert(Key("s", (long)((WalWriteTransaction)tx).CommitSequence), Value(0, -2, 8));
            tx.Commit();
        }

        return root;
    }

    private static void Work(WalPageStore store, uint root, int thread, int rowsPerTx, ref long nextTxId)
    {
        var rng = new Random(thread);
        while (true)
        {
            long txId = Interlocked.Increment(ref nextTxId) - 1;
            ulong sequence;
            using (var tx = (WalWriteTransaction)store.BeginWrite(TimeSpan.FromSeconds(60)))
            {
                var tree = new BTree(tx, root);
                for (int i = 0; i < rowsPerTx; i++)
                {
                    tree.Upsert(Key("r", txId, i), Value(txId, i, 40 + rng.Next(160)));
                }

                int hotLength = rng.Next(4) == 0 ? 3000 + rng.Next(6000) : 20 + rng.Next(100);
                tree.Upsert(Key("h", thread), Value(txId, -1, hotLength));
                sequence = tx.CommitSequence;
                tree.Upsert(Key("s", (long)sequence), Value(txId, -2, 8));
                tx.Commit();
            }

            Console.Out.WriteLine(string.Create(CultureInfo.InvariantCulture, $"c {txId} {sequence}"));
        }
    }
}
