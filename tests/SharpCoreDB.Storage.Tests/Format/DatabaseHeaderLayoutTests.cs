using System.Buffers.Binary;
using System.Text;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Tests.Format;

/// <summary>
/// Pins every on-disk offset and size to the numbers in docs/FILE_FORMAT.md. Changing the format must
/// break these tests (and then the document and the format version must change with them).
/// </summary>
public sealed class DatabaseHeaderLayoutTests
{
    [Fact]
    public void Header_offsets_and_sizes_are_pinned()
    {
        Assert.Equal(0, DatabaseHeader.MagicOffset);
        Assert.Equal(16, DatabaseHeader.MagicLength);
        Assert.Equal(16, DatabaseHeader.FormatVersionOffset);
        Assert.Equal(20, DatabaseHeader.PageSizeOffset);
        Assert.Equal(24, DatabaseHeader.ReservedBytesOffset);
        Assert.Equal(26, DatabaseHeader.FlagsOffset);
        Assert.Equal(28, DatabaseHeader.DatabaseIdOffset);
        Assert.Equal(16, DatabaseHeader.DatabaseIdLength);
        Assert.Equal(44, DatabaseHeader.KdfSaltOffset);
        Assert.Equal(32, DatabaseHeader.KdfSaltLength);
        Assert.Equal(76, DatabaseHeader.KdfIterationsOffset);
        Assert.Equal(80, DatabaseHeader.KeyCheckOffset);
        Assert.Equal(32, DatabaseHeader.KeyCheckLength);
        Assert.Equal(112, DatabaseHeader.CatalogRootOffset);
        Assert.Equal(116, DatabaseHeader.FreeListHeadOffset);
        Assert.Equal(120, DatabaseHeader.FreePageCountOffset);
        Assert.Equal(124, DatabaseHeader.PageCountOffset);
        Assert.Equal(128, DatabaseHeader.ChangeCounterOffset);
        Assert.Equal(136, DatabaseHeader.SizeOf);
        Assert.Equal(4u, DatabaseHeader.CurrentFormatVersion);
        Assert.Equal(1024, CheckpointRecord.Slot0Offset);
        Assert.Equal(2048, CheckpointRecord.Slot1Offset);
        Assert.Equal(64, CheckpointRecord.SizeOf);
        Assert.Equal(0, CheckpointRecord.SerialOffset);
        Assert.Equal(8, CheckpointRecord.Salt1Offset);
        Assert.Equal(12, CheckpointRecord.Salt2Offset);
        Assert.Equal(16, CheckpointRecord.SequenceOffset);
        Assert.Equal(24, CheckpointRecord.MacOffset);
        Assert.Equal(60, CheckpointRecord.ChecksumOffset);
        Assert.Equal(8, PageTrailer.HeaderMacOffset);
        Assert.Equal("SharpCoreDB fmt\0", Encoding.ASCII.GetString(DatabaseHeader.Magic));
    }

