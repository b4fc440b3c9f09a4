using System.Buffers.Binary;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

public sealed class PageFileTests
{
    private static readonly byte[] s_rawKey = Enumerable.Range(7, 32).Select(i => (byte)i).ToArray();

    public static TheoryData<string> Kinds => new() { "plain", "password", "rawkey" };

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Create_then_reopen_reads_back_pages(string kind)
    {
        using var device = new MemoryStorageDevice("db");
        PageFileOptions options = Options(kind, pageSize: 8192);
        byte[] page = new byte[8192];
        using (PageFile created = PageFile.Open(device, options, leaveOpen: true))
        {
            Assert.True(created.WasCreated);
            Assert.Equal(8192, created.PageSize);
            Assert.Equal(kind != "plain", created.IsEncrypted);
            PagerTestKit.Fill(page.AsSpan(0, created.UsableSize), 1, 1);
            created.WritePage(1, page);
            created.Flush();
        }

        using PageFile reopened = PageFile.Open(device, options, leaveOpen: true);
        Assert.False(reopened.WasCreated);
        Assert.Equal(8192, reopened.PageSize);
        byte[] back = new byte[reopened.UsableSize];
        reopened.ReadPage(1, back);
        PagerTestKit.AssertPage(back, 1, 1, kind);
    }

