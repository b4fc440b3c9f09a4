using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Durability;

/// <summary>
/// The Nth write or flush of the log or of the database file fails, once or forever: the commit (or checkpoint)
/// that hit it reports failure, the store refuses writes from then on, nothing acknowledged is lost, and the
/// database reopens (from the files as they are, and from what a power loss right after would leave).
/// </summary>
public sealed class IoErrorTests
{
    public enum Target
    {
        LogWrite,
        LogFlush,
        DatabaseWrite,
        DatabaseFlush,
    }

    public static TheoryData<DurabilityMode, Target, bool> Cases()
    {
        var data = new TheoryData<DurabilityMode, Target, bool>();
        foreach (DurabilityMode mode in Enum.GetValues<DurabilityMode>())
        {
            foreach (Target target in Enum.GetValues<Target>())
            {
                data.Add(mode, target, false);
                data.Add(mode, target, true);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Failed_write_or_flush_fails_the_commit_loses_nothing_acknowledged_and_the_database_reopens(DurabilityMode mode, Target target, bool forever)
    {
        for (int n = 1; n <= 8; n++)
        {
            RunOnce(mode, target, forever, n);
        }
    }

    [Fact]
    public void Corrupt_frame_inside_the_synced_log_fails_the_open()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        for (int version = 1; version <= 4; version++)
        {
            Transactions.WalPageStoreTests.AllocateAndFill(store, version);
        }

        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();

        // Damage the page image of the first frame: three synced commits follow it.
        byte[] one = new byte[1];
        long at = SharpCoreDB.Wal.Format.WalHeader.SizeOf + SharpCoreDB.Wal.Format.WalFrameHeader.SizeOf + 200;
        wal.Read(at, one);
        one[0] ^= 0x01;
        wal.Write(at, one);
        kit.Database = database;
        kit.Wal = wal;
        var error = Assert.Throws<SharpCoreDBException>(() => kit.Open());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains("test.scdb-wal", error.Message, StringComparison.Ordinal);
    }

    private static void RunOnce(DurabilityMode mode, Target target, bool forever, int n)
    {
        string context = $"{mode}, {target}, n {n}, forever {forever}";
        var database = new FaultInjectingDevice(new MemoryStorageDevice("io.scdb"), trackPowerLoss: true);
        var wal = new FaultInjectingDevice(new MemoryStorageDevice("io.scdb-wal"), trackPowerLoss: true);
        using var kit = new WalTestKit(mode) { Database = database, Wal = wal, AutoCheckpoint = false };
        var states = new List<Dictionary<uint, int>> { new() };
        WalPageStore store = kit.Open();
        FaultInjectingDevice device = target is Target.LogWrite or Target.LogFlush ? wal : database;
        if (target is Target.LogWrite or Target.DatabaseWrite)
        {
            device.FailWriteAt(device.WriteCount + n, forever);
        }
        else
        {
            device.FailFlushAt(device.FlushCount + n, forever);
        }

        int acknowledged = 0;
        SharpCoreDBException? failure = null;
        for (int c = 1; c <= 80 && failure is null; c++)
        {
            var state = new Dictionary<uint, int>(states[^1]);
            try
            {
                using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30));
                using (PageLease page = tx.Allocate())
                {
                    WalTestKit.Fill(page.Writable, page.PageNumber, c);
                    state[page.PageNumber] = c;
                }

                states.Add(state);
                tx.Commit();
                if (mode == DurabilityMode.Async)
                {
                    // One write and one sync per commit, so the Nth write or sync is a known commit's.
                    store.Flush();
                }

                acknowledged = c;
                if (c % 4 == 0)
                {
                    store.Checkpoint();
                }
            }
            catch (SharpCoreDBException ex)
            {
                failure = ex;
            }
        }

        Assert.True(failure is not null, $"no failure surfaced; {context}");
        Assert.True(failure.ErrorCode is SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DatabaseFailed, $"{failure.ErrorCode}: {failure.Message}; {context}");
        bool logFailure = target is Target.LogWrite or Target.LogFlush;
        if (logFailure && failure.ErrorCode == SharpCoreDBErrorCode.IoError)
        {
            // The frames may be on disk though the write or sync failed: the error must not claim "not committed".
            // Only a commit queued behind the failure (never written) or a failed log restart says otherwise.
            Assert.True(
                failure.Message.Contains("may or may not be durable", StringComparison.Ordinal)
                    || failure.Message.Contains("was queued behind a failed write", StringComparison.Ordinal)
                    || failure.Message.Contains("Restarting the write-ahead log", StringComparison.Ordinal),
                $"{failure.Message}; {context}");
        }

        var refused = Assert.Throws<SharpCoreDBException>(() => store.BeginWrite(TimeSpan.FromSeconds(1)));
        Assert.True(refused.ErrorCode == SharpCoreDBErrorCode.DatabaseFailed, $"{refused.ErrorCode}; {context}");
        store.Dispose();

        // What a power loss right now would leave, then the files as they are (faults cleared).
        MemoryStorageDevice lostDatabase = database.SimulatePowerLoss(new Random(n), PowerLossPolicy.DropAll);
        MemoryStorageDevice lostWal = wal.SimulatePowerLoss(new Random(n), PowerLossPolicy.DropAll);
        database.ClearFaults();
        wal.ClearFaults();
        foreach ((IStorageDevice db, IStorageDevice log, string which) in new[] { ((IStorageDevice)lostDatabase, (IStorageDevice)lostWal, "after power loss"), (database, wal, "as left") })
        {
            kit.Database = db;
            kit.Wal = log;
            using WalPageStore reopened = kit.Open();
            using var read = reopened.BeginSnapshot();
            int k = (int)read.PageCount - 1;

            // The possible outcomes, pinned: a failed log sync leaves the failed commit's frames in the file (the
            // device kept the write), so reopening the files as they are finds it, and a power loss right after
            // drops it; a failed log write may have come after the frames (the file's growth), so as left the commit
            // may be there or not, and after a power loss it is not; a failed database write or sync hits a
            // checkpoint, after the last commit was acknowledged.
            bool asLeft = which == "as left";
            bool ok = target switch
            {
                Target.LogFlush when asLeft && failure.Message.Contains("may or may not be durable", StringComparison.Ordinal) => k == acknowledged + 1,
                Target.LogWrite when asLeft => k == acknowledged || k == acknowledged + 1,
                _ => k == acknowledged,
            };
            Assert.True(ok, $"{which}: recovered {k} commits ({acknowledged} acknowledged, {states.Count - 1} attempted); {context}");
            WalTestKit.AssertMatches(read, states[k], $"{which}; {context}");
        }
    }
}
