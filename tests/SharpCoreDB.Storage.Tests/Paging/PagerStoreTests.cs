using System.Text;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Storage.Tests.Devices;
using SharpCoreDB.Storage.Tests.Kit;

namespace SharpCoreDB.Storage.Tests.Paging;

public sealed class PagerStoreTests
{
    public static TheoryData<bool> Encryption => new() { false, true };

    [Theory]
    [MemberData(nameof(Encryption))]
    public void Committed_pages_survive_reopen_and_match_a_model(bool encrypted)
    {
        const int seed = 2024;
        var rng = new Random(seed);
        using var kit = new PagerTestKit(encrypted ? PagerTestKit.Encrypted() : null, cachePages: 16);
        var model = new Dictionary<uint, int>();
        int version = 0;
        PagerStore store = kit.Open();
        try
        {
            for (int txn = 0; txn < 40; txn++)
            {
                using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(5)))
                {
                    int changes = rng.Next(1, 12);
                    for (int c = 0; c < changes; c++)
                    {
                        version++;
                        if (model.Count == 0 || rng.Next(3) == 0)
                        {
                            using PageLease page = tx.Allocate();
                            PagerTestKit.Fill(page.Writable, page.PageNumber, version);
                            model[page.PageNumber] = version;
                        }
                        else
                        {
                            uint pageNumber = model.Keys.ElementAt(rng.Next(model.Count));
                            using PageLease page = tx.Write(pageNumber);
                            PagerTestKit.Fill(page.Writable, pageNumber, version);
                            model[pageNumber] = version;
                        }
                    }

                    tx.Commit();
                }

                PagerTestKit.AssertMatches(store, model, $"seed {seed}, after txn {txn}");
                if (txn % 10 == 9)
                {
                    store.Dispose();
                    store = kit.Open();
                    PagerTestKit.AssertMatches(store, model, $"seed {seed}, reopened after txn {txn}");
                }
            }