    [Fact]
    public void Wrong_password_is_detected_from_the_key_check_before_any_other_page_is_read()
    {
        using var memory = new MemoryStorageDevice("db");
        CreateWithPage(memory, PagerTestKit.Encrypted("right"));
        var tracking = new ReadTrackingDevice(memory);
        var ex = Assert.Throws<SharpCoreDBException>(() => PageFile.Open(tracking, PagerTestKit.Encrypted("wrong"), leaveOpen: true));
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, ex.ErrorCode);
        Assert.Contains("'db'", ex.Message, StringComparison.Ordinal);
        Assert.True(tracking.FurthestByteRead <= 4096, $"read up to byte {tracking.FurthestByteRead}");
    }

    [Fact]
    public void Encrypted_database_without_password_requires_one()
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, PagerTestKit.Encrypted());
        Assert.Equal(SharpCoreDBErrorCode.PasswordRequired, OpenError(device, new PageFileOptions()));
    }

    [Fact]
    public void Plain_database_with_password_is_not_encrypted()
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        Assert.Equal(SharpCoreDBErrorCode.NotEncrypted, OpenError(device, PagerTestKit.Encrypted()));
        Assert.Equal(SharpCoreDBErrorCode.NotEncrypted, OpenError(device, new PageFileOptions { RawKey = s_rawKey }));
    }

    [Fact]
    public void Password_and_raw_key_databases_do_not_open_with_the_other_kind_of_secret()
    {
        using var byPassword = new MemoryStorageDevice("a");
        using var byKey = new MemoryStorageDevice("b");
        CreateWithPage(byPassword, PagerTestKit.Encrypted());
        CreateWithPage(byKey, new PageFileOptions { RawKey = s_rawKey });
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, OpenError(byPassword, new PageFileOptions { RawKey = s_rawKey }));
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, OpenError(byKey, PagerTestKit.Encrypted()));
        byte[] otherKey = (byte[])s_rawKey.Clone();
        otherKey[31] ^= 0x80;
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, OpenError(byKey, new PageFileOptions { RawKey = otherKey }));
    }

    [Fact]
    public void Zero_length_file_is_not_a_database_unless_creation_is_allowed()
    {
        using var device = new MemoryStorageDevice("empty");
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, OpenError(device, new PageFileOptions { CreateMode = PageFileCreateMode.OpenExisting }));
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, OpenError(device, new PageFileOptions { ReadOnly = true, CreateMode = PageFileCreateMode.OpenExisting }));
        Assert.Equal(0, device.Length);
    }

    [Fact]
    public void Non_database_file_is_not_a_database()
    {
        byte[] noise = new byte[3 * 4096];
        new Random(5).NextBytes(noise);
        using var device = new MemoryStorageDevice(noise, "noise.bin");
        var ex = Assert.Throws<SharpCoreDBException>(() => PageFile.Open(device, new PageFileOptions(), leaveOpen: true));
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, ex.ErrorCode);
        Assert.Contains("noise.bin", ex.Message, StringComparison.Ordinal);

        using var text = new MemoryStorageDevice("SQLite format 3\0 and then some more text"u8, "other.db");
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, OpenError(text, new PageFileOptions()));
    }

    [Theory]
    [InlineData(10)]
    [InlineData(100)]
    [InlineData(4095)]
    public void Truncated_file_is_not_a_database(int keep)
    {
        using var full = new MemoryStorageDevice("db");
        CreateWithPage(full, new PageFileOptions());
        using var truncated = new MemoryStorageDevice(full.ToArray().AsSpan(0, keep), "db");
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, OpenError(truncated, new PageFileOptions()));
    }

    [Fact]
    public void CreateNew_refuses_a_device_that_holds_data()
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, OpenError(device, new PageFileOptions { CreateMode = PageFileCreateMode.CreateNew }));
    }

    [Fact]
    public void Newer_format_version_is_unsupported()
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        Patch(device, DatabaseHeader.FormatVersionOffset, DatabaseHeader.CurrentFormatVersion + 1, fixChecksum: true);
        Assert.Equal(SharpCoreDBErrorCode.UnsupportedFormat, OpenError(device, new PageFileOptions()));
    }

    [Theory]
    [InlineData(1u)]
    [InlineData(2u)]
    [InlineData(3u)]
    public void Older_format_version_is_unsupported_with_what_to_do(uint version)
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        Patch(device, DatabaseHeader.FormatVersionOffset, version, fixChecksum: true);
        var error = Assert.Throws<SharpCoreDBException>(() => PageFile.Open(device, new PageFileOptions()));
        Assert.Equal(SharpCoreDBErrorCode.UnsupportedFormat, error.ErrorCode);
        Assert.Contains($"version {version}", error.Message, StringComparison.Ordinal);
        Assert.Contains("Export", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(5000u)]
    [InlineData(2048u)]
    [InlineData(131072u)]
    [InlineData(0u)]
    public void Impossible_page_size_is_not_a_database(uint pageSize)
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        Patch(device, DatabaseHeader.PageSizeOffset, pageSize, fixChecksum: true);
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, OpenError(device, new PageFileOptions()));
    }

    [Fact]
    public void Damaged_header_is_corrupt_naming_page_zero()
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        Patch(device, DatabaseHeader.CatalogRootOffset, 1234, fixChecksum: false);
        var ex = Assert.Throws<SharpCoreDBException>(() => PageFile.Open(device, new PageFileOptions(), leaveOpen: true));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, ex.ErrorCode);
        Assert.Contains("page 0 of 'db'", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Unknown_flags_are_unsupported()
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        byte[] bytes = device.ToArray();
        BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(DatabaseHeader.FlagsOffset), 0x0100);
        FixChecksum(bytes);
        using var patched = new MemoryStorageDevice(bytes, "db");
        Assert.Equal(SharpCoreDBErrorCode.UnsupportedFormat, OpenError(patched, new PageFileOptions()));
    }

    [Fact]
    public void Reading_past_the_end_of_the_file_is_corrupt()
    {
        using var device = new MemoryStorageDevice("db");
        using PageFile file = PageFile.Open(device, new PageFileOptions(), leaveOpen: true);
        var ex = Assert.Throws<SharpCoreDBException>(() => file.ReadPage(3, new byte[file.UsableSize]));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, ex.ErrorCode);
        Assert.Contains("page 3 of 'db'", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_only_page_file_refuses_writes()
    {
        using var device = new MemoryStorageDevice("db");
        CreateWithPage(device, new PageFileOptions());
        using PageFile file = PageFile.Open(device, new PageFileOptions { ReadOnly = true, CreateMode = PageFileCreateMode.OpenExisting }, leaveOpen: true);
        var ex = Assert.Throws<SharpCoreDBException>(() => file.WritePage(1, new byte[file.UsableSize]));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, ex.ErrorCode);
    }

    [Fact]
    public void Options_misuse_throws_argument_exceptions()
    {
        using var device = new MemoryStorageDevice("db");
        Assert.Throws<ArgumentException>(() => PageFile.Open(device, new PageFileOptions { Password = "", }));
        Assert.Throws<ArgumentException>(() => PageFile.Open(device, new PageFileOptions { Password = "x", RawKey = s_rawKey }));
        Assert.Throws<ArgumentException>(() => PageFile.Open(device, new PageFileOptions { RawKey = new byte[16] }));
        Assert.Throws<ArgumentOutOfRangeException>(() => PageFile.Open(device, new PageFileOptions { PageSize = 1000 }));
        Assert.Equal(0, device.Length);
    }

    [Fact]
    public void Default_iteration_count_is_stored_and_reopens()
    {
        // The one test that pays for the real PBKDF2 cost (twice: create and open).
        using var device = new MemoryStorageDevice("db");
        var options = new PageFileOptions { Password = "default cost" };
        CreateWithPage(device, options);
        using PageFile file = PageFile.Open(device, options, leaveOpen: true);
        Assert.Equal((uint)KeyDerivation.DefaultIterations, file.KdfIterations);
        Assert.Equal(310_000u, BinaryPrimitives.ReadUInt32LittleEndian(device.ToArray().AsSpan(DatabaseHeader.KdfIterationsOffset)));
        byte[] back = new byte[file.UsableSize];
        file.ReadPage(1, back);
        PagerTestKit.AssertPage(back, 1, 1, "default iterations");
    }

    private static PageFileOptions Options(string kind, int pageSize) => kind switch
    {
        "password" => new PageFileOptions { Password = "pw", KdfIterations = PagerTestKit.FastIterations, PageSize = pageSize },
        "rawkey" => new PageFileOptions { RawKey = s_rawKey, PageSize = pageSize },
        _ => new PageFileOptions { PageSize = pageSize },
    };

    private static void CreateWithPage(IStorageDevice device, PageFileOptions options)
    {
        using PageFile file = PageFile.Open(device, options, leaveOpen: true);
        byte[] page = new byte[file.UsableSize];
        PagerTestKit.Fill(page, 1, 1);
        file.WritePage(1, page);
        file.Flush();
    }

    private static SharpCoreDBErrorCode OpenError(IStorageDevice device, PageFileOptions options) =>
        Assert.Throws<SharpCoreDBException>(() => PageFile.Open(device, options, leaveOpen: true).Dispose()).ErrorCode;

    private static void Patch(MemoryStorageDevice device, int offset, uint value, bool fixChecksum)
    {
        byte[] bytes = device.ToArray();
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(offset), value);
        if (fixChecksum)
        {
            FixChecksum(bytes);
        }

        device.Write(0, bytes.AsSpan(0, 4096));
    }

    private static void FixChecksum(byte[] bytes)
    {
        int usable = 4096 - DatabaseHeader.GetReservedBytes(bytes);
        uint crc = PageCodec.ComputeChecksum(bytes.AsSpan(0, usable), DatabaseHeader.GetDatabaseId(bytes), 0);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(usable), crc);
    }
}
