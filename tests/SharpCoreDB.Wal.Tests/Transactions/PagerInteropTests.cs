using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Devices;
using SharpCoreDB.Storage.Tests.Faults;
using SharpCoreDB.Storage.Tests.Kit;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>The same file written by the pager store (rollback journal) and then opened with the log.</summary>
public sealed class PagerInteropTests
{
    [Fact]
    public void Hot_rollback_journal_is_rolled_back_before_the_log_store_opens_the_file()
    {
        using var directory = new TempDirectory();
        string path = directory.File("interop.scdb");
        var database = new FaultInjectingDevice(new MemoryStorageDevice(path), trackPowerLoss: false);
        var journal = new MemoryStorageDevice(path + RollbackJournal.FileSuffix);
        uint page;
        using (PagerStore pager = PagerStore.Open(database, journal, new PagerStoreOptions { LeaveDevicesOpen = true }))
        {
            using (IWriteTransaction tx = pager.BeginWrite(TimeSpan.FromSeconds(5)))
            {
                using PageLease lease = tx.Allocate();
                page = lease.PageNumber;
                WalTestKit.Fill(lease.Writable, page, 1);
                tx.Commit();
            }

            // The next commit makes its journal hot, then fails writing the database file half-way.
            database.FailWriteAt(database.WriteCount + 1, forever: true);
            using IWriteTransaction failing = pager.BeginWrite(TimeSpan.FromSeconds(5));
            using (PageLease lease = failing.Write(page))
            {
                WalTestKit.Fill(lease.Writable, page, 2);
            }

            Assert.Throws<SharpCoreDBException>(failing.Commit);
        }

        // The files as the crash left them, database garbled where the failed write would have gone.
        byte[] image = new byte[database.Inner.Length];
        database.Inner.Read(0, image);
        image.AsSpan((int)(page * 4096), 100).Fill(0xEE);
        File.WriteAllBytes(path, image);
        byte[] journalBytes = new byte[journal.Length];
        journal.Read(0, journalBytes);
        Assert.True(journalBytes.Length > 0);
        File.WriteAllBytes(path + RollbackJournal.FileSuffix, journalBytes);

        using WalPageStore store = WalPageStore.Open(path, new WalStoreOptions());
        using IReadTransaction read = store.BeginRead();
        using PageLease back = read.Read(page);
        WalTestKit.AssertPage(back.Data, page, 1, "after the journal rollback");
    }
}
