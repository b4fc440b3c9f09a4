using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Tests.Transactions;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Recovery;

/// <summary>
/// A crash while a database is being created leaves its header page torn and its log empty: nothing was ever
/// committed, so the next open starts from an empty database. Anything else is never discarded.
/// </summary>
public sealed class UnfinishedCreationTests
{
    [Theory]
    [InlineData(512)]
    [InlineData(2048)]
    [InlineData(4096)]
    [InlineData(0)]
    public void A_header_page_torn_during_creation_beside_an_empty_log_opens_as_a_new_database(int keptBytes)
    {
        byte[] header = FreshHeaderPage();
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        kit.Database = new MemoryStorageDevice("test.scdb");
        if (keptBytes == 0)
        {
            kit.Database.Write(0, new byte[4096]);
        }
        else
        {
            // The first sectors kept; a whole page kept but for its last sector, which never reached the disk.
            byte[] torn = header.AsSpan(0, keptBytes).ToArray();
            if (keptBytes == header.Length)
            {
                torn.AsSpan(header.Length - 512).Clear();
            }

            kit.Database.Write(0, torn);
        }

        kit.Wal = new MemoryStorageDevice("test.scdb-wal");
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        using IReadTransaction read = store.BeginRead();
        using PageLease lease = read.Read(page);
        WalTestKit.AssertPage(lease.Data, page, 1, "new database after an unfinished creation");
    }

    [Theory]
    [InlineData(0)]
    [InlineData(4096)]
    public void A_read_only_open_of_an_unfinished_creation_reports_it_and_a_read_write_open_starts_over(int zeroBytes)
    {
        // What a kill during creation leaves on disk: the file created, its header page not yet written (or written
        // as zeros), no log. A read-only open may not repair it, so it reports it and changes nothing.
        using var directory = new SharpCoreDB.Storage.Tests.Devices.TempDirectory();
        string path = directory.File("created.scdb");
        File.WriteAllBytes(path, new byte[zeroBytes]);
        var readOnly = new WalStoreOptions { Durability = new DurabilityOptions { Mode = DurabilityMode.FullSync, ReadOnly = true } };
        var error = Assert.Throws<SharpCoreDBException>(() => WalPageStore.Open(path, readOnly).Dispose());
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, error.ErrorCode);
        Assert.Equal(zeroBytes, new FileInfo(path).Length);

        var readWrite = new WalStoreOptions { Durability = new DurabilityOptions { Mode = DurabilityMode.FullSync } };
        using (WalPageStore store = WalPageStore.Open(path, readWrite))
        {
            using WalReadTransaction read = store.BeginSnapshot();
            Assert.Equal(0u, read.CatalogRoot);
        }

        // Created now: the read-only open succeeds.
        using WalPageStore again = WalPageStore.Open(path, readOnly);
    }

    [Fact]
    public void A_torn_header_page_beside_a_started_log_is_not_discarded()
    {
        byte[] header = FreshHeaderPage();
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        kit.Database = new MemoryStorageDevice("test.scdb");
        kit.Database.Write(0, header.AsSpan(0, 1024));
        kit.Wal = new MemoryStorageDevice("test.scdb-wal");
        kit.Wal.Write(0, new byte[80]);
        var error = Assert.Throws<SharpCoreDBException>(() => kit.Open().Dispose());
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, error.ErrorCode);
        Assert.Equal(1024, kit.Database.Length);
    }

    [Fact]
    public void A_file_that_is_not_a_database_is_never_overwritten()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        kit.Database = new MemoryStorageDevice("notes.txt");
        byte[] text = "these are my notes, not a database"u8.ToArray();
        kit.Database.Write(0, text);
        kit.Wal = new MemoryStorageDevice("notes.txt-wal");
        var error = Assert.Throws<SharpCoreDBException>(() => kit.Open().Dispose());
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, error.ErrorCode);
        byte[] after = new byte[kit.Database.Length];
        kit.Database.Read(0, after);
        Assert.Equal(text, after);
    }

    private static byte[] FreshHeaderPage()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        kit.Open().Dispose();
        byte[] page = new byte[4096];
        kit.Database.Read(0, page);
        return page;
    }
}
