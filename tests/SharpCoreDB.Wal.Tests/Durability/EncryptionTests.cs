using System.Text;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Devices;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests.Durability;

/// <summary>With a password, neither the database file nor its log ever holds the plaintext of a key or value.</summary>
public sealed class EncryptionTests
{
    private static readonly byte[] s_canary = Encoding.ASCII.GetBytes("CANARY-7f3a9c-SECRET");

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    [InlineData(DurabilityMode.Async)]
    public void Encrypted_database_and_log_hold_no_plaintext_at_any_stage(DurabilityMode mode)
    {
        using var kit = new WalTestKit(mode) { File = WalTestKit.Encrypted(), AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        WriteCanaries(store, 0, 200);
        store.Flush();
        // Several pages' frames (the writer may merge commits, so not one per commit).
        Assert.True(kit.Wal.Length > WalHeader.SizeOf + 8192, "the log should hold the frames");
        AssertNoCanary(kit.Database, "database, frames only in the log");
        AssertNoCanary(kit.Wal, "log before checkpoint");

        store.Checkpoint();
        WriteCanaries(store, 200, 100);
        store.Flush();
        AssertNoCanary(kit.Database, "database after checkpoint");
        AssertNoCanary(kit.Wal, "log after restart");

        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();
        AssertNoCanary(kit.Database, "database after close");
        AssertNoCanary(kit.Wal, "log after close");

        // Recovery of the crashed copy reads the canaries back (they are there, just encrypted).
        kit.Database = database;
        kit.Wal = wal;
        using WalPageStore recovered = kit.Open();
        using IReadTransaction read = recovered.BeginRead();
        Assert.NotNull(new BTree(read, read.CatalogRoot).Get(Key(299)));
        AssertNoCanary(kit.Database, "database after recovery");
    }

    [Fact]
    public void Canary_scan_finds_the_plaintext_of_an_unencrypted_log()
    {
        // The control: the same workload without a password must show the canary, or the scan proves nothing.
        using var kit = new WalTestKit(DurabilityMode.FullSync) { AutoCheckpoint = false };
        using WalPageStore store = kit.Open();
        WriteCanaries(store, 0, 10);
        Assert.True(Contains(kit.Wal, s_canary), "the canary should be visible in a plain log");
    }

    [Fact]
    public void Encrypted_files_on_disk_hold_no_plaintext()
    {
        using var directory = new TempDirectory();
        string path = directory.File("secret.scdb");
        var options = new WalStoreOptions
        {
            File = WalTestKit.Encrypted(),
            Durability = new DurabilityOptions { Mode = DurabilityMode.FullSync, AutoCheckpoint = false },
        };
        using (WalPageStore store = WalPageStore.Open(path, options))
        {
            WriteCanaries(store, 0, 150);
            byte[] walBytes = ReadShared(path + "-wal");
            Assert.True(walBytes.Length > 100_000);
            Assert.False(walBytes.AsSpan().IndexOf(s_canary) >= 0, "the canary is in the -wal file");
            Assert.False(ReadShared(path).AsSpan().IndexOf(s_canary) >= 0, "the canary is in the database file");
        }

        Assert.False(File.ReadAllBytes(path).AsSpan().IndexOf(s_canary) >= 0, "the canary is in the database file after close");
        Assert.False(File.ReadAllBytes(path + "-wal").AsSpan().IndexOf(s_canary) >= 0, "the canary is in the -wal file after close");
    }

    private static byte[] Key(int i) => [.. s_canary, .. Encoding.ASCII.GetBytes($"-{i:D5}")];

    private static void WriteCanaries(WalPageStore store, int first, int count)
    {
        for (int i = first; i < first + count; i++)
        {
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30));
            uint root = tx.CatalogRoot;
            if (root == 0)
            {
                root = BTree.Create(tx);
                tx.CatalogRoot = root;
            }

            byte[] value = [.. s_canary, .. s_canary, .. new byte[i % 50]];
            new BTree(tx, root).Upsert(Key(i), value);
            tx.Commit();
        }
    }

    private static void AssertNoCanary(IStorageDevice device, string where) =>
        Assert.False(Contains(device, s_canary), $"plaintext canary found: {where}");

    private static bool Contains(IStorageDevice device, byte[] needle)
    {
        byte[] all = new byte[device.Length];
        device.Read(0, all);
        return all.AsSpan().IndexOf(needle) >= 0;
    }

    // The store holds the files under an exclusive lock, which every .NET open of the file honours; another
    // program reads the bytes regardless (advisory locks only bind those who ask).
    private static byte[] ReadShared(string path)
    {
        var info = new System.Diagnostics.ProcessStartInfo("cat") { RedirectStandardOutput = true, UseShellExecute = false };
        info.ArgumentList.Add(path);
        using var cat = System.Diagnostics.Process.Start(info)!;
        using var bytes = new MemoryStream();
        cat.StandardOutput.BaseStream.CopyTo(bytes);
        cat.WaitForExit();
        Assert.Equal(0, cat.ExitCode);
        return bytes.ToArray();
    }
}
