using SharpCoreDB.Storage.Tests.Devices;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Durability;

/// <summary>A second process (or a second open in this one) gets a clear Locked error, never a shared, corrupted file.</summary>
public sealed class ExclusiveAccessTests
{
    [Fact]
    public void Database_held_by_another_process_is_locked_for_read_write_and_read_only_opens()
    {
        using var directory = new TempDirectory();
        string path = directory.File("held.scdb");
        using (var child = ChildProcess.Start(path, "FullSync", "1", "1", "1"))
        {
            Assert.True(child.WaitReady(TimeSpan.FromSeconds(120)), child.Errors);
            var writer = Assert.Throws<SharpCoreDBException>(() => WalPageStore.Open(path, new WalStoreOptions()));
            Assert.Equal(SharpCoreDBErrorCode.Locked, writer.ErrorCode);
            Assert.Contains("held.scdb", writer.Message, StringComparison.Ordinal);
            Assert.True(writer.IsTransient);
            var reader = Assert.Throws<SharpCoreDBException>(() => WalPageStore.Open(path, new WalStoreOptions { Durability = new DurabilityOptions { ReadOnly = true } }));
            Assert.Equal(SharpCoreDBErrorCode.Locked, reader.ErrorCode);
            child.Kill();
        }

        // Once the holder is gone (killed, so the lock went with it), the database opens and recovers.
        using WalPageStore store = WalPageStore.Open(path, new WalStoreOptions());
        WalTestKit.AssertIntegrity(store, "after the holder was killed");
    }

    [Fact]
    public void Second_open_in_the_same_process_is_locked_too()
    {
        using var directory = new TempDirectory();
        string path = directory.File("twice.scdb");
        using WalPageStore first = WalPageStore.Open(path, new WalStoreOptions());
        var error = Assert.Throws<SharpCoreDBException>(() => WalPageStore.Open(path, new WalStoreOptions()));
        Assert.Equal(SharpCoreDBErrorCode.Locked, error.ErrorCode);
    }

    [Fact]
    public void Read_only_opens_share_the_database()
    {
        using var directory = new TempDirectory();
        string path = directory.File("shared.scdb");
        using (WalPageStore writer = WalPageStore.Open(path, new WalStoreOptions()))
        {
            Transactions.WalPageStoreTests.AllocateAndFill(writer, 1);
        }

        var readOnly = new WalStoreOptions { Durability = new DurabilityOptions { ReadOnly = true } };
        using WalPageStore one = WalPageStore.Open(path, readOnly);
        using WalPageStore two = WalPageStore.Open(path, readOnly);
        Assert.True(one.IsReadOnly && two.IsReadOnly);
        Assert.Equal(SharpCoreDBErrorCode.Locked, Assert.Throws<SharpCoreDBException>(() => WalPageStore.Open(path, new WalStoreOptions())).ErrorCode);
    }
}
