using System.Buffers.Binary;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Tests.Transactions;

namespace SharpCoreDB.Wal.Tests.Recovery;

/// <summary>
/// Which log recovery may apply to a database file: only its own (database id, page size, encryption, and with a
/// key the log's MACs), only of its own history (the checkpoint record against the log's generation), and never
/// through a damaged header; every refusal is Corrupt, names both files and changes neither.
/// </summary>
public sealed class LogAdmissionTests
{
    [Theory]
    [InlineData(4096)]
    [InlineData(8192)]
    public void Log_of_another_database_is_refused_naming_both_files_and_neither_changes(int otherPageSize)
    {
        using var a = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        WalPageStore storeA = a.Open();
        uint pageA = WalPageStoreTests.AllocateAndFill(storeA, 1);
        storeA.Dispose();

        using var b = new WalTestKit(DurabilityMode.Legacy, new PageFileOptions { PageSize = otherPageSize }) { AutoCheckpoint = false };
        WalPageStore storeB = b.Open();
        WalPageStoreTests.AllocateAndFill(storeB, 7);
        WalPageStoreTests.AllocateAndFill(storeB, 8);
        (_, MemoryStorageDevice walB) = b.Crash();
        storeB.Dispose();

        a.Wal = walB;
        AssertRefusedUnchanged(a, "another database");
        a.Wal = new MemoryStorageDevice("test.scdb-wal");
        AssertOpensWith(a, pageA, 1, "A without the foreign log");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Log_of_another_database_never_rebuilds_a_damaged_header(bool garbleFirstSector)
    {
        using var a = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        WalPageStore storeA = a.Open();
        WalPageStoreTests.AllocateAndFill(storeA, 1);
        WalPageStoreTests.AllocateAndFill(storeA, 2);
        storeA.Dispose();
        Damage(a.Database, garbleFirstSector);

        using var b = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        WalPageStore storeB = b.Open();
        WalPageStoreTests.AllocateAndFill(storeB, 7);
        (_, MemoryStorageDevice walB) = b.Crash();
        storeB.Dispose();

        a.Wal = walB;
        AssertRefusedUnchanged(a, "a damaged header and a foreign log");
    }

    [Theory]
    [InlineData(false, false)]
    [InlineData(true, false)]
    [InlineData(false, true)]
    [InlineData(true, true)]
    public void Damaged_header_is_rebuilt_from_the_databases_own_log(bool garbleFirstSector, bool encrypted)
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy, encrypted ? WalTestKit.Encrypted() : null) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        uint first = WalPageStoreTests.AllocateAndFill(store, 1);
        store.Checkpoint();
        uint second = WalPageStoreTests.AllocateAndFill(store, 2);
        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();
        Damage(database, garbleFirstSector);

        kit.Database = database;
        kit.Wal = wal;
        using WalPageStore reopened = kit.Open();
        using IReadTransaction read = reopened.BeginRead();
        using (PageLease lease = read.Read(first))
        {
            WalTestKit.AssertPage(lease.Data, first, 1, "checkpointed page");
        }

