using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Storage.Tests.Kit;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>I/O errors and power loss in the middle of a commit leave the last committed state.</summary>
public sealed class PagerStoreFaultTests
{
    public static TheoryData<bool> Encryption => new() { false, true };

    [Theory]
    [MemberData(nameof(Encryption))]
    public void Failed_write_or_flush_at_any_point_of_a_commit_keeps_the_last_committed_state(bool encrypted)
    {
        using var kit = new PagerTestKit(encrypted ? PagerTestKit.Encrypted() : null);
        Dictionary<uint, int> committed = CommitBaseline(kit);

        // Count the device calls of one clean commit, then fail each of them in turn.
        (int dbWrites, int dbFlushes, int journalWrites, int journalFlushes) = CountCommitCalls(kit);
        Assert.True(dbWrites > 3 && journalWrites > 3 && dbFlushes >= 1 && journalFlushes >= 2, $"{dbWrites} {dbFlushes} {journalWrites} {journalFlushes}");
        var points = new List<(string Device, string Call, int N)>();
        for (int n = 1; n <= dbWrites; n++)
        {
            points.Add(("db", "write", n));
        }

        for (int n = 1; n <= dbFlushes; n++)
        {
            points.Add(("db", "flush", n));
        }

        for (int n = 1; n <= journalWrites; n++)
        {
            points.Add(("journal", "write", n));
        }

        for (int n = 1; n <= journalFlushes; n++)
        {
            points.Add(("journal", "flush", n));
        }

        foreach ((string device, string call, int n) in points)
        {
            string context = $"{call} #{n} of the {device} fails";
            using MemoryStorageDevice database = kit.Database.Clone();
            using MemoryStorageDevice journal = kit.Journal.Clone();
            using var faultyDatabase = new FaultInjectingDevice(database, ownsInner: false, trackPowerLoss: false);
            using var faultyJournal = new FaultInjectingDevice(journal, ownsInner: false, trackPowerLoss: false);
            using (PagerStore store = kit.Open(faultyDatabase, faultyJournal))
            {
                FaultInjectingDevice target = device == "db" ? faultyDatabase : faultyJournal;
                if (call == "write")
                {
                    target.FailWriteAt(target.WriteCount + n);
                }
                else
                {
                    target.FailFlushAt(target.FlushCount + n);
                }

                using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
                ApplyChange(tx);
                var ex = Assert.Throws<SharpCoreDBException>(() => tx.Commit());
                Assert.True(ex.ErrorCode == SharpCoreDBErrorCode.IoError, $"{context}: {ex.ErrorCode}");
                Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => store.BeginWrite(TimeSpan.Zero)).ErrorCode);
                Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => store.BeginRead()).ErrorCode);
            }

            using PagerStore reopened = kit.Open(database, journal);
            if (device == "journal" && call == "flush" && n == journalFlushes)
            {
                // Only retiring the journal failed: the new state is already durable in the database file,
                // and whether the journal's retirement reached the disk decides which state reopens.
                // Either is whole; nothing in between is acceptable.
                Dictionary<uint, int> after = new(committed);
                ExpectedChange(after);
                Dictionary<uint, int> expected = reopened.CommittedPageCount == committed.Count + 1 ? committed : after;
                PagerTestKit.AssertMatches(reopened, expected, context);
                continue;
            }

            PagerTestKit.AssertMatches(reopened, committed, context);
            Assert.Equal((uint)(committed.Count + 1), reopened.CommittedPageCount);
        }
    }

    [Theory]
    [MemberData(nameof(Encryption))]
    public void Power_loss_in_the_middle_of_a_commit_recovers_the_old_state_and_after_it_the_new(bool encrypted)
    {
        const int baseSeed = 5150;
        using var kit = new PagerTestKit(encrypted ? PagerTestKit.Encrypted() : null);
        Dictionary<uint, int> before = CommitBaseline(kit);
        Dictionary<uint, int> after = new(before);
        ExpectedChange(after);
        (int dbWrites, _, int journalWrites, _) = CountCommitCalls(kit);
        int totalWrites = dbWrites + journalWrites;

        int runs = PagerTestKit.Stress ? 3_000 : 60;
        for (int run = 0; run < runs; run++)
        {
            int seed = baseSeed + run;
            var rng = new Random(seed);
            using var faultyDatabase = new FaultInjectingDevice(kit.Database.Clone(), ownsInner: true);
            using var faultyJournal = new FaultInjectingDevice(kit.Journal.Clone(), ownsInner: true);

            // Crash at a random write of the commit (the failed write throws, the commit stops), or not at all.
            int crashAt = rng.Next(1, totalWrites + 2);
            bool crashes = crashAt <= totalWrites;
            using (PagerStore store = kit.Open(faultyDatabase, faultyJournal))
            {
                if (crashes)
                {
                    FaultInjectingDevice target = crashAt <= journalWrites ? faultyJournal : faultyDatabase;
                    int n = crashAt <= journalWrites ? crashAt : crashAt - journalWrites;
                    target.FailWriteAt(target.WriteCount + n, forever: true);
                }

                using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
                ApplyChange(tx);
                if (crashes)
                {
                    Assert.Throws<SharpCoreDBException>(() => tx.Commit());
                }
                else
                {
                    tx.Commit();
                }
            }

            using MemoryStorageDevice database = faultyDatabase.SimulatePowerLoss(rng, PowerLossPolicy.Default);
            using MemoryStorageDevice journal = faultyJournal.SimulatePowerLoss(rng, PowerLossPolicy.Default);
            using PagerStore recovered = kit.Open(database, journal);
            PagerTestKit.AssertMatches(recovered, crashes ? before : after, $"seed {seed}, crash at write {crashAt} of {totalWrites}");
        }
    }

    [Fact]
    public void Read_only_open_of_a_database_with_an_unfinished_commit_is_refused()
    {
        using var kit = new PagerTestKit();
        CommitBaseline(kit);
        using var faultyDatabase = new FaultInjectingDevice(kit.Database, ownsInner: false, trackPowerLoss: false);
        using (PagerStore store = kit.Open(faultyDatabase, kit.Journal))
        {
            faultyDatabase.FailFlushAt(faultyDatabase.FlushCount + 1);
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
            ApplyChange(tx);
            Assert.Throws<SharpCoreDBException>(() => tx.Commit());
        }

        var ex = Assert.Throws<SharpCoreDBException>(() => PagerStore.Open(kit.Database, kit.Journal, new PagerStoreOptions
        {
            File = new PageFileOptions { ReadOnly = true, CreateMode = PageFileCreateMode.OpenExisting },
            LeaveDevicesOpen = true,
        }));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, ex.ErrorCode);
    }

    [Fact]
    public void Journal_of_another_database_is_ignored()
    {
        using var kit = new PagerTestKit();
        using var other = new PagerTestKit();
        Dictionary<uint, int> committed = CommitBaseline(kit);
        CommitBaseline(other);

        // Leave a hot journal in "other" and pair it with kit's database.
        using var faultyDatabase = new FaultInjectingDevice(other.Database, ownsInner: false, trackPowerLoss: false);
        using (PagerStore store = other.Open(faultyDatabase, other.Journal))
        {
            faultyDatabase.FailFlushAt(faultyDatabase.FlushCount + 1);
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
            ApplyChange(tx);
            Assert.Throws<SharpCoreDBException>(() => tx.Commit());
        }

        using PagerStore store2 = kit.Open(kit.Database, other.Journal);
        PagerTestKit.AssertMatches(store2, committed, "foreign journal");
    }

    private static Dictionary<uint, int> CommitBaseline(PagerTestKit kit)
    {
        PagerStoreTests.WritePages(kit, 6);
        return Enumerable.Range(1, 6).ToDictionary(i => (uint)i, i => i);
    }

    // Overwrites pages 2 and 5, allocates two new pages and frees page 4.
    private static void ApplyChange(IWriteTransaction tx)
    {
        foreach (uint pageNumber in new uint[] { 2, 5 })
        {
            using PageLease page = tx.Write(pageNumber);
            PagerTestKit.Fill(page.Writable, pageNumber, 100 + (int)pageNumber);
        }

        for (int i = 0; i < 2; i++)
        {
            using PageLease page = tx.Allocate();
            PagerTestKit.Fill(page.Writable, page.PageNumber, 100 + (int)page.PageNumber);
        }

        tx.Free(4);
    }

    private static void ExpectedChange(Dictionary<uint, int> model)
    {
        model[2] = 102;
        model[5] = 105;
        model[7] = 107;
        model[8] = 108;
        model.Remove(4);
    }

    private static (int DbWrites, int DbFlushes, int JournalWrites, int JournalFlushes) CountCommitCalls(PagerTestKit kit)
    {
        using var database = new FaultInjectingDevice(kit.Database.Clone(), trackPowerLoss: false);
        using var journal = new FaultInjectingDevice(kit.Journal.Clone(), trackPowerLoss: false);
        using PagerStore store = kit.Open(database, journal);
        long w0 = database.WriteCount, f0 = database.FlushCount, jw0 = journal.WriteCount, jf0 = journal.FlushCount;
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            ApplyChange(tx);
            tx.Commit();
        }

        var model = Enumerable.Range(1, 6).ToDictionary(i => (uint)i, i => i);
        ExpectedChange(model);
        PagerTestKit.AssertMatches(store, model, "clean commit");
        return ((int)(database.WriteCount - w0), (int)(database.FlushCount - f0), (int)(journal.WriteCount - jw0), (int)(journal.FlushCount - jf0));
    }
}