    [Fact]
    public void Header_fields_land_at_their_documented_bytes()
    {
        byte[] page = new byte[4096 - PageTrailer.EncryptedSize];
        byte[] id = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        byte[] salt = Enumerable.Range(100, 32).Select(i => (byte)i).ToArray();
        byte[] check = Enumerable.Range(200, 32).Select(i => (byte)i).ToArray();
        DatabaseHeader.Initialize(page, 8192, DatabaseFlags.Encrypted | DatabaseFlags.RawKey, id, salt, 310_000, check);
        DatabaseHeader.SetCatalogRoot(page, 0x01020304);
        DatabaseHeader.SetFreeListHead(page, 0x05060708);
        DatabaseHeader.SetFreePageCount(page, 0x090A0B0C);
        DatabaseHeader.SetPageCount(page, 0x0D0E0F10);
        DatabaseHeader.SetChangeCounter(page, 0x1112131415161718);

        Assert.Equal("SharpCoreDB fmt\0"u8.ToArray(), page[0..16]);
        Assert.Equal(4u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(16)));
        Assert.Equal(8192u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(20)));
        Assert.Equal((ushort)32, BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(24)));
        Assert.Equal((ushort)3, BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(26)));
        Assert.Equal(id, page[28..44]);
        Assert.Equal(salt, page[44..76]);
        Assert.Equal(310_000u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(76)));
        Assert.Equal(check, page[80..112]);
        Assert.Equal(0x01020304u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(112)));
        Assert.Equal(0x05060708u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(116)));
        Assert.Equal(0x090A0B0Cu, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(120)));
        Assert.Equal(0x0D0E0F10u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(124)));
        Assert.Equal(0x1112131415161718ul, BinaryPrimitives.ReadUInt64LittleEndian(page.AsSpan(128)));
        Assert.All(page[136..], b => Assert.Equal(0, b));

        Assert.Equal(0x01020304u, DatabaseHeader.GetCatalogRoot(page));
        Assert.Equal(0x05060708u, DatabaseHeader.GetFreeListHead(page));
        Assert.Equal(0x090A0B0Cu, DatabaseHeader.GetFreePageCount(page));
        Assert.Equal(0x0D0E0F10u, DatabaseHeader.GetPageCount(page));
        Assert.Equal(0x1112131415161718ul, DatabaseHeader.GetChangeCounter(page));
    }

    [Fact]
    public void Initialize_starts_with_one_page_and_an_empty_free_list()
    {
        byte[] page = new byte[4096 - PageTrailer.PlainSize];
        page.AsSpan().Fill(0xEE);
        DatabaseHeader.Initialize(page, 4096, DatabaseFlags.None, new byte[16], new byte[32], 0, new byte[32]);
        Assert.Equal(1u, DatabaseHeader.GetPageCount(page));
        Assert.Equal(0u, DatabaseHeader.GetFreeListHead(page));
        Assert.Equal(0u, DatabaseHeader.GetFreePageCount(page));
        Assert.Equal(0u, DatabaseHeader.GetCatalogRoot(page));
        Assert.Equal(0ul, DatabaseHeader.GetChangeCounter(page));
        Assert.Equal(8, DatabaseHeader.GetReservedBytes(page));
    }

    [Fact]
    public void Trailer_layouts_are_pinned()
    {
        Assert.Equal(8, PageTrailer.PlainSize);
        Assert.Equal(0, PageTrailer.ChecksumOffset);
        Assert.Equal(32, PageTrailer.EncryptedSize);
        Assert.Equal(0, PageTrailer.NonceOffset);
        Assert.Equal(12, PageTrailer.NonceSize);
        Assert.Equal(12, PageTrailer.TagOffset);
        Assert.Equal(16, PageTrailer.TagSize);
    }

    [Fact]
    public void Free_list_trunk_layout_is_pinned()
    {
        Assert.Equal(0, FreeListTrunk.KindOffset);
        Assert.Equal(4, FreeListTrunk.NextOffset);
        Assert.Equal(8, FreeListTrunk.CountOffset);
        Assert.Equal(16, FreeListTrunk.EntriesOffset);
        Assert.Equal(4, FreeListTrunk.EntrySize);
        Assert.Equal("FLTK", Encoding.ASCII.GetString(BitConverter.GetBytes(FreeListTrunk.Kind)));
        Assert.Equal(1018, FreeListTrunk.Capacity(4096 - PageTrailer.PlainSize));

        byte[] page = new byte[4088];
        FreeListTrunk.Initialize(page, next: 77);
        FreeListTrunk.SetEntry(page, 2, 0xAABBCCDD);
        FreeListTrunk.SetCount(page, 3);
        Assert.Equal("FLTK"u8.ToArray(), page[0..4]);
        Assert.Equal(77u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(4)));
        Assert.Equal(3u, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(8)));
        Assert.Equal(0xAABBCCDDu, BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(16 + 8)));
    }

    [Fact]
    public void Rollback_journal_layout_is_pinned()
    {
        Assert.Equal("SharpCoreDB jrn\0", Encoding.ASCII.GetString(RollbackJournalLayout.Magic));
        Assert.Equal(0, RollbackJournalLayout.MagicOffset);
        Assert.Equal(16, RollbackJournalLayout.VersionOffset);
        Assert.Equal(20, RollbackJournalLayout.PageSizeOffset);
        Assert.Equal(24, RollbackJournalLayout.DatabaseIdOffset);
        Assert.Equal(40, RollbackJournalLayout.OriginalPageCountOffset);
        Assert.Equal(44, RollbackJournalLayout.EntryCountOffset);
        Assert.Equal(48, RollbackJournalLayout.ChangeCounterOffset);
        Assert.Equal(56, RollbackJournalLayout.NonceOffset);
        Assert.Equal(60, RollbackJournalLayout.ChecksumOffset);
        Assert.Equal(64, RollbackJournalLayout.HeaderSize);
        Assert.Equal(0, RollbackJournalLayout.EntryPageNumberOffset);
        Assert.Equal(4, RollbackJournalLayout.EntryChecksumOffset);
        Assert.Equal(8, RollbackJournalLayout.EntryPrefixSize);
        Assert.Equal(64 + (3 * (8 + 4096)), RollbackJournalLayout.EntryOffset(3, 4096));
    }

    [Theory]
    [InlineData(4096, true)]
    [InlineData(8192, true)]
    [InlineData(65536, true)]
    [InlineData(2048, false)]
    [InlineData(131072, false)]
    [InlineData(12288, false)]
    [InlineData(0, false)]
    public void Page_size_must_be_a_power_of_two_from_4K_to_64K(int pageSize, bool valid) =>
        Assert.Equal(valid, DatabaseHeader.IsValidPageSize(pageSize));
}
