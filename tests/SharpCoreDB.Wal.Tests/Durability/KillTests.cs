using System.Buffers.Binary;
using System.Text;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Tests.Devices;
using SharpCoreDB.Wal.Tests.Support;
using Xunit.Abstractions;

namespace SharpCoreDB.Wal.Tests.Durability;

/// <summary>
/// The kill -9 harness: a child process commits from 8 threads and prints each transaction only after its commit
/// returned; it is killed at a random moment and the database is reopened and checked. 17 cycles per mode in CI
/// (51 in all); SHARPCOREDB_STRESS=1 runs 1,000 per mode.
/// </summary>
public sealed class KillTests(ITestOutputHelper output)
{
    private const int RowsPerTx = 3;
    private const int CyclesPerDatabase = 50;

    [Theory]
    [InlineData(DurabilityMode.Legacy, 101)]
    [InlineData(DurabilityMode.FullSync, 202)]
    [InlineData(DurabilityMode.Async, 303)]
    public void Killed_child_leaves_every_acknowledged_commit_whole_and_the_database_intact(DurabilityMode mode, int seed)
    {
        int cycles = WalTestKit.Stress ? 1000 : 17;
        var rng = new Random(seed);
        using var directory = new TempDirectory();
        string path = directory.File("kill.scdb");

        // Every acknowledged (txId → sequence) still expected in the database, across cycles.
        var acknowledged = new Dictionary<ulong, long>();
        long printed = 0;
        for (int cycle = 0; cycle < cycles; cycle++)
        {
            if (cycle > 0 && cycle % CyclesPerDatabase == 0)
            {
                // Long runs start over now and then: every check reads the whole database, which only grows.
                path = directory.File($"kill-{cycle}.scdb");
                acknowledged.Clear();
            }

            string context = $"seed {seed}, {mode}, cycle {cycle}, {Path.GetFileName(path)}";
            long firstTxId = ((long)cycle + 1) * 10_000_000;
            using (var child = ChildProcess.Start(path, mode.ToString(), "8", firstTxId.ToString(System.Globalization.CultureInfo.InvariantCulture), RowsPerTx.ToString(System.Globalization.CultureInfo.InvariantCulture)))
            {
                if (rng.Next(6) == 0)
                {
                    // Sometimes kill it while it is still opening (and perhaps recovering).
                    Thread.Sleep(rng.Next(300));
                }
                else
                {
                    Assert.True(child.WaitReady(TimeSpan.FromSeconds(120)), $"the child never became ready; {context}: {child.Errors}");
                    Thread.Sleep(rng.Next(20, 250));
                }

                child.Kill();
                Assert.True(child.Errors.Length == 0, $"the child reported errors; {context}: {child.Errors}");
                foreach ((long txId, ulong sequence) in child.Commits())
                {
                    acknowledged[sequence] = txId;
                    printed++;
                }
            }

            bool readOnly = cycle % 3 == 2;
            Verify(path, mode, readOnly, acknowledged, context);
        }

        output.WriteLine($"{mode}: {cycles} kills, {printed} commits acknowledged, {acknowledged.Count} in the database at the end");

        // A harness whose child never got a commit through would prove nothing.
        Assert.True(printed > 0, $"no commit was ever acknowledged; seed {seed}");
    }

    // The shape a crash during creation leaves: a database file of at most one page (the largest page size) beside a
    // missing or empty log. A finished creation has a log header, and every later state a longer file or a log.
    private static bool IsUnfinishedCreation(string path)
    {
        string walPath = path + WalStoreOptions.WalSuffix;
        return new FileInfo(path).Length <= DatabaseHeader.MaxPageSize && (!File.Exists(walPath) || new FileInfo(walPath).Length == 0);
    }

    private static void Verify(string path, DurabilityMode mode, bool readOnly, Dictionary<ulong, long> acknowledged, string context)
    {
        if (!File.Exists(path))
        {
            // Killed before the database file was even created.
            Assert.True(acknowledged.Count == 0, context);
            return;
        }

        if (readOnly && IsUnfinishedCreation(path))
        {
            // Killed while the database was being created (FILE_FORMAT.md, recovery step 7: a header page not yet
            // synced beside an empty log). Nothing can have been committed; a read-only open changes nothing and
            // reports the file for what it is, and the next read-write open starts again from an empty file.
            Assert.True(acknowledged.Count == 0, $"{acknowledged.Count} commits acknowledged before the database existed; {context}");
            var readOnlyOptions = new WalStoreOptions { Durability = new DurabilityOptions { Mode = mode, ReadOnly = true } };
            SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => WalPageStore.Open(path, readOnlyOptions).Dispose());
            Assert.True(error.ErrorCode is SharpCoreDBErrorCode.NotADatabase or SharpCoreDBErrorCode.Corrupt, $"{error.ErrorCode}: {error.Message}; {context}");
            readOnly = false;
        }