        using PageLease last = read.Read(second);
        WalTestKit.AssertPage(last.Data, second, 2, "page from the log");
    }

    [Theory]
    [InlineData(WalHeader.Salt1Offset)]
    [InlineData(WalHeader.CheckpointSequenceOffset)]
    [InlineData(WalHeader.DatabaseIdOffset + 3)]
    [InlineData(WalHeader.ChecksumOffset)]
    [InlineData(0)]
    public void Damaged_log_header_in_front_of_unsaved_commits_is_corrupt_and_nothing_is_truncated(int offset)
    {
        using var kit = new WalTestKit(DurabilityMode.FullSync) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        for (int version = 1; version <= 3; version++)
        {
            WalPageStoreTests.AllocateAndFill(store, version);
        }

        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();
        FlipBit(wal, offset);
        kit.Database = database;
        kit.Wal = wal;
        var error = AssertRefusedUnchanged(kit, "a damaged log header");
        Assert.Contains("damaged", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Torn_log_header_after_everything_was_checkpointed_is_a_harmless_reset()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        WalPageStoreTests.Rewrite(store, page, 2);
        Assert.True(store.Checkpoint().LogRestarted);
        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();

        // The restart's header write torn: the old generation's frames, all in the database file, sit behind it.
        Assert.True(wal.Length > WalHeader.SizeOf);
        FlipBit(wal, WalHeader.Salt2Offset);
        kit.Database = database;
        kit.Wal = wal;
        AssertOpensWith(kit, page, 2, "after a torn restart");
    }

    [Fact]
    public void Older_log_beside_a_newer_database_file_is_ignored_not_replayed()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        WalPageStoreTests.Rewrite(store, page, 2);
        (_, MemoryStorageDevice olderWal) = kit.Crash();
        store.Checkpoint();
        WalPageStoreTests.Rewrite(store, page, 3);
        store.Checkpoint();
        store.Dispose();

        // The database file holds version 3; the older log holds versions 1 and 2 of the page.
        kit.Wal = olderWal;
        AssertOpensWith(kit, page, 3, "a stale log must not roll the page back");

        // And it was replaced by a fresh generation: opening again still gives version 3.
        AssertOpensWith(kit, page, 3, "second open");
    }

    [Fact]
    public void Database_file_older_than_its_log_is_refused_and_neither_changes()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        store.Checkpoint();
        (MemoryStorageDevice olderDatabase, _) = kit.Crash();
        WalPageStoreTests.Rewrite(store, page, 2);
        store.Checkpoint();
        WalPageStoreTests.Rewrite(store, page, 3);
        (_, MemoryStorageDevice newerWal) = kit.Crash();
        store.Dispose();

        kit.Database = olderDatabase;
        kit.Wal = newerWal;
        var error = AssertRefusedUnchanged(kit, "a database file older than its log");
        Assert.Contains("older than its log", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Encrypted_log_frame_forged_without_the_key_is_never_replayed()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy, WalTestKit.Encrypted()) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        store.Checkpoint();
        int pageSize = store.PageSize;
        byte[] oldImage = new byte[pageSize];
        kit.Database.Read((long)page * pageSize, oldImage);
        WalPageStoreTests.Rewrite(store, page, 2);
        store.Checkpoint();
        WalPageStoreTests.Rewrite(store, page, 3);
        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();

        // Without the key an attacker can still put an old sealed image (valid AES-GCM for this page) into the
        // frame and fix every keyless checksum behind it.
        int frames = 0;
        byte[] header = new byte[WalHeader.SizeOf];
        wal.Read(0, header);
        uint chain = BinaryPrimitives.ReadUInt32LittleEndian(header.AsSpan(WalHeader.ChecksumOffset));
        uint salt2 = BinaryPrimitives.ReadUInt32LittleEndian(header.AsSpan(WalHeader.Salt2Offset));
        int frameSize = WalFrameHeader.SizeOf + pageSize;
        for (long offset = WalHeader.SizeOf; offset + frameSize <= wal.Length; offset += frameSize)
        {
            byte[] frame = new byte[frameSize];
            wal.Read(offset, frame);
            if (WalFrameHeader.Read(frame).Salt2 != salt2)
            {
                // Zeros the file grew by, or an older generation's frames: not part of the current log.
                break;
            }

            if (WalFrameHeader.Read(frame).PageNumber == page)
            {
                oldImage.CopyTo(frame, WalFrameHeader.SizeOf);
                frames++;
            }

            chain = WalChecksum.ComputeFrame(chain, frame);
            BinaryPrimitives.WriteUInt32LittleEndian(frame.AsSpan(WalFrameHeader.ChecksumOffset), chain);
            wal.Write(offset, frame);
        }

        Assert.Equal(1, frames);
        kit.Database = database;
        kit.Wal = wal;
        using WalPageStore reopened = kit.Open();
        using IReadTransaction read = reopened.BeginRead();
        using PageLease lease = read.Read(page);
        Assert.NotEqual(1, WalTestKit.VersionOf(lease.Data));
        WalTestKit.AssertPage(lease.Data, page, 2, "the forged frame is dropped, not replayed");
    }

    [Fact]
    public void Encrypted_header_page_altered_without_the_key_is_corrupt()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy, WalTestKit.Encrypted()) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        WalPageStoreTests.AllocateAndFill(store, 1);
        store.Dispose();

        // Change the page count and fix the keyless CRC: only the MAC can tell.
        int pageSize = DatabaseHeader.DefaultPageSize;
        byte[] page0 = new byte[pageSize];
        kit.Database.Read(0, page0);
        int usable = pageSize - PageTrailer.EncryptedSize;
        DatabaseHeader.SetPageCount(page0, DatabaseHeader.GetPageCount(page0) + 1);
        BinaryPrimitives.WriteUInt32LittleEndian(page0.AsSpan(usable), PageCodec.ComputeChecksum(page0.AsSpan(0, usable), DatabaseHeader.GetDatabaseId(page0), 0));
        kit.Database.Write(0, page0);
        var error = Assert.Throws<SharpCoreDBException>(() => kit.Open().Dispose());
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains("authentication", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Encrypted_log_header_altered_without_the_key_is_refused()
    {
        using var kit = new WalTestKit(DurabilityMode.Legacy, WalTestKit.Encrypted()) { AutoCheckpoint = false };
        WalPageStore store = kit.Open();
        WalPageStoreTests.AllocateAndFill(store, 1);
        (MemoryStorageDevice database, MemoryStorageDevice wal) = kit.Crash();
        store.Dispose();

        byte[] header = new byte[WalHeader.SizeOf];
        wal.Read(0, header);
        header[WalHeader.CheckpointSequenceOffset] ^= 1;
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(WalHeader.ChecksumOffset), Crc32C.Append(0, header.AsSpan(0, WalHeader.ChecksumOffset)));
        wal.Write(0, header);
        kit.Database = database;
        kit.Wal = wal;
        var error = AssertRefusedUnchanged(kit, "a forged log header");
        Assert.Contains("authentication", error.Message, StringComparison.Ordinal);
    }

    private static void AssertOpensWith(WalTestKit kit, uint page, int version, string context)
    {
        using WalPageStore store = kit.Open();
        using IReadTransaction read = store.BeginRead();
        using PageLease lease = read.Read(page);
        WalTestKit.AssertPage(lease.Data, page, version, context);
    }

    private static SharpCoreDBException AssertRefusedUnchanged(WalTestKit kit, string context)
    {
        byte[] database = Bytes(kit.Database);
        byte[] wal = Bytes(kit.Wal);
        var error = Assert.Throws<SharpCoreDBException>(() => kit.Open().Dispose());
        Assert.True(error.ErrorCode == SharpCoreDBErrorCode.Corrupt, $"{error.ErrorCode}: {error.Message}; {context}");
        Assert.Contains(kit.Wal.Name, error.Message, StringComparison.Ordinal);
        Assert.Contains(kit.Database.Name, error.Message, StringComparison.Ordinal);
        Assert.Equal(database, Bytes(kit.Database));
        Assert.Equal(wal, Bytes(kit.Wal));
        return error;
    }

    private static byte[] Bytes(IStorageDevice device)
    {
        byte[] bytes = new byte[device.Length];
        device.Read(0, bytes);
        return bytes;
    }

    // Breaks page 0's checksum: one byte of the reserved area, or the whole first sector (magic and id included).
    private static void Damage(IStorageDevice database, bool garbleFirstSector)
    {
        byte[] bytes = new byte[garbleFirstSector ? 512 : 1];
        if (garbleFirstSector)
        {
            new Random(5).NextBytes(bytes);
            database.Write(0, bytes);
            return;
        }

        database.Read(300, bytes);
        bytes[0] ^= 0x40;
        database.Write(300, bytes);
    }

    private static void FlipBit(IStorageDevice device, long offset)
    {
        byte[] one = new byte[1];
        device.Read(offset, one);
        one[0] ^= 0x04;
        device.Write(offset, one);
    }
}
