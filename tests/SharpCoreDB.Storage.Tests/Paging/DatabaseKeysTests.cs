using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>
/// The keys a backup, VACUUM or rekey takes from an open file. A checkpoint of that file may be rewriting page 0 at the
/// same moment (the rewrite is two device writes, around the checkpoint record's slots), so the keys must not depend
/// on reading page 0 back: a copy taken while the page is half rewritten once failed with "page 0 failed
/// verification (checksum)".
/// </summary>
public sealed class DatabaseKeysTests
{
    private static readonly byte[] s_rawKey = Enumerable.Range(11, 32).Select(i => (byte)i).ToArray();

    public static TheoryData<string, bool> KindsAndOpens => new()
    {
        { "plain", true }, { "plain", false },
        { "password", true }, { "password", false },
        { "rawkey", true }, { "rawkey", false },
    };

    [Theory]
    [MemberData(nameof(KindsAndOpens))]
    public void Keys_of_a_file_whose_page_0_is_half_rewritten_still_create_a_file_of_the_same_database(string kind, bool created)
    {
        using var device = new MemoryStorageDevice("source");
        PageFileOptions options = Options(kind);
        if (!created)
        {
            PageFile.Open(device, options, leaveOpen: true).Dispose();
        }

        using PageFile source = PageFile.Open(device, options, leaveOpen: true);
        Assert.Equal(created, source.WasCreated);

        // The first half of a page 0 rewrite has landed, the second not yet: what the device holds fails verification.
        byte[] torn = new byte[CheckpointRecord.Slot0Offset];
        Array.Fill(torn, (byte)0xA5);
        device.Write(0, torn);

        using DatabaseKeys keys = DatabaseKeys.Of(source);
        Assert.True(DatabaseHeader.GetDatabaseId(keys.Header).SequenceEqual(source.DatabaseId));

        using var copyDevice = new MemoryStorageDevice("copy");
        byte[] page = new byte[source.UsableSize];
        PagerTestKit.Fill(page, 3, 1);
        using (PageFile copy = PageFile.Open(copyDevice, new PageFileOptions { KeysFrom = keys }, leaveOpen: true))
        {
            copy.WritePage(1, page);
            copy.Flush();
        }

        // The copy opens with the source's own password or key and is the same database.
        using PageFile reopened = PageFile.Open(copyDevice, Options(kind), leaveOpen: true);
        Assert.True(reopened.DatabaseId.SequenceEqual(source.DatabaseId));
        Assert.Equal(source.IsEncrypted, reopened.IsEncrypted);
        byte[] back = new byte[reopened.UsableSize];
        reopened.ReadPage(1, back);
        PagerTestKit.AssertPage(back, 3, 1, kind);
    }

    private static PageFileOptions Options(string kind) => kind switch
    {
        "password" => new PageFileOptions { Password = "pw", KdfIterations = PagerTestKit.FastIterations },
        "rawkey" => new PageFileOptions { RawKey = s_rawKey },
        _ => new PageFileOptions(),
    };
}
