using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// A snapshot's read-ahead: the pages it loads in the background are the versions the snapshot reads (from the
/// database file or the log, plain or encrypted), a damaged page is still reported by the scan that reaches it, and
/// ending a snapshot while its read-ahead runs never lets a load outlive the versions it reads.
/// </summary>
public sealed class ReadAheadTests
{
    private const int Rows = 4_000;
    private static readonly TimeSpan s_patience = TimeSpan.FromSeconds(30);

    public static TheoryData<bool, string> Layouts => new()
    {
        { false, "file" },
        { false, "log" },
        { false, "mixed" },
        { true, "file" },
        { true, "log" },
        { true, "mixed" },
    };

    [Theory]
    [MemberData(nameof(Layouts))]
    public void Pages_read_ahead_are_the_versions_the_snapshot_reads(bool encrypted, string layout)
    {
        // One store throughout: closing would checkpoint everything into the database file.
        using WalTestKit kit = NewKit(encrypted);
        var model = new Dictionary<long, int>();
        using WalPageStore store = kit.Open();
        Write(store, model, Enumerable.Range(1, Rows).Select(i => (long)i), version: 1);
        if (layout != "log")
        {
            store.Checkpoint();
        }

        if (layout == "mixed")
        {
            // Newer versions of every third leaf's rows sit in the log, the rest only in the database file.
            Write(store, model, Enumerable.Range(1, Rows).Where(i => i / 40 % 3 == 0).Select(i => (long)i), version: 2);
        }

        using WalReadTransaction read = store.BeginSnapshot();
        var tree = new BTree(read, read.CatalogRoot);
        List<uint> leaves = Leaves(read, tree.RootPage, out int interior);
        Assert.True(leaves.Count > 50, $"only {leaves.Count} leaves");

        // Finding the leaves read them (and commits left their pages cached): start cold.
        store.Cache.Clear();

        // Everything read ahead first; then the scan must find every leaf in the cache (only the interior pages are
        // read by the scan itself): a page loaded as another version than the snapshot's would be a miss (or, if
        // served, a wrong row below).
        read.ReadAhead(leaves.ToArray(), inBackground: true);
        WaitUntil(() => read.ReadAheadLoads == leaves.Count, "every leaf to be read ahead");
        long missesBefore = store.Cache.Misses;
        AssertScan(tree, model);
        Assert.Equal(interior, store.Cache.Misses - missesBefore);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_scan_reads_ahead_by_itself_and_sees_every_row(bool encrypted)
    {
        using WalTestKit kit = NewKit(encrypted);
        var model = new Dictionary<long, int>();
        using (WalPageStore store = kit.Open())
        {
            Write(store, model, Enumerable.Range(1, Rows).Select(i => (long)i), version: 1);
            store.Checkpoint();
        }

        using WalPageStore reopened = kit.Open();
        using WalReadTransaction read = reopened.BeginSnapshot();
        AssertScan(new BTree(read, read.CatalogRoot), model);

        // The scan named its later leaves; the background loader gets through them whatever the timing.
        WaitUntil(() => read.ReadAheadLoads > 0, "the scan's read-ahead to load a page");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_warm_scan_of_a_table_the_cache_holds_reads_and_decrypts_nothing(bool encrypted)
    {
        // A page is decrypted only when it is loaded: no device read, no cache miss and no read-ahead load means no
        // page was verified or decrypted again. Plain and encrypted alike, whatever the scan's length.
        using WalTestKit kit = NewKit(encrypted);
        var model = new Dictionary<long, int>();
        ReadCountingDevice counting = WriteRowsAndCountReads(kit, model);
        using WalPageStore reopened = kit.Open();
        using (WalReadTransaction cold = reopened.BeginSnapshot())
        {
            AssertScan(new BTree(cold, cold.CatalogRoot), model);
        }

        for (int round = 0; round < 3; round++)
        {
            int reads = counting.Reads;
            long misses = reopened.Cache.Misses;
            using WalReadTransaction warm = reopened.BeginSnapshot();
            AssertScan(new BTree(warm, warm.CatalogRoot), model);
            Assert.Equal(0, counting.Reads - reads);
            Assert.Equal(0, reopened.Cache.Misses - misses);
            Assert.Equal(0, warm.ReadAheadLoads);
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_short_scan_reads_ahead_in_line_in_runs_and_the_next_snapshot_reuses_the_read_ahead(bool encrypted)
    {
        using WalTestKit kit = NewKit(encrypted);
        var model = new Dictionary<long, int>();
        ReadCountingDevice counting = WriteRowsAndCountReads(kit, model);
        using WalPageStore reopened = kit.Open();
        PageReadAhead? first = null;
        for (int round = 0; round < 2; round++)
        {
            using WalReadTransaction read = reopened.BeginSnapshot();
            var tree = new BTree(read, read.CatalogRoot);
            List<uint> leaves = Leaves(read, tree.RootPage, out _);
            reopened.Cache.Clear();

            // About 15 leaves: a scan that short reads ahead on this thread only, in runs.
            int rows = Rows * 15 / leaves.Count;
            counting.Thread = Environment.CurrentManagedThreadId;
            int before = counting.Reads;
            using (BTreeCursor cursor = tree.OpenCursor())
            {
                long id = 1;
                for (bool on = cursor.First(); on && id <= rows; on = cursor.MoveNext(), id++)
                {
                    Assert.Equal(id, BinaryPrimitives.ReadInt64BigEndian(cursor.Key));
                    Assert.True(cursor.InlineValue.SequenceEqual(Value(id, model[id])), $"round {round}: row {id}");
                }
            }

            int reads = counting.Reads - before;
            counting.Thread = null;
            Assert.True(read.ReadAheadLoads > 0, $"round {round}: the scan read nothing ahead");
            Assert.Equal(0, counting.ReadsElsewhere);
            Assert.True(reads * 2 <= 15, $"round {round}: {reads} device reads for about 15 leaves");

            // The snapshot borrowed the read-ahead the last one handed back.
            first ??= read.ReadAheadInUse;
            Assert.Same(first, read.ReadAheadInUse);
        }
    }

    [Theory]
    [InlineData(false, false)]
    [InlineData(true, false)]
    [InlineData(false, true)]
    [InlineData(true, true)]
    public void A_cold_scan_reads_its_leaves_in_runs_not_one_device_read_per_page(bool encrypted, bool scanOutrunsTheLoad)
    {
        using WalTestKit kit = NewKit(encrypted);
        var model = new Dictionary<long, int>();
        ReadCountingDevice counting = WriteRowsAndCountReads(kit, model);
        using WalPageStore reopened = kit.Open();
        using WalReadTransaction read = reopened.BeginSnapshot();
        var tree = new BTree(read, read.CatalogRoot);
        List<uint> leaves = Leaves(read, tree.RootPage, out _);
        reopened.Cache.Clear();
        int before = counting.Reads;
        if (!scanOutrunsTheLoad)
        {
            // The leaves named at once, as a scan's hints name them: read in runs, each run one device read.
            read.ReadAhead(leaves.ToArray(), inBackground: true);
            WaitUntil(() => read.ReadAheadLoads == leaves.Count, "every leaf to be read ahead");
        }
        else
        {
            // The first leaf read ahead in line lends the snapshot its read-ahead; the others are queued behind it
            // and never started, as when the scan outruns a background load still waiting for a thread-pool thread:
            // the snapshot's own reads take the queued runs.
            read.ReadAhead(leaves.Take(1).ToArray(), inBackground: false);
            PageReadAhead readAhead = read.ReadAheadInUse!;
            foreach (uint leaf in leaves.Skip(1))
            {
                readAhead.Enqueue(leaf, 0, reopened.File, start: false);
            }

            counting.Thread = Environment.CurrentManagedThreadId;
            foreach (uint leaf in leaves)
            {
                using PageLease lease = read.Read(leaf);
                Assert.True(new NodeReader(lease.Data, leaf).IsLeaf, $"page {leaf}");
            }

            counting.Thread = null;
            Assert.Equal(0, counting.ReadsElsewhere);
            Assert.True(readAhead.RunsTakenByReader > 0, "the snapshot took no run from the queue");
        }

        int reads = counting.Reads - before;
        Assert.True(reads * 4 <= leaves.Count, $"{reads} device reads for {leaves.Count} leaves");
        AssertScan(tree, model);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_damaged_leaf_read_ahead_is_still_reported_by_the_scan_that_reaches_it(bool encrypted)
    {
        using WalTestKit kit = NewKit(encrypted);
        var model = new Dictionary<long, int>();
        uint damaged;
        using (WalPageStore store = kit.Open())
        {
            Write(store, model, Enumerable.Range(1, Rows).Select(i => (long)i), version: 1);
            store.Checkpoint();
            using WalReadTransaction read = store.BeginSnapshot();
            damaged = Leaves(read, read.CatalogRoot, out _)[30];
        }

        int pageSize = kit.File.PageSize;
        byte[] one = new byte[1];
        kit.Database.Read(((long)damaged * pageSize) + 100, one);
        one[0] ^= 0x10;
        kit.Database.Write(((long)damaged * pageSize) + 100, one);

        using WalPageStore reopened = kit.Open();
        for (int attempt = 0; attempt < 2; attempt++)
        {
            using WalReadTransaction read = reopened.BeginSnapshot();
            var tree = new BTree(read, read.CatalogRoot);
            var error = Assert.Throws<SharpCoreDBException>(() => AssertScan(tree, model));
            Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
            Assert.Contains($"page {damaged} ", error.Message, StringComparison.Ordinal);
        }

        // Nothing else is affected: the first rows still read.
        using WalReadTransaction after = reopened.BeginSnapshot();
        Assert.NotNull(new BTree(after, after.CatalogRoot).Get(TreeKeys.Of(1)));
    }

    [Fact]
    public void Snapshots_ended_while_reading_ahead_never_disturb_checkpoints_and_log_restarts()
    {
        using WalTestKit kit = NewKit(encrypted: false);
        kit.CachePages = 64;
        var model = new Dictionary<long, int>();
        var random = new Random(20261123);
        using WalPageStore store = kit.Open();
        Write(store, model, Enumerable.Range(1, Rows).Select(i => (long)i), version: 1);
        int rounds = WalTestKit.Stress ? 5_000 : 600;
        for (int round = 0; round < rounds; round++)
        {
            using (WalReadTransaction read = store.BeginSnapshot())
            {
                // Far enough to cross a few leaves, so hints go out; the snapshot ends with loads queued or running.
                using BTreeCursor cursor = new BTree(read, read.CatalogRoot).OpenCursor();
                bool on = cursor.Seek(TreeKeys.Of(random.Next(1, Rows)), BTreeSeek.GreaterOrEqual);
                for (int step = 0; on && step < 120; step++)
                {
                    on = cursor.MoveNext();
                }
            }

            Write(store, model, Enumerable.Range(0, 30).Select(_ => (long)random.Next(1, Rows + 1)), version: round + 2);
            if (round % 3 == 0)
            {
                store.Checkpoint();
            }
        }

        using (WalReadTransaction read = store.BeginSnapshot())
        {
            AssertScan(new BTree(read, read.CatalogRoot), model);
        }

        WalTestKit.AssertIntegrity(store, "after snapshots ended mid read-ahead");
    }

    private static WalTestKit NewKit(bool encrypted) =>
        new(DurabilityMode.FullSync)
        {
            File = encrypted ? WalTestKit.Encrypted() : new PageFileOptions(),
            AutoCheckpoint = false,
            CachePages = 1024,
        };

    // Rows 1..Rows checkpointed into the database file, whose reads are then counted.
    private static ReadCountingDevice WriteRowsAndCountReads(WalTestKit kit, Dictionary<long, int> model)
    {
        using (WalPageStore store = kit.Open())
        {
            Write(store, model, Enumerable.Range(1, Rows).Select(i => (long)i), version: 1);
            store.Checkpoint();
        }

        var counting = new ReadCountingDevice(kit.Database);
        kit.Database = counting;
        return counting;
    }

    // Rows as key → (version, 100-byte value derived from both), in one transaction.
    private static void Write(WalPageStore store, Dictionary<long, int> model, IEnumerable<long> ids, int version)
    {
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30));
        uint root = tx.CatalogRoot;
        if (root == 0)
        {
            root = BTree.Create(tx);
            tx.CatalogRoot = root;
        }

        var tree = new BTree(tx, root);
        foreach (long id in ids)
        {
            tree.Upsert(TreeKeys.Of(id), Value(id, version));
            model[id] = version;
        }

        tx.Commit();
    }

    private static void AssertScan(BTree tree, Dictionary<long, int> model)
    {
        using BTreeCursor cursor = tree.OpenCursor();
        long expected = 1;
        for (bool on = cursor.First(); on; on = cursor.MoveNext())
        {
            long id = BinaryPrimitives.ReadInt64BigEndian(cursor.Key);
            Assert.Equal(expected, id);
            Assert.Equal(Value(id, model[id]), cursor.GetValue());
            expected++;
        }

        Assert.Equal(model.Count + 1, expected);
    }

    private static List<uint> Leaves(IPageTransaction tx, uint root, out int interior)
    {
        var leaves = new List<uint>();
        int interiorPages = 0;
        Walk(root);
        interior = interiorPages;
        return leaves;

        void Walk(uint page)
        {
            uint[] children;
            using (PageLease lease = tx.Read(page))
            {
                var node = new NodeReader(lease.Data, page);
                if (node.IsLeaf)
                {
                    leaves.Add(page);
                    return;
                }

                interiorPages++;
                children = new uint[node.Count + 1];
                for (int i = 0; i < children.Length; i++)
                {
                    children[i] = node.Child(i);
                }
            }

            foreach (uint child in children)
            {
                Walk(child);
            }
        }
    }

    private static void WaitUntil(Func<bool> condition, string what)
    {
        DateTime deadline = DateTime.UtcNow + s_patience;
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, $"timed out waiting for {what}");
            Thread.Sleep(1);
        }
    }

    private static byte[] Value(long id, int version)
    {
        byte[] value = new byte[100];
        for (int i = 0; i < value.Length; i++)
        {
            value[i] = (byte)((id * 31) + (version * 7) + i);
        }

        return value;
    }
}