            Assert.Equal((uint)(model.Count + 1), store.CommittedPageCount);
        }
        finally
        {
            store.Dispose();
        }
    }

    [Fact]
    public void Rollback_and_dispose_without_commit_discard_every_change()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            using PageLease page = tx.Allocate();
            PagerTestKit.Fill(page.Writable, page.PageNumber, 1);
            tx.CatalogRoot = page.PageNumber;
            tx.Commit();
        }

        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            using (PageLease page = tx.Write(1))
            {
                PagerTestKit.Fill(page.Writable, 1, 2);
            }

            tx.Allocate().Dispose();
            tx.CatalogRoot = 99;
            tx.Rollback();
            Assert.Throws<InvalidOperationException>(() => tx.Commit());
        }

        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            using PageLease page = tx.Write(1);
            PagerTestKit.Fill(page.Writable, 1, 3);
        }

        PagerTestKit.AssertMatches(store, new Dictionary<uint, int> { [1] = 1 }, "after rollbacks");
        Assert.Equal(2u, store.CommittedPageCount);
        using IReadTransaction read = store.BeginRead();
        Assert.Equal(1u, read.CatalogRoot);
    }

    [Fact]
    public void Change_stamp_moves_with_every_page_change_and_never_repeats()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        var seen = new HashSet<long>();
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            Assert.True(seen.Add(tx.ChangeStamp));
            uint first;
            using (PageLease page = tx.Allocate())
            {
                first = page.PageNumber;
            }

            Assert.True(seen.Add(tx.ChangeStamp), "Allocate must change the stamp");
            tx.Read(first).Dispose();
            Assert.Contains(tx.ChangeStamp, seen);
            Assert.Equal(seen.Max(), tx.ChangeStamp);
            tx.Write(first).Dispose();
            Assert.True(seen.Add(tx.ChangeStamp), "Write must change the stamp, also for a page already written");
            uint second;
            using (PageLease page = tx.Allocate())
            {
                second = page.PageNumber;
            }

            seen.Add(tx.ChangeStamp);
            tx.Commit();
            Assert.NotEqual(0u, second);
        }

        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            // A later transaction never shows a stamp an earlier one had: what was learnt there is stale here.
            Assert.True(seen.Add(tx.ChangeStamp), "a new transaction must not repeat an earlier stamp");
            tx.Free(1);
            Assert.True(seen.Add(tx.ChangeStamp), "Free must change the stamp");
            tx.Rollback();
        }

        using IReadTransaction read = store.BeginRead();
        long stamp = read.ChangeStamp;
        read.Read(1).Dispose();
        Assert.Equal(stamp, read.ChangeStamp);
    }

    [Fact]
    public void Catalog_root_is_transactional_and_survives_reopen()
    {
        using var kit = new PagerTestKit(PagerTestKit.Encrypted());
        using (PagerStore store = kit.Open())
        {
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
            Assert.Equal(0u, tx.CatalogRoot);
            using (PageLease root = tx.Allocate())
            {
                tx.CatalogRoot = root.PageNumber;
            }

            tx.Commit();
        }

        using PagerStore reopened = kit.Open();
        using IReadTransaction read = reopened.BeginRead();
        Assert.Equal(1u, read.CatalogRoot);
        Assert.False(read.IsWritable);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => read.Write(1)).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => read.Allocate()).ErrorCode);
    }

    [Fact]
    public void Second_writer_gets_busy_after_the_timeout()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        using IWriteTransaction first = store.BeginWrite(TimeSpan.FromSeconds(1));
        var ex = Assert.Throws<SharpCoreDBException>(() => store.BeginWrite(TimeSpan.FromMilliseconds(20)));
        Assert.Equal(SharpCoreDBErrorCode.Busy, ex.ErrorCode);
        Assert.True(ex.IsTransient);
        first.Rollback();
        using IWriteTransaction second = store.BeginWrite(TimeSpan.FromMilliseconds(20));
    }

    [Fact]
    public async Task Async_writer_waits_for_the_slot_without_blocking()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        IWriteTransaction first = await store.BeginWriteAsync(TimeSpan.FromSeconds(1));
        ValueTask<IWriteTransaction> waiting = store.BeginWriteAsync(TimeSpan.FromSeconds(10));
        Assert.False(waiting.IsCompleted);
        using (PageLease page = first.Allocate())
        {
            PagerTestKit.Fill(page.Writable, page.PageNumber, 1);
        }

        await first.CommitAsync();
        first.Dispose();
        using IWriteTransaction second = await waiting;
        using PageLease read = second.Read(1);
        PagerTestKit.AssertPage(read.Data, 1, 1, "async");
    }

    [Fact]
    public void Commit_waits_for_open_readers_and_reports_busy_while_they_stay()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            using PageLease page = tx.Allocate();
            PagerTestKit.Fill(page.Writable, page.PageNumber, 1);
            tx.Commit();
        }

        IReadTransaction reader = store.BeginRead();
        using IWriteTransaction writer = store.BeginWrite(TimeSpan.FromMilliseconds(50));
        using (PageLease page = writer.Write(1))
        {
            PagerTestKit.Fill(page.Writable, 1, 2);
        }

        Assert.Equal(SharpCoreDBErrorCode.Busy, Assert.Throws<SharpCoreDBException>(() => writer.Commit()).ErrorCode);
        using (PageLease seen = reader.Read(1))
        {
            PagerTestKit.AssertPage(seen.Data, 1, 1, "reader keeps its snapshot");
        }

        reader.Dispose();
        writer.Commit();
        PagerTestKit.AssertMatches(store, new Dictionary<uint, int> { [1] = 2 }, "after the retried commit");
    }

    [Fact]
    public void Lease_disposed_after_commit_is_fine_and_its_page_is_committed()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1)))
        {
            using PageLease page = tx.Allocate();
            PagerTestKit.Fill(page.Writable, page.PageNumber, 1);
            tx.Commit();
        }

        PagerTestKit.AssertMatches(store, new Dictionary<uint, int> { [1] = 1 }, "lease outlived commit");
    }

    [Fact]
    public void Page_beyond_the_page_count_is_corrupt_and_page_zero_is_not_handed_out()
    {
        using var kit = new PagerTestKit();
        using PagerStore store = kit.Open();
        using IReadTransaction read = store.BeginRead();
        var ex = Assert.Throws<SharpCoreDBException>(() => read.Read(5));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, ex.ErrorCode);
        Assert.Contains("page 5", ex.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentOutOfRangeException>(() => read.Read(0));
    }

    [Fact]
    public void Read_only_store_refuses_to_write()
    {
        using var kit = new PagerTestKit();
        kit.Open().Dispose();
        using PagerStore store = PagerStore.Open(kit.Database, null, new PagerStoreOptions
        {
            File = new PageFileOptions { ReadOnly = true, CreateMode = PageFileCreateMode.OpenExisting },
            LeaveDevicesOpen = true,
        });
        Assert.True(store.IsReadOnly);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => store.BeginWrite(TimeSpan.Zero)).ErrorCode);
        using IReadTransaction read = store.BeginRead();
        Assert.Equal(0u, read.CatalogRoot);
    }

    [Theory]
    [MemberData(nameof(Encryption))]
    public void Flipped_bit_in_a_page_is_reported_as_corrupt_with_its_page_number(bool encrypted)
    {
        using var kit = new PagerTestKit(encrypted ? PagerTestKit.Encrypted() : null);
        WritePages(kit, 5);
        byte[] bytes = kit.Database.ToArray();
        bytes[(3 * 4096) + 1000] ^= 0x10;
        kit.Database.Write(0, bytes);

        using PagerStore store = kit.Open();
        using IReadTransaction read = store.BeginRead();
        using (PageLease fine = read.Read(2))
        {
            PagerTestKit.AssertPage(fine.Data, 2, 2, "neighbour of the damaged page");
        }

        var ex = Assert.Throws<SharpCoreDBException>(() => read.Read(3));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, ex.ErrorCode);
        Assert.Contains("page 3 of 'test.scdb'", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Encryption))]
    public void Two_swapped_pages_are_corrupt(bool encrypted)
    {
        using var kit = new PagerTestKit(encrypted ? PagerTestKit.Encrypted() : null);
        WritePages(kit, 4);
        byte[] bytes = kit.Database.ToArray();
        byte[] two = bytes.AsSpan(2 * 4096, 4096).ToArray();
        bytes.AsSpan(3 * 4096, 4096).CopyTo(bytes.AsSpan(2 * 4096));
        two.CopyTo(bytes.AsSpan(3 * 4096));
        kit.Database.Write(0, bytes);

        using PagerStore store = kit.Open();
        using IReadTransaction read = store.BeginRead();
        Assert.Contains("page 2 of", Assert.Throws<SharpCoreDBException>(() => read.Read(2)).Message, StringComparison.Ordinal);
        Assert.Contains("page 3 of", Assert.Throws<SharpCoreDBException>(() => read.Read(3)).Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("plain")]
    [InlineData("rawkey")]
    [InlineData("password")]
    public void Page_copied_into_another_database_at_the_same_position_fails(string kind)
    {
        // Same key (raw key) or same password, identical page content and position: only the database id differs.
        PageFileOptions options = kind switch
        {
            "rawkey" => new PageFileOptions { RawKey = new byte[32] },
            "password" => PagerTestKit.Encrypted(),
            _ => new PageFileOptions(),
        };
        using var a = new PagerTestKit(options);
        using var b = new PagerTestKit(options);
        WritePages(a, 3);
        WritePages(b, 3);
        byte[] bytesB = b.Database.ToArray();
        a.Database.ToArray().AsSpan(2 * 4096, 4096).CopyTo(bytesB.AsSpan(2 * 4096));
        b.Database.Write(0, bytesB);

        using PagerStore store = b.Open();
        using IReadTransaction read = store.BeginRead();
        read.Read(1).Dispose();
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, Assert.Throws<SharpCoreDBException>(() => read.Read(2)).ErrorCode);
    }

    [Fact]
    public void Encrypted_database_leaves_no_plaintext_in_any_file()
    {
        byte[] canary = Encoding.UTF8.GetBytes("CANARY-7f3a-SharpCoreDB-secret-row-data");
        using var kit = new PagerTestKit(PagerTestKit.Encrypted("canary password"));
        using (PagerStore store = kit.Open())
        {
            for (int txn = 0; txn < 4; txn++)
            {
                using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
                for (int i = 0; i < 25; i++)
                {
                    using PageLease page = txn == 0 ? tx.Allocate() : tx.Write((uint)(i + 1));
                    Span<byte> data = page.Writable;
                    for (int offset = 0; offset + canary.Length <= data.Length; offset += canary.Length)
                    {
                        canary.CopyTo(data[offset..]);
                    }
                }

                tx.Commit();
            }
        }

        // Every byte either file ever received: the journal holds the overwritten images too.
        foreach (MemoryStorageDevice device in new[] { kit.Database, kit.Journal })
        {
            byte[] bytes = device.ToArray();
            Assert.True(bytes.Length > 0, device.Name);
            Assert.Equal(-1, bytes.AsSpan().IndexOf(canary.AsSpan(0, 8)));
            Assert.Equal(-1, bytes.AsSpan().IndexOf("canary password"u8));
        }
    }

    [Fact]
    public void File_backed_store_creates_reopens_and_locks()
    {
        using var directory = new TempDirectory();
        string path = directory.File("pager.scdb");
        var options = new PagerStoreOptions { File = PagerTestKit.Encrypted() };
        using (PagerStore store = PagerStore.Open(path, options))
        {
            Assert.Equal(SharpCoreDBErrorCode.Locked, Assert.Throws<SharpCoreDBException>(() => PagerStore.Open(path, options)).ErrorCode);
            using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
            using (PageLease page = tx.Allocate())
            {
                PagerTestKit.Fill(page.Writable, page.PageNumber, 1);
            }

            tx.Commit();
        }

        Assert.True(File.Exists(path + RollbackJournal.FileSuffix));
        using PagerStore reopened = PagerStore.Open(path, new PagerStoreOptions
        {
            File = new PageFileOptions { Password = "correct horse", ReadOnly = true, CreateMode = PageFileCreateMode.OpenExisting },
        });
        PagerTestKit.AssertMatches(reopened, new Dictionary<uint, int> { [1] = 1 }, "file reopen");
    }

    /// <summary>Creates pages 1..count holding version = page number, in one transaction.</summary>
    internal static void WritePages(PagerTestKit kit, int count)
    {
        using PagerStore store = kit.Open();
        using IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(1));
        for (int i = 0; i < count; i++)
        {
            using PageLease page = tx.Allocate();
            PagerTestKit.Fill(page.Writable, page.PageNumber, (int)page.PageNumber);
        }

        tx.Commit();
    }
}