        var options = new WalStoreOptions { Durability = new DurabilityOptions { Mode = mode, ReadOnly = readOnly } };
        using WalPageStore store = WalPageStore.Open(path, options);
        WalTestKit.AssertIntegrity(store, context);
        using var read = store.BeginSnapshot();
        uint root = read.CatalogRoot;
        if (root == 0)
        {
            // Not even the tree's creation survived: only Async may have acknowledged anything by then.
            Assert.True(mode == DurabilityMode.Async || acknowledged.Count == 0, $"{acknowledged.Count} acknowledged commits lost; {context}");
            acknowledged.Clear();
            return;
        }

        var rowsByTx = new Dictionary<long, int>();
        var txBySequence = new SortedDictionary<ulong, long>();
        var hot = new List<long>();
        using (BTreeCursor cursor = new BTree(read, root).OpenCursor())
        {
            for (bool more = cursor.First(); more; more = cursor.MoveNext())
            {
                string key = Encoding.ASCII.GetString(cursor.Key);
                byte[] value = cursor.GetValue();
                long txId = BinaryPrimitives.ReadInt64LittleEndian(value);
                switch (key[0])
                {
                    case 'r':
                        long rowTx = long.Parse(key.AsSpan(1, 12), provider: System.Globalization.CultureInfo.InvariantCulture);
                        int row = int.Parse(key.AsSpan(14, 3), provider: System.Globalization.CultureInfo.InvariantCulture);
                        Assert.True(rowTx == txId && value.AsSpan().SequenceEqual(SharpCoreDB.CrashChild.CrashWorkload.Value(txId, row, value.Length)), $"row {key} holds wrong bytes; {context}");
                        rowsByTx[txId] = rowsByTx.GetValueOrDefault(txId) + 1;
                        break;
                    case 's':
                        txBySequence.Add(ulong.Parse(key.AsSpan(1), provider: System.Globalization.CultureInfo.InvariantCulture), txId);
                        break;
                    case 'h':
                        Assert.True(value.AsSpan().SequenceEqual(SharpCoreDB.CrashChild.CrashWorkload.Value(txId, -1, value.Length)), $"hot row {key} holds wrong bytes; {context}");
                        hot.Add(txId);
                        break;
                    default:
                        Assert.Fail($"unexpected key {key}; {context}");
                        break;
                }
            }
        }

        // Whole transactions only: every committed transaction has all its rows, and no row lacks its commit.
        var committed = new HashSet<long>(txBySequence.Values);
        foreach ((long txId, int rows) in rowsByTx)
        {
            Assert.True(committed.Contains(txId), $"transaction {txId} left {rows} rows but no commit record; {context}");
            Assert.True(rows == RowsPerTx, $"transaction {txId} is partial: {rows} of {RowsPerTx} rows; {context}");
        }

        foreach ((ulong sequence, long txId) in txBySequence)
        {
            Assert.True(txId == 0 || rowsByTx.ContainsKey(txId), $"transaction {txId} (sequence {sequence}) has no rows; {context}");
        }

        Assert.All(hot, txId => Assert.True(committed.Contains(txId), $"hot row written by uncommitted transaction {txId}; {context}"));

        // A gap-free prefix of the commit order, in every mode.
        ulong expected = 1;
        foreach (ulong sequence in txBySequence.Keys)
        {
            Assert.True(sequence == expected, $"commit sequence {expected} is missing but {sequence} survived; {context}");
            expected++;
        }

        ulong last = expected - 1;
        foreach ((ulong sequence, long txId) in acknowledged)
        {
            if (sequence <= last)
            {
                Assert.True(txBySequence[sequence] == txId, $"sequence {sequence} holds transaction {txBySequence[sequence]}, acknowledged as {txId}; {context}");
            }
            else
            {
                // Only Async may lose an acknowledged commit, and only from the end of the commit order.
                Assert.True(mode == DurabilityMode.Async, $"acknowledged transaction {txId} (sequence {sequence}) is lost; last surviving {last}; {context}");
            }
        }

        foreach (ulong lost in acknowledged.Keys.Where(s => s > last).ToList())
        {
            acknowledged.Remove(lost);
        }
    }
}
